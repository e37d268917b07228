import { useEffect } from 'react';

/**
 * Keeps a live connection open while a named page is on screen. Board screens have one already
 * (useLiveBoards); pages show no board, and the users board counts people by this connection.
 */
export function usePresence(active: boolean): void {
  useEffect(() => {
    if (!active || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events?boards=');
    return () => source.close();
  }, [active]);
}
