import { boardMsg, type Multilist } from '@listboard/core';

/**
 * What an @label or !tag link does (spec sections 2, 4 and 8): a label shows or hides the author's
 * annotation with that label, unless all notes are already shown; a tag shows or hides the items
 * that carry it. Returns the message to show, or null when it toggled.
 */
export function labelLinkAction(
  kind: 'label' | 'tag',
  name: string,
  boards: Multilist[],
  showNotes: 'none' | 'annos' | 'annos+notes',
): string | null {
  const items = boards.flatMap((b) => b.lists.flatMap((l) => l.items));
  if (kind === 'label') {
    if (showNotes !== 'none') return boardMsg.allAuthorNotesDisplayed;
    const exists = items.some((i) =>
      i.notes.some((n) => n.annotationClass === 'anno' && n.annoLabel === name),
    );
    return exists ? null : boardMsg.noAnnotationWithLabel;
  }
  const exists = items.some((i) => i.labels.some((l) => l.name === name));
  return exists ? null : boardMsg.noLabelWithLabel;
}
