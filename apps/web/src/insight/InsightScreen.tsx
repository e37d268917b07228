/**
 * The Insight page of a board (/{owner}/{board}/insight): how its readers noted it, for its
 * authors (everyone's figures) or anyone else (their own), with the notes to download as CSV or
 * JSON-LD and a printable report (insight.css holds the print layout).
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatAddress } from '@listboard/core';
import { callApi, callApiGet, messageOr } from '../api/client';
import { useUi } from '../state/ui';
import { ActivityChart } from './ActivityChart';
import { ReaderTable } from './ReaderTable';
import { Confusion, Groups, ListsAndItems, Totals } from './InsightSections';
import './insight.css';

export const exportHref = (address: string, format: 'csv' | 'jsonld') =>
  `/api/export/annotations?board=${encodeURIComponent(address)}&format=${format}`;

export function InsightScreen() {
  const { owner = '', ptitle = '' } = useParams();
  const theme = useUi((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const address = formatAddress({ segments: [{ owner, title: ptitle }], query: null, hash: null });
  const board = useQuery({
    queryKey: ['boards', 'insight-board', address],
    queryFn: async () => {
      const r = await callApiGet('/api/dbload/load_multilists', { addresses: [address] });
      if (!r.ok) throw new Error(messageOr(r.error, 'Could not load this board.'));
      return r.value[0] ?? null;
    },
  });
  const id = board.data && !board.data.locked ? board.data._id : null;
  const insight = useQuery({
    queryKey: ['boards', 'page', '/api/forms/board_insight', 'insight', id],
    enabled: id !== null,
    queryFn: async () => {
      const r = await callApi('/api/forms/board_insight', { multilistId: id ?? '' });
      if (!r.ok) throw new Error(messageOr(r.error, 'Could not load the insight.'));
      return r.value;
    },
  });
  useEffect(() => {
    const title = board.data?.title;
    document.title = title ? `Insight: ${title}` : 'Insight';
  }, [board.data?.title]);
  const data = insight.data;
  const failed = board.error ?? insight.error;
  return (
    <main className="insight-page" aria-labelledby="insight-title">
      <header className="insight-head">
        <Link className="back no-print" to={address}>
          ← Back to the board
        </Link>
        <h1 id="insight-title">Insight: {board.data?.title ?? ptitle}</h1>
        {data && (
          <p className="insight-scope">
            {data.scope === 'board'
              ? 'Every reader’s notes on this board. Private notes are counted; their words stay with their writers.'
              : 'Your own notes on this board.'}
          </p>
        )}
        <div className="insight-actions no-print">
          <button type="button" className="tool" onClick={() => window.print()}>
            Print report
          </button>
          <a className="tool" href={exportHref(address, 'csv')} download>
            Download CSV
          </a>
          <a className="tool" href={exportHref(address, 'jsonld')} download>
            Download JSON-LD
          </a>
        </div>
      </header>
      {failed ? (
        <p className="error" role="alert">
          {failed.message}
        </p>
      ) : board.data === null ? (
        <p className="error" role="alert">
          There is no board at {address}.
        </p>
      ) : board.data?.locked ? (
        <p className="empty">This board is locked: open it and enter its password first.</p>
      ) : !data ? (
        <p className="empty">Loading…</p>
      ) : (
        <>
          <section aria-labelledby="insight-totals">
            <h2 id="insight-totals">The board in all</h2>
            <Totals totals={data.totals} />
          </section>
          <section aria-labelledby="insight-confusion">
            <h2 id="insight-confusion">Most noted passages</h2>
            <Confusion insight={data} />
          </section>
          <section aria-labelledby="insight-readers">
            <h2 id="insight-readers">Readers</h2>
            <ActivityChart timeline={data.timeline} />
            <ReaderTable readers={data.readers} />
          </section>
          <section aria-labelledby="insight-items">
            <h2 id="insight-items">Lists and items</h2>
            <p className="hint">Items without notes are left out.</p>
            <ListsAndItems insight={data} />
          </section>
          <section aria-labelledby="insight-groups">
            <h2 id="insight-groups">Groups</h2>
            <Groups insight={data} />
          </section>
        </>
      )}
    </main>
  );
}

export default InsightScreen;
