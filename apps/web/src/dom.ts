/**
 * Scrolls an element into view where the DOM can: jsdom, which the web's tests run in, has no
 * scrollIntoView.
 */
export function scrollIntoViewIfAble(
  el: Element | null | undefined,
  options: ScrollIntoViewOptions,
): void {
  if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView(options);
}
