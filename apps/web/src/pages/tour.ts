/**
 * Runs a tour with driver.js and keeps the user's tour record (spec section 4): starting a tour
 * records its category as not completed; ending it (finished, closed, or toggled off) records
 * it as toured, so it no longer starts by itself. driver.js is loaded with the first tour, not
 * with the app.
 */
import type { Driver } from 'driver.js';
import { callApi } from '../api/client';
import { useSession } from '../state/session';
import type { TourStep } from './tours';

let running: { tour: Driver; category: string } | null = null;
/** A tour asked for while driver.js loads; a later start or a stop replaces or drops it. */
let pending: object | null = null;
let driverLoading: Promise<(typeof import('driver.js'))['driver']> | null = null;

export const tourActive = () => running !== null || pending !== null;

/** Records go out one after another, so 'started' can never land after 'toured'. */
let queue: Promise<void> = Promise.resolve();

function record(category: string, value: boolean): Promise<void> {
  queue = queue.then(async () => {
    const res = await callApi('/api/display/update_user_fields_tourCateg', {
      tourCateg: category,
      value,
    });
    // The session's copy of the user decides whether a tour starts by itself next time.
    if (res.ok) useSession.setState({ user: res.value.user });
  });
  return queue;
}

/** Resolves when every tour record sent so far has been answered. */
export const tourRecorded = () => queue;

export function startTour(category: string, steps: TourStep[]): void {
  stopTour();
  const ticket = {};
  pending = ticket;
  driverLoading ??= Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]).then(
    ([m]) => m.driver,
  );
  void driverLoading.then(
    (driver) => {
      if (pending !== ticket) return;
      pending = null;
      drive(driver, category, steps);
    },
    () => {
      // Not loaded (offline): no tour, and the next start asks again.
      if (pending === ticket) pending = null;
      driverLoading = null;
    },
  );
}

function drive(
  driver: (typeof import('driver.js'))['driver'],
  category: string,
  steps: TourStep[],
): void {
  const shown = steps.filter((s) => !s.element || document.querySelector(s.element));
  const tour: Driver = driver({
    showProgress: true,
    allowClose: true,
    popoverClass: 'lb-tour',
    nextBtnText: 'Next',
    prevBtnText: 'Previous',
    doneBtnText: 'Done',
    steps: shown.map((s) => ({
      element: s.element,
      popover: { title: s.title, description: s.description },
    })),
    // Done, the close button, Escape and a click outside all end here. driver.js calls its
    // onDestroyed hook only once a step has finished moving into place, so the record is kept
    // here, where every way out passes.
    onDestroyStarted: () => stopTour(),
  });
  running = { tour, category };
  void record(category, false);
  tour.drive();
}

/** Ends the running tour; it counts as toured, as when its close button is pressed. */
export function stopTour(): void {
  pending = null;
  const ending = running;
  if (!ending) return;
  running = null;
  ending.tour.destroy();
  void record(ending.category, true);
}
