import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../state/session';
import { stopTour, tourActive, startTour } from './tour';

/** Frames to wait for a tour's first control to be drawn before starting without it. */
const WAIT_FRAMES = 120;

/**
 * Starts the tour of the page on screen by itself when the rules say so (tours.ts autoTour),
 * once the page is drawn; a tour still running when the reader leaves the page ends with it.
 * The tours and their rules are loaded after the page is shown, not with the app.
 */
export function TourRunner({ ready }: { ready: boolean }) {
  const { pathname, search } = useLocation();
  const user = useSession((s) => s.user);
  const started = useRef<string | null>(null);
  const key = `${pathname}${search}`;

  useEffect(() => {
    // A tour started by hand records itself as not completed; that must not start a second one.
    if (!ready || started.current === key || tourActive()) return;
    let live = true;
    let frame = 0;
    void import('./tours').then(({ autoTour, tourEnv, tourPlaceOf }) => {
      if (!live || tourActive()) return;
      const choice = autoTour(user, tourPlaceOf(pathname, search), tourEnv());
      if (!choice) return;
      const anchor = choice.steps.find((s) => s.element)?.element;
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
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, [ready, key, pathname, search, user]);

  useEffect(() => () => stopTour(), [key]);
  return null;
}
