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

/**
 * Gives focus to what `target` finds (a selector, or a function that finds it) once it is on the
 * page (a row scrolled to, a list loaded again), looking each frame for up to `ms`. Focus in a
 * field by then is left where it is, and so is focus the user has moved meanwhile: a click or a
 * key after the call (a menu opened while the list loads again) ends the wait, where focus taken
 * then would close that menu under them. `scroll: false` leaves the scrolling to the caller.
 */
export function focusWhenShown(
  target: string | (() => HTMLElement | null),
  opts: { ms?: number; scroll?: boolean } = {},
) {
  const until = performance.now() + (opts.ms ?? 3000);
  let acted = false;
  const act = () => {
    acted = true;
  };
  const done = () => {
    document.removeEventListener('pointerdown', act, true);
    document.removeEventListener('keydown', act, true);
  };
  const step = () => {
    if (
      acted ||
      document.activeElement?.matches('input, textarea, select, [contenteditable="true"]')
    ) {
      done();
      return;
    }
    const el = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target();
    if (el) {
      el.focus({ preventScroll: opts.scroll === false });
      done();
    } else if (performance.now() < until) requestAnimationFrame(step);
    else done();
  };
  // Heard from the first frame on: the key or click that called this is not the user moving on.
  requestAnimationFrame(() => {
    document.addEventListener('pointerdown', act, true);
    document.addEventListener('keydown', act, true);
    step();
  });
}
