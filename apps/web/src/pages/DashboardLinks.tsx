import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { ROOT_BOARD, dashboardLinks, type DashboardLink, type Multilist } from '@listboard/core';
import { useSession } from '../state/session';
import type { CommandContext } from '../commands/registry';
import { listingHref as searchHref } from '@listboard/core/api/search';
import { pageHref } from './registry';
import { toggleHelp } from './help';
import { BoardNews } from './BoardNews';

const BoardDue = lazy(() => import('./BoardDue'));
const OwnTags = lazy(() => import('./OwnTags'));

const TEXT: Record<DashboardLink, [string, string]> = {
  profile: ['Profile', 'Your details and alerts'],
  listings: ['Listings', 'Boards you wrote, notes you left, mentions of you'],
  discussion: ['Discussion', 'Notes from your readers'],
  help: ['Help', 'The user guide'],
  home: ['Home', 'Back to your home board'],
  about: ['About', 'What Listboard is for'],
  contents: ['Contents', 'Boards to explore'],
};

function href(link: DashboardLink, me: string): string {
  switch (link) {
    case 'profile':
    case 'about':
    case 'contents':
      return pageHref(me, link);
    case 'listings':
      return searchHref(me, 'myBoards');
    case 'discussion':
      return searchHref(me, 'pending');
    case 'home':
    case 'help':
      return '/';
  }
}

/** How often the count of notes waiting on Discussion is asked again while the home is open. */
const WAITING_EVERY_MS = 60_000;

/**
 * The notes waiting on the user's Discussion page (its Pending notes), when the dashboard shows
 * it: asked when the home opens, every minute while it stays open, and whenever the boards are
 * asked again (its key is one of theirs: a reload, an undo).
 */
function useWaiting(username: string | null): { count: number; more: boolean } | null {
  const asked = useQuery({
    queryKey: ['boards', 'waiting', username],
    enabled: username !== null,
    staleTime: 0,
    refetchInterval: WAITING_EVERY_MS,
    refetchOnWindowFocus: true,
    queryFn: async () => {
      const r = await callApi('/api/dbload/waiting_notes', {});
      return r.ok ? r.value : null;
    },
  });
  return asked.data ?? null;
}

/** A number of notes in words: "1 note waiting", "500+ notes waiting". */
const waitingWords = ({ count, more }: { count: number; more: boolean }) =>
  `${count}${more ? '+' : ''} ${count === 1 && !more ? 'note' : 'notes'} waiting`;

/**
 * The role link items of a dashboard (a home board), per spec section 2: what the viewer gets
 * depends on their role, and a board owned by the admin user gets none. On a wide screen a column
 * of cards before the board; on a phone (`strip`) a strip of their names above it, scrolled
 * sideways on its own as a named page's tabs are, so the home board has the screen's width.
 * Under them, when notes are due on the boards the user reads (BoardDue), the tags of their own
 * notes (OwnTags) and what is new on the boards they visited (BoardNews).
 */
export function DashboardLinks({
  boards,
  ctx,
  strip = false,
}: {
  boards: Multilist[];
  ctx: CommandContext;
  strip?: boolean;
}) {
  const adminUser = useSession((s) => s.adminUser);
  const user = ctx.user;
  // The strip stands above the row, over whichever board is in view: it shows while the home is
  // the board opened, not beside a board a link on it opened.
  const home = (strip ? boards.slice(-1) : boards).find(
    (b) => b.ptitle === ROOT_BOARD && !b.locked,
  );
  const links =
    home && user
      ? dashboardLinks(
          user,
          { owner: home.owner, authors: home.authors, contributors: home.contributors },
          adminUser,
        )
      : [];
  const waiting = useWaiting(links.includes('discussion') && user ? user.username : null);
  if (!user || links.length === 0) return null;
  const news = (
    <>
      <Suspense fallback={null}>
        <BoardDue username={user.username} strip={strip} />
        <OwnTags username={user.username} strip={strip} />
      </Suspense>
      <BoardNews username={user.username} boards={boards} strip={strip} />
    </>
  );
  const nav = (
    <nav
      className={strip ? 'page-tabs page-strip dashboard-strip' : 'dashboard'}
      aria-label="Dashboard"
      data-tour="dashboard"
    >
      <h2 className={strip ? 'visually-hidden' : undefined}>Dashboard</h2>
      <ul>
        {links.map((link) => {
          const [title, hint] = TEXT[link];
          // Discussion says how many notes wait there, the number in a badge.
          const count = link === 'discussion' && waiting && waiting.count > 0 ? waiting : null;
          const body = (
            <>
              <span className="dashboard-title">
                {title}
                {count && (
                  <span className="dashboard-count" title={waitingWords(count)}>
                    <span aria-hidden="true">
                      {count.count}
                      {count.more ? '+' : ''}
                    </span>
                    <span className="visually-hidden">{waitingWords(count)}</span>
                  </span>
                )}
              </span>
              {!strip && <span className="dashboard-hint">{hint}</span>}
            </>
          );
          return (
            <li key={link}>
              {link === 'help' ? (
                <button type="button" onClick={() => toggleHelp(ctx.actions, adminUser)}>
                  {body}
                </button>
              ) : (
                <Link to={href(link, user.username)}>{body}</Link>
              )}
            </li>
          );
        })}
      </ul>
      {!strip && news}
    </nav>
  );
  return strip ? (
    <>
      {nav}
      {news}
    </>
  ) : (
    nav
  );
}
