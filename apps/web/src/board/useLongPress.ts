import { useRef } from 'react';

/**
 * A press held for `ms` on an element runs `onLong` (items 350 ms, lists 750 ms). The press is
 * cancelled by moving more than a few pixels (a scroll or a text selection) or by leaving the
 * element; the click that ends a long press is swallowed so it does not also select.
 */
export function useLongPress(ms: number, onLong: () => void, enabled = true, allowOn?: string) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
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
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        onLong();
      }, ms);
    },
    onPointerMove: (e: React.PointerEvent) => {
      const s = start.current;
      if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > 8) cancel();
    },
    onPointerUp: cancel,
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
