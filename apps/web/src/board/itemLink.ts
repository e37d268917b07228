/**
 * An item's own address: its board's address with #item-{id}. Opening it selects the item and
 * brings it into view (highlights/useNoteAnchor's useItemAnchor), so a teacher can point a class
 * at one prompt, or a student their teacher at one passage. Copy link puts it on the clipboard
 * and shows it in the info bar, where it can be copied by hand when the browser gives no
 * clipboard (a page served over plain HTTP).
 */
import { ITEM_ANCHOR, itemLinkMsg, type Multilist } from '@listboard/core';

/** A board's own address, `/{owner}/{ptitle}`, as links and pages name it. */
export const boardHref = (board: Pick<Multilist, 'owner' | 'ptitle'>) =>
  `/${encodeURIComponent(board.owner)}/${encodeURIComponent(board.ptitle)}`;

export function itemUrl(board: Pick<Multilist, 'owner' | 'ptitle'>, itemId: string): string {
  return `${window.location.origin}${boardHref(board)}#${ITEM_ANCHOR}${itemId}`;
}

/** Copies the item's link; says whether it was copied, with the link either way. */
export async function copyItemLink(
  board: Pick<Multilist, 'owner' | 'ptitle'>,
  itemId: string,
): Promise<string> {
  const url = itemUrl(board, itemId);
  try {
    await navigator.clipboard.writeText(url);
    return itemLinkMsg.copied(url);
  } catch {
    return itemLinkMsg.shown(url);
  }
}
