import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { must, type Multilist } from '@listboard/core';
import { CallFailed, callApi } from '../api/client';
import { preloadRenderersFor } from '../blocks/preload';
import { keptForViewer, useBoards, type Device } from '../board/useBoards';
import { splitSearchAddress } from './address';

/**
 * The boards an address shows: its chained boards, and when its query holds a search, the
 * results board (load_search) after them. The query keys start with 'boards', so a reload or a
 * live change runs the search again too.
 */
export function useShownBoards(
  pathname: string,
  search: string,
  username: string | undefined,
  device: Device,
) {
  const { chain, results } = splitSearchAddress(pathname, search);
  const boards = useBoards(chain, username, device, chain !== '');
  const found = useQuery({
    queryKey: ['boards', 'search', results, username],
    enabled: results !== null,
    // The page on screen stays up while the next page of results loads (for the same viewer).
    placeholderData: keptForViewer<Multilist>(username, 3),
    queryFn: async () => {
      const found = await callApi('/api/dbload/load_search', {
        address: must(results, 'the search address'),
        username,
      });
      if (!found.ok) throw new CallFailed(found.error, 'Could not run the search.');
      await preloadRenderersFor([found.value]);
      return found.value;
    },
  });
  const chainData = chain !== '' ? boards.data : undefined;
  const resultData = results !== null ? found.data : undefined;
  const data = useMemo(
    () => [...(chainData ?? []), ...(resultData ? [resultData] : [])],
    [chainData, resultData],
  );
  return {
    data,
    isLoading: (chain !== '' && boards.isLoading) || (results !== null && found.isLoading),
    // An address that names no board (too many parts, say) asks for nothing: its query stays
    // pending without fetching, and the page says no board is there instead of staying empty.
    isPending:
      (chain !== '' && boards.isPending && boards.fetchStatus !== 'idle') ||
      (results !== null && found.isPending),
    error: (chain !== '' ? boards.error : null) ?? (results !== null ? found.error : null),
    /** Asks again for what failed. */
    retry: () => {
      if (boards.error) void boards.refetch();
      if (found.error) void found.refetch();
    },
  };
}
