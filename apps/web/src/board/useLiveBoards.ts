import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConnection } from '../api/client';

/**
 * Subscribes to the loaded boards' live events; any change reloads them. EventSource reconnects
 * by itself after a dropped connection.
 */
export function useLiveBoards(boardIds: string[]): void {
  const client = useQueryClient();
  const key = boardIds.join(',');
  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/events?boards=${key}`);
    source.addEventListener('board', () => void client.invalidateQueries({ queryKey: ['boards'] }));
    // While the stream is down the header says so; EventSource keeps retrying by itself.
    source.onerror = () => useConnection.getState().set(false);
    source.onopen = () => {
      useConnection.getState().set(true);
      // Anything missed while away is picked up by reloading once.
      void client.invalidateQueries({ queryKey: ['boards'] });
    };
    return () => source.close();
  }, [key, client]);
}
