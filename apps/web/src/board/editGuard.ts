import { boardMsg, TIMINGS } from '@listboard/core';
import { formFacts } from '../forms/definitions';
import type { FormsSlice } from '../state/ui/forms';

/** The open form, and whether anything has been typed in it. */
type OpenFormState = Pick<FormsSlice, 'form' | 'formTyped'>;

/**
 * Whether leaving would lose work: the open form changes words already written
 * (FormDef.edits), or the user has typed in it (a note half written).
 */
export function editInProgress({ form, formTyped }: OpenFormState): boolean {
  return form !== null && (formTyped || formFacts(form.id)?.edits === true);
}

/**
 * Leaving the board (another address, back, forward, reload) would lose an edit in progress:
 * it is refused with the spec's message for 2.5 s. Whether it was refused.
 */
export function refusedWhileEditing(
  state: OpenFormState,
  alert: (text: string, ms?: number) => void,
): boolean {
  if (!editInProgress(state)) return false;
  alert(boardMsg.editInProgress, TIMINGS.editInProgressAlertMs);
  return true;
}

/**
 * Going to another page with nothing typed in the open form: the form, about something on this
 * page, closes rather than stay open over a page where it has nothing to act on. Whether the
 * move may go ahead (refused while editing, as above).
 */
export function mayLeave(
  state: OpenFormState & Pick<FormsSlice, 'closeForm'>,
  alert: (text: string, ms?: number) => void,
): boolean {
  if (refusedWhileEditing(state, alert)) return false;
  if (state.form) state.closeForm(state.form);
  return true;
}
