import { useRef } from 'react';
import { TIMINGS } from '@listboard/core';
import { closestFrom } from '../dom';

/**
 * A press of 750 ms or more on a link opens it in a new tab. The tab opens when the press ends,
 * because browsers only let a page open a window in answer to the user's own input; the click
 * that follows is swallowed so the board does not navigate as well.
 */
export function useLinkLongPress() {
  const pressed = useRef<{ at: number; href: string } | null>(null);
  const fired = useRef(false);
  return {
    start(e: React.PointerEvent) {
      const a = closestFrom(e.target, 'a');
      fired.current = false;
      pressed.current =
        a && a.getAttribute('href') && e.button === 0
          ? { at: performance.now(), href: a.href }
          : null;
    },
    cancel() {
      pressed.current = null;
    },
    end() {
      const p = pressed.current;
      pressed.current = null;
      if (p && performance.now() - p.at >= TIMINGS.longPressLinkMs) {
        fired.current = true;
        window.open(p.href, '_blank', 'noopener,noreferrer');
      }
    },
    swallow(e: React.MouseEvent) {
      if (fired.current) {
        fired.current = false;
        e.preventDefault();
        e.stopPropagation();
      }
    },
  };
}
