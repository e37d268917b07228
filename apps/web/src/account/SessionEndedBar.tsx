/**
 * The bar that says a session has ended under the page (account/SessionEnded.tsx): loaded the
 * first time one does, so it stays out of the app's first download.
 */
import { lazy, Suspense } from 'react';
import { useConnection } from '../api/client';

const SessionEnded = lazy(() =>
  import('./SessionEnded').then((m) => ({ default: m.SessionEnded })),
);

export function SessionEndedBar() {
  const ended = useConnection((s) => s.sessionEnded);
  return ended ? (
    <Suspense fallback={null}>
      <SessionEnded />
    </Suspense>
  ) : null;
}
