import { Link } from 'react-router';
import { ROOT_BOARD, dashboardLinks, type DashboardLink, type Multilist } from '@listboard/core';
import { useSession } from '../state/session';
import type { CommandContext } from '../commands/registry';
import { pageHref as searchHref } from '../board/PageTabs';
import { pageHref } from './registry';
import { toggleHelp } from './help';

const TEXT: Record<DashboardLink, [string, string]> = {
  profile: ['Profile', 'Your details and alerts'],
  listings: ['Listings', 'Boards you wrote, notes you left'],
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

/**
 * The role link items of a dashboard (a home board), per spec section 2: what the viewer gets
 * depends on their role, and a board owned by the admin user gets none. On a wide screen a column
 * of cards before the board; on a phone (`strip`) a strip of their names above it, scrolled
 * sideways on its own as a named page's tabs are, so the home board has the screen's width.
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
  if (!home || !user) return null;
  const links = dashboardLinks(
    user,
    { owner: home.owner, authors: home.authors, contributors: home.contributors },
    adminUser,
  );
  if (links.length === 0) return null;
  return (
    <nav
      className={strip ? 'page-tabs page-strip dashboard-strip' : 'dashboard'}
      aria-label="Dashboard"
      data-tour="dashboard"
    >
      <h2 className={strip ? 'visually-hidden' : undefined}>Dashboard</h2>
      <ul>
        {links.map((link) => {
          const [title, hint] = TEXT[link];
          const body = (
            <>
              <span className="dashboard-title">{title}</span>
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
    </nav>
  );
}
