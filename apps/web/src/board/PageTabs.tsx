import { useEffect, useRef } from 'react';
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

/**
 * A named page's tabs: on a wide screen a column before the results; on a phone a strip above
 * them that scrolls sideways on its own, with the open tab brought into it, so the row of
 * results can start at the screen's edge.
 */
export function PageTabs({
  code,
  username,
  strip,
}: {
  code: string;
  username: string;
  strip: boolean;
}) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = nav.current;
    const open = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !el || !open) return;
    // The strip's own scroll only: scrollIntoView would move the page and the row of boards too.
    // A tab cut by either edge (or its padding) is brought to the middle.
    const tab = open.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(el).paddingLeft) || 0;
    if (tab.left < box.left + pad || tab.right > box.right - pad)
      el.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
  }, [strip, code]);
  const page = (Object.keys(PAGES) as (keyof typeof PAGES)[]).find((p) =>
    PAGES[p].some(([c]) => c === code),
  );
  if (!page) return null;
  return (
    <nav ref={nav} className={strip ? 'page-tabs page-strip' : 'page-tabs'} aria-label={page}>
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
