import { useQuery } from '@tanstack/react-query';
import { callApi, messageOr, type ApiInput, type ApiOutput, type PostPath } from '../api/client';

/**
 * Data of a named page. The keys sit under 'boards', so whatever refreshes the boards after a
 * write (a form's call, a live event) refreshes the page too.
 */
export function usePageData<P extends PostPath>(
  key: unknown[],
  path: P,
  body: ApiInput<P>,
  refetchMs?: number,
) {
  return useQuery({
    queryKey: ['boards', 'page', path, ...key],
    queryFn: async (): Promise<ApiOutput<P>> => {
      const data = await callApi(path, body);
      if (!data.ok) throw new Error(messageOr(data.error, 'Could not load this page.'));
      return data.value;
    },
    refetchInterval: refetchMs,
  });
}
