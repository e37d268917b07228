/**
 * A page about one board, at /{owner}/{board}/…: its address, the board as loaded (null when
 * there is none), the document's theme and title. The Insight and Course grades pages use it,
 * and BoardPageStatus for what they show until their figures are in.
 */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatAddress } from '@listboard/core';
import { unpackBoards } from '@listboard/core/api/packed';
import { callApiGet, messageOr, useConnection } from '../api/client';
import { useUi } from '../state/ui';
import { usePageTitle } from '../pageTitle';

export function useBoardPage(pageName: string) {
  const { owner = '', ptitle = '' } = useParams();
  const theme = useUi((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const address = formatAddress({ segments: [{ owner, title: ptitle }], query: null, hash: null });
  const board = useQuery({
    queryKey: ['boards', 'insight-board', address],
    queryFn: async () => {
      const r = await callApiGet('/api/dbload/load_multilists', {
        addresses: [address],
        form: 'packed',
      });
      if (!r.ok) throw new Error(messageOr(r.error, 'Could not load this board.'));
      return unpackBoards(r.value)[0] ?? null;
    },
  });
  const title = board.data?.title;
  usePageTitle(title ? `${pageName}: ${title}` : pageName);
  /** The board's id once it is loaded and open. */
  const id = board.data && !board.data.locked ? board.data._id : null;
  const ended = useConnection((s) => s.sessionEnded);
  return { address, ptitle, board, id, ended };
}
