import { boardMsg, TIMINGS } from '@listboard/core';
import { formFacts } from '../forms/definitions';
import type { OpenForm } from '../state/ui';

/** Whether the open form changes words already written (FormDef.edits). */
export function editInProgress(form: OpenForm | null): boolean {
  return form !== null && formFacts(form.id)?.edits === true;
}

/**
 * Leaving the board (another address, back, forward, reload) would lose an edit in progress:
 * it is refused with the spec's message for 2.5 s. Whether it was refused.
 */
export function refusedWhileEditing(
  form: OpenForm | null,
  alert: (text: string, ms?: number) => void,
): boolean {
  if (!editInProgress(form)) return false;
  alert(boardMsg.editInProgress, TIMINGS.editInProgressAlertMs);
  return true;
}
