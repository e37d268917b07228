import type { Item, ShowNotesOption } from '@listboard/core';

/**
 * Whether a note shows under its item (the Show notes choice): every note and annotation,
 * annotations only, or only the annotations whose label is shown.
 */
export function noteShown(
  n: Item,
  showNotes: ShowNotesOption,
  shownLabels: readonly string[],
): boolean {
  if (showNotes === 'annos+notes') return true;
  if (n.annotationClass !== 'anno') return false;
  return showNotes === 'annos' || shownLabels.includes(n.annoLabel ?? '');
}
