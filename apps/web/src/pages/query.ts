import { useQuery } from '@tanstack/react-query';
import { lastError, postJson } from '../api/client';

/**
 * Data of a named page. The keys sit under 'boards', so whatever refreshes the boards after a
 * write (a form's call, a live event) refreshes the page too.
 */
export function usePageData<T>(key: unknown[], path: string, body: object, refetchMs?: number) {
  return useQuery({
    queryKey: ['boards', 'page', path, ...key],
    queryFn: async () => {
      const data = await postJson<T>(path, body);
      if (data === null) throw new Error(lastError?.error ?? 'Could not load this page.');
      return data;
    },
    refetchInterval: refetchMs,
  });
}
