import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from './state/session';
import { BoardScreen } from './board/BoardScreen';
import { LoadingScreen, StartError } from './StartScreen';
import { AccountStartParams } from './account/startParams';
import { SessionEndedBar } from './account/SessionEndedBar';
import { Announcer } from './Announcer';

/** The Insight page (and its chart library) loads only when it is opened. */
const InsightScreen = lazy(() => import('./insight/InsightScreen'));
/** A board's Course grades page, loaded only when it is opened. */
const GradesScreen = lazy(() => import('./lti/GradesScreen'));
/** The admin's LTI page, loaded only when it is opened. */
const LtiAdminScreen = lazy(() => import('./lti/LtiAdminScreen'));

/**
 * The pages outside a board (Insight, Course grades, LTI): loaded when opened, and told, as the
 * board's header tells, when the session ends under them, with the way to sign in again there.
 */
function PageFrame() {
  return (
    <>
      <SessionEndedBar />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}

// The JSON helper already retries what is worth retrying; a second layer would only add waits.
const newQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 10_000, retry: false, refetchOnWindowFocus: false } },
  });

export function App() {
  const [queryClient] = useState(newQueryClient);
  const phase = useSession((s) => s.phase);
  const error = useSession((s) => s.error);
  const start = useSession((s) => s.start);
  useEffect(() => {
    void start();
  }, [start]);
  if (phase === 'loading') return <LoadingScreen />;
  if (phase === 'error') return <StartError message={error ?? ''} onRetry={() => void start()} />;
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AccountStartParams />
        <Announcer />
        <Routes>
          <Route element={<PageFrame />}>
            <Route path="/:owner/:ptitle/insight" element={<InsightScreen />} />
            <Route path="/:owner/:ptitle/grades" element={<GradesScreen />} />
            <Route path="/lti/admin" element={<LtiAdminScreen />} />
          </Route>
          <Route path="*" element={<BoardScreen />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
