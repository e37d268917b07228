/** Where the row of boards scrolls to show a list whole, where the boards snap. */

/**
 * Where to scroll the boards so the list at `i` is wholly on screen, or null when it already is.
 * The place is always a list's start at the scroll padding, where the boards snap: a list off to
 * the left comes to the start, one off to the right comes in as the last whole list on screen.
 */
export function offsetShowing(
  starts: readonly { start: number; end: number }[],
  i: number,
  scroller: HTMLElement,
  padding: number,
): number | null {
  const item = starts[i];
  if (!item) return null;
  const left = scroller.scrollLeft;
  const view = scroller.clientWidth;
  if (item.start - padding < left - 1) return item.start - padding;
  if (item.end + padding <= left + view + 1) return null;
  let first = i;
  for (let j = i - 1; j >= 0; j--) {
    const from = starts[j];
    if (!from || item.end - (from.start - padding) + padding > view) break;
    first = j;
  }
  return (starts[first]?.start ?? item.start) - padding;
}

/**
 * Brings a list of a row that is not virtualised wholly on screen, as the virtualised row does
 * its selected list: to where the boards snap, measured from the lists beside it.
 */
export function bringListIn(list: HTMLElement): void {
  const scroller = list.closest<HTMLElement>('.boards');
  const row = list.parentElement;
  if (!scroller || !row) return;
  const origin = scroller.getBoundingClientRect().left + scroller.clientLeft - scroller.scrollLeft;
  const lists = [...row.querySelectorAll<HTMLElement>(':scope > .list')];
  const starts = lists.map((l) => {
    const r = l.getBoundingClientRect();
    return { start: r.left - origin, end: r.right - origin };
  });
  const padding = parseFloat(getComputedStyle(scroller).scrollPaddingLeft) || 0;
  const to = offsetShowing(starts, lists.indexOf(list), scroller, padding);
  if (to !== null) scroller.scrollTo({ left: Math.max(0, to), behavior: 'instant' });
}
