import { Link } from 'react-router';

/** The named pages built on custom searches (spec section 2): each tab is one search code. */
export const PAGES = {
  Discussion: [
    ['pending', 'Pending notes'],
    ['answered', 'Answered notes'],
    ['dismissed', 'Dismissed notes'],
  ],
  Listings: [
    ['myBoards', 'Authored boards'],
    ['coBoards', 'Coauthored boards'],
    ['annoBoards', 'Annotated boards'],
    ['myAnnos', 'My annotations'],
    ['myNotes', 'My notes'],
    ['annos', 'Annotations'],
    ['notes', 'Notes'],
    ['groupNotes', 'Group notes'],
  ],
} as const;

export const pageHref = (username: string, code: string) =>
  `/${username}/home?code=${code}&username=${username}`;

export function PageTabs({ code, username }: { code: string; username: string }) {
  const page = (Object.keys(PAGES) as (keyof typeof PAGES)[]).find((p) =>
    PAGES[p].some(([c]) => c === code),
  );
  if (!page) return null;
  return (
    <nav className="page-tabs" aria-label={page}>
      <h2>{page}</h2>
      <ul>
        {PAGES[page].map(([c, label]) => (
          <li key={c}>
            <Link to={pageHref(username, c)} aria-current={c === code ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
