/**
 * The Insight page of a board (/{owner}/{board}/insight): how its readers noted it, for its
 * authors (everyone's figures) or anyone else (their own), with the notes to download as CSV or
 * JSON-LD and a printable report (insight.css holds the print layout).
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { callApi, messageOr } from '../api/client';
import { boardDiscussionHref, gradesHref, ownNotesHref } from '../commands/insight';
import { useSession } from '../state/session';
import { boardPageStatus } from './BoardPageStatus';
import { useBoardPage } from './useBoardPage';
import { ActivityChart } from './ActivityChart';
import { ReaderTable } from './ReaderTable';
import { Tags } from './Tags';
import { Confusion, Groups, ListsAndItems, Totals } from './InsightSections';
import { DueLine } from '../board/DueLine';
import './insight.css';

export const exportHref = (address: string, format: 'csv' | 'jsonld') =>
  `/api/export/annotations?board=${encodeURIComponent(address)}&format=${format}`;

export function InsightScreen() {
  const { address, ptitle, board, id, ended } = useBoardPage('Insight');
  const insight = useQuery({
    queryKey: ['boards', 'page', '/api/forms/board_insight', 'insight', id],
    enabled: id !== null,
    // A teacher comes back to the tab while a class writes: the figures are read again then.
    refetchOnWindowFocus: 'always',
    queryFn: async () => {
      const r = await callApi('/api/forms/board_insight', { multilistId: id ?? '' });
      if (!r.ok) throw new Error(messageOr(r.error, 'Could not load the insight.'));
      return r.value;
    },
  });
  const data = insight.data;
  /** A reader's own figures, not the board's: said as theirs. */
  const own = data?.scope === 'own';
  const failed = board.error ?? insight.error;
  const user = useSession((s) => s.user);
  const shown = board.data;
  /** A group's notes on the board's Discussion, for whoever answers them. */
  const discussion = (group: string) =>
    shown && data?.scope === 'board' ? boardDiscussionHref(user, shown, { group }) : null;
  /** Whether anything on the board is due, its own date or a list's: the Late columns. */
  const anyDue = !!shown && [shown, ...shown.lists].some((d) => d.notesDue);
  /** The notes waiting on one list's items (a week's), for whoever answers them. */
  const listDiscussion = (list: string) =>
    shown && data?.scope === 'board' ? boardDiscussionHref(user, shown, { list }) : null;
  /**
   * The notes with one tag, waiting on the board's Discussion, for whoever answers them; a
   * reader's own, their Notes with it on the board.
   */
  const tagDiscussion = (tag: string) =>
    !shown
      ? null
      : data?.scope === 'board'
        ? boardDiscussionHref(user, shown, { tag })
        : ownNotesHref(user, shown, { tag });
  /** One reader's notes on the board, of every status (My notes of the board, narrowed). */
  const notesOf = (writer: string) =>
    shown && data?.scope === 'board'
      ? boardDiscussionHref(user, shown, { writer }, 'myNotes')
      : null;
  return (
    <main className="insight-page" aria-labelledby="insight-title">
      <header className="insight-head">
        <Link className="back no-print" to={address}>
          ← Back to the board
        </Link>
        <h1 id="insight-title">Insight: {board.data?.title ?? ptitle}</h1>
        {shown && <DueLine board={shown} />}
        {data && (
          <p className="insight-scope">
            {data.scope === 'board'
              ? 'Every reader’s notes on this board. Private notes are counted; their words stay with their writers.'
              : 'Your own notes on this board.'}
          </p>
        )}
        {/* Once there are figures: a board that is missing or locked has nothing to print or download. */}
        {data && (
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
            {data.scope === 'board' && (
              <Link className="tool" to={gradesHref(address)}>
                Course grades
              </Link>
            )}
          </div>
        )}
      </header>
      {boardPageStatus({ address, board: board.data, failed, ended, loaded: data !== undefined }) ??
        (data && (
          <>
            <section aria-labelledby="insight-totals">
              <h2 id="insight-totals">{own ? 'Your notes in all' : 'The board in all'}</h2>
              <Totals totals={data.totals} own={own} />
            </section>
            <section aria-labelledby="insight-confusion">
              <h2 id="insight-confusion">Most noted passages</h2>
              <Confusion insight={data} />
            </section>
            <section aria-labelledby="insight-tags">
              <h2 id="insight-tags">{own ? 'Your tags' : 'Tags'}</h2>
              <Tags tags={data.tags} discussion={tagDiscussion} />
            </section>
            <section aria-labelledby="insight-readers">
              <h2 id="insight-readers">{own ? 'Your activity' : 'Readers'}</h2>
              <ActivityChart timeline={data.timeline} />
              {/* Of one's own figures, a table of readers would be a row of one. */}
              {!own && <ReaderTable readers={data.readers} notesOf={notesOf} due={anyDue} />}
            </section>
            <section aria-labelledby="insight-items">
              <h2 id="insight-items">Lists and items</h2>
              <p className="hint">Items without notes are left out.</p>
              <ListsAndItems insight={data} discussion={listDiscussion} due={anyDue} />
            </section>
            <section aria-labelledby="insight-groups">
              <h2 id="insight-groups">Groups</h2>
              <Groups insight={data} discussion={discussion} />
            </section>
          </>
        ))}
    </main>
  );
}

export default InsightScreen;
