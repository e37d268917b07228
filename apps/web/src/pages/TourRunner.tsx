import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../state/session';
import { autoTour, isIos18, tourPlaceOf } from './tours';
import { startTour, stopTour, tourActive } from './tour';

/** What the tour rules need to know about this browser. */
export const tourEnv = () => ({
  webdriver: navigator.webdriver,
  ios18: isIos18(navigator.userAgent, navigator.maxTouchPoints),
});

/** Frames to wait for a tour's first control to be drawn before starting without it. */
const WAIT_FRAMES = 120;

/**
 * Starts the tour of the page on screen by itself when the rules say so (tours.ts autoTour),
 * once the page is drawn; a tour still running when the reader leaves the page ends with it.
 */
export function TourRunner({ ready }: { ready: boolean }) {
  const { pathname, search } = useLocation();
  const user = useSession((s) => s.user);
  const started = useRef<string | null>(null);
  const key = `${pathname}${search}`;

  useEffect(() => {
    // A tour started by hand records itself as not completed; that must not start a second one.
    if (!ready || started.current === key || tourActive()) return;
    const choice = autoTour(user, tourPlaceOf(pathname, search), tourEnv());
    if (!choice) return;
    const anchor = choice.steps.find((s) => s.element)?.element;
    let frame = 0;
    let waited = 0;
    const tick = () => {
      if (anchor && !document.querySelector(anchor) && waited++ < WAIT_FRAMES) {
        frame = requestAnimationFrame(tick);
        return;
      }
      started.current = key;
      startTour(choice.category, choice.steps);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [ready, key, pathname, search, user]);

  useEffect(() => () => stopTour(), [key]);
  return null;
}
