/**
 * An item's or a note's own address: its board's address with #item-{id} or #note-{id}. Opening
 * an item's selects the item and brings it into view (highlights/useNoteAnchor's useItemAnchor);
 * a note's opens its item and shows the note, its passage or its entry flashed (useNoteAnchor).
 * So a teacher can point a class at one prompt or one conversation, or a student their teacher at
 * one passage. Copy link puts the address on the clipboard and shows it in the info bar, where it
 * can be copied by hand when the browser gives no clipboard (a page served over plain HTTP).
 */
import { ITEM_ANCHOR, NOTE_ANCHOR, itemLinkMsg, type Multilist } from '@listboard/core';

type BoardPlace = Pick<Multilist, 'owner' | 'ptitle'>;

/** A board's own address, `/{owner}/{ptitle}`, as links and pages name it. */
export const boardHref = (board: BoardPlace) =>
  `/${encodeURIComponent(board.owner)}/${encodeURIComponent(board.ptitle)}`;

const ANCHORS = { item: ITEM_ANCHOR, note: NOTE_ANCHOR } as const;

export function anchorUrl(board: BoardPlace, what: keyof typeof ANCHORS, id: string): string {
  return `${window.location.origin}${boardHref(board)}#${ANCHORS[what]}${id}`;
}

/**
 * Puts a link on the clipboard; false when the browser gives no clipboard (a page served over
 * plain HTTP, a permission refused), and the link must be shown to be copied by hand.
 */
export async function toClipboard(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

/** Copies an item's or a note's link; says whether it was copied, with the link either way. */
export async function copyLink(
  board: BoardPlace,
  what: keyof typeof ANCHORS,
  id: string,
): Promise<string> {
  const url = anchorUrl(board, what, id);
  return (await toClipboard(url)) ? itemLinkMsg.copied(url) : itemLinkMsg.shown(what, url);
}
