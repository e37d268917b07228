import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Keeps a live connection open while a named page is on screen. Board screens have one already
 * (useLiveBoards); pages show no board, and the users board counts people by this connection.
 * The page's data is fetched again each time the connection starts: the users board loaded
 * before it opened would miss the viewer, and anything may have changed while it was down.
 */
export function usePresence(active: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!active || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events?boards=');
    source.addEventListener('ready', () => {
      void client.invalidateQueries({ queryKey: ['boards', 'page'] });
    });
    return () => source.close();
  }, [active, client]);
}
