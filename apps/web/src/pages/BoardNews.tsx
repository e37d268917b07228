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
  const heading = useId();
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
  if (entries.length === 0) return null;
  return (
    <section
      className={strip ? 'board-news page-tabs page-strip dashboard-strip' : 'board-news'}
      aria-labelledby={heading}
    >
      <h3 id={heading}>
        New<span className={strip ? 'visually-hidden' : undefined}> since your last visit</span>
      </h3>
      <ul>
        {entries.map((e) => (
          <li key={e.multilistId}>
            <Link to={`/${e.owner}/${e.ptitle}`}>
              <span className="board-news-title">{e.title}</span>{' '}
              <span className="board-news-what">
                {e.owner === username ? '' : `${e.owner} · `}
                {newWords(e)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
