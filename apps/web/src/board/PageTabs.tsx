import { Link } from 'react-router';
import { CUSTOM_PAGES, CUSTOM_TITLES, type CustomCode } from '@listboard/core/api/search';

/** The named pages built on custom searches (spec section 2): each tab is one search code. */
export const PAGES = Object.fromEntries(
  Object.entries(CUSTOM_PAGES).map(([page, codes]) => [
    page,
    codes.map((c) => [c, CUSTOM_TITLES[c]] as const),
  ]),
) as { [P in keyof typeof CUSTOM_PAGES]: (readonly [CustomCode, string])[] };

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
