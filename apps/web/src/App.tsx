import { useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from './state/session';
import { BoardScreen } from './board/BoardScreen';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry: false, refetchOnWindowFocus: false } },
});

function Loading() {
  return (
    <div className="loading-screen" role="status" aria-label="Loading">
      <img src="/favicon.svg" alt="" width="48" height="48" />
      <div className="spinner" />
      <p>Listboard</p>
    </div>
  );
}

export function App() {
  const phase = useSession((s) => s.phase);
  const error = useSession((s) => s.error);
  const start = useSession((s) => s.start);
  useEffect(() => {
    void start();
  }, [start]);
  if (phase === 'loading') return <Loading />;
  if (phase === 'error')
    return (
      <div className="loading-screen" role="alert">
        <p>{error}</p>
        <button type="button" onClick={() => void start()}>
          Try again
        </button>
      </div>
    );
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<BoardScreen />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
