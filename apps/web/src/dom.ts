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

/**
 * The element at or above an event's target that matches `selector`, or null: the target may be
 * a text node or the document, which have no closest().
 */
export function closestFrom<K extends keyof HTMLElementTagNameMap>(
  target: EventTarget | null,
  selector: K,
): HTMLElementTagNameMap[K] | null;
export function closestFrom(target: EventTarget | null, selector: string): Element | null;
export function closestFrom(target: EventTarget | null, selector: string): Element | null {
  return target instanceof Element ? target.closest(selector) : null;
}
