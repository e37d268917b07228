import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Multilist } from '@listboard/core';
import { callApi } from '../api/client';
import { useViewport } from '../board/useViewport';
import { newWords, useNewSince } from '../board/whatsNew';

/** How often what is new is asked again while the home stays open. */
const NEWS_EVERY_MS = 60_000;

/**
 * On a home's dashboard: the boards one visited where others have written since (board_news,
 * the newest first), each a link that opens the board at its own "New since your last visit"
 * line, under the board's title and, when it is someone else's, its owner's name (every home is
 * called home). Asked when the home opens, every minute while it stays open, and whenever the
 * boards are asked again (its key is one of theirs). A board already on screen is left out: it
 * says so itself. On a phone (`strip`) a row of its own under the dashboard's strip.
 */
export function BoardNews({
  username,
  boards,
  strip,
}: {
  username: string;
  boards: Multilist[];
  strip: boolean;
}) {
  const { device } = useViewport();
  const asked = useQuery({
    queryKey: ['boards', 'news', username, device],
    staleTime: 0,
    refetchInterval: NEWS_EVERY_MS,
    refetchOnWindowFocus: true,
    queryFn: async () => {
      const r = await callApi('/api/dbload/board_news', { device });
      return r.ok ? r.value : [];
    },
  });
  // What this page has shown since the answer was asked is not news: the visit's own view-state
  // write may still be on its way when the home asks again.
  const kept = useNewSince((s) => s.kept);
  const onScreen = new Set(boards.map((b) => b._id));
  const entries = (asked.data ?? []).filter(
    (e) => !onScreen.has(e.multilistId) && !((kept[e.multilistId] ?? '') >= e.newest),
  );
  return (
    <DashboardBoards
      username={username}
      strip={strip}
      heading={['New', ' since your last visit']}
      entries={entries.map((e) => ({ ...e, what: newWords(e) }))}
    />
  );
}

/** A board as a line of the dashboard names it: its title and owner, and what of it to say. */
export interface DashboardBoard {
  multilistId: string;
  owner: string;
  ptitle: string;
  title: string;
  what: string;
}

/**
 * A list of boards on a home's dashboard (what is new, what is due), each a link to the board
 * with its title, its owner when not one's own, and what is said of it; none, nothing shown. The
 * heading's first words stay on a phone's row (`strip`); the rest are for screen readers there.
 */
export function DashboardBoards({
  username,
  strip,
  heading: [short, rest],
  entries,
}: {
  username: string;
  strip: boolean;
  heading: [string, string];
  entries: DashboardBoard[];
}) {
  const heading = useId();
  if (entries.length === 0) return null;
  return (
    <section
      className={strip ? 'board-news page-tabs page-strip dashboard-strip' : 'board-news'}
      aria-labelledby={heading}
    >
      <h3 id={heading}>
        {short}
        <span className={strip ? 'visually-hidden' : undefined}>{rest}</span>
      </h3>
      <ul>
        {entries.map((e) => (
          <li key={e.multilistId}>
            <Link to={`/${e.owner}/${e.ptitle}`}>
              <span className="board-news-title">{e.title}</span>{' '}
              <span className="board-news-what">
                {e.owner === username ? '' : `${e.owner} · `}
                {e.what}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
