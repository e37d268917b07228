import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';

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
    return () => source.close();
  }, [key, client]);
}
