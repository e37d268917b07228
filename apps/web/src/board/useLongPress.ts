import { useRef } from 'react';

/**
 * A press held for `ms` on an element runs `onLong` (items 350 ms, lists 750 ms). The press is
 * cancelled by moving more than a few pixels (a scroll or a text selection) or by leaving the
 * element; the click that ends a long press is swallowed so it does not also select.
 */
export function useLongPress(
  ms: number,
  onLong: () => void,
  enabled = true,
  allowOn?: string,
  /**
   * On a touch screen, tell the press when the finger lifts, not when `ms` have passed, and not
   * at all if text in the element was selected meanwhile: a phone starts selecting words with
   * a press held a little longer (about half a second), which the press must not pre-empt.
   */
  touchOnRelease = false,
) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  /** A touch held long enough, waiting for the finger to lift: on this element. */
  const held = useRef<Element | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
    held.current = null;
  };
  return {
    onPointerDown: (e: React.PointerEvent) => {
      if (!enabled || e.button !== 0) return;
      // A press on a link, button or player belongs to it (unless it is the element's own title).
      const target = e.target as Element;
      const own = allowOn ? target.closest(allowOn) : null;
      if (!own && target.closest('a, button, input, textarea, select, video, audio')) return;
      e.stopPropagation();
      fired.current = false;
      start.current = { x: e.clientX, y: e.clientY };
      const element = e.currentTarget;
      const onRelease = touchOnRelease && e.pointerType === 'touch';
      timer.current = setTimeout(() => {
        timer.current = null;
        if (onRelease) {
          held.current = element;
          return;
        }
        fired.current = true;
        onLong();
      }, ms);
    },
    onPointerMove: (e: React.PointerEvent) => {
      const s = start.current;
      if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > 8) cancel();
    },
    onPointerUp: () => {
      const element = held.current;
      cancel();
      if (!element || selectsIn(element)) return;
      fired.current = true;
      onLong();
    },
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    /** True once for the click that ends a long press. */
    consumeClick: (): boolean => {
      const was = fired.current;
      fired.current = false;
      return was;
    },
  };
}

/** Whether words in the element are selected. */
function selectsIn(element: Element): boolean {
  const s = window.getSelection();
  return !!s && !s.isCollapsed && s.anchorNode !== null && element.contains(s.anchorNode);
}
