import { Fragment, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { boardHref } from './itemLink';
import { GroupChoice, OrderChoice } from './GroupChoice';
import {
  CUSTOM_PAGES,
  CUSTOM_TITLES,
  NARROWED_LISTINGS,
  sameBoards,
  boardParam,
  listingHref,
  type CustomCode,
  type NoteOrder,
} from '@listboard/core/api/search';
import type { Multilist } from '@listboard/core';
import { tagsOn } from '../forms/mentions';

/** The most tags a page offers to narrow it to. */
const TAGS_OFFERED = 10;

/** The named pages built on custom searches (spec section 2): each tab is one search code. */
export const PAGES = Object.fromEntries(
  Object.entries(CUSTOM_PAGES).map(([page, codes]) => [
    page,
    codes.map((c) => [c, CUSTOM_TITLES[c]] as const),
  ]),
) as { [P in keyof typeof CUSTOM_PAGES]: (readonly [CustomCode, string])[] };

/**
 * A named page's tabs: on a wide screen a column before the results; on a phone a strip above
 * them that scrolls sideways on its own, with the open tab brought into it, so the row of
 * results can start at the screen's edge.
 */
export function PageTabs({
  code,
  username,
  strip,
  board,
  groups,
  tag,
  writer,
  order,
  listed,
}: {
  code: string;
  username: string;
  strip: boolean;
  /**
   * The one board whose notes the page lists (Discussion of one board), if any, and whose
   * listing it is (`lister`, who owns, coauthors or edits the board; a site admin may be looking
   * at someone else's): its tabs keep to that board and that listing.
   */
  board?: {
    owner: string;
    title: string;
    ptitle: string;
    lister: string;
    /** The one list of it, if narrowed to one (a week's notes). */
    list?: { _id: string; title: string };
    /** The tags it asks its notes to carry: each narrows the page to the notes with it. */
    noteTags?: string[];
  };
  /**
   * A listing of the notes on `lister`'s boards: the reader groups it may be narrowed to and the
   * one it is (a class in sections: one section's notes), kept as its tabs change.
   */
  groups?: { choices: string[]; only?: string; lister: string };
  /** The one tag the notes the page lists carry, if any: kept as its tabs change. */
  tag?: string;
  /** The one reader whose notes the page lists, if any: kept as its tabs change. */
  writer?: { username: string; name: string };
  /** A listing of the notes on `lister`'s boards in the order asked (most helpful first). */
  order?: NoteOrder;
  /** The page's results: the tags their notes and replies carry are offered to narrow it to. */
  listed?: Multilist;
}) {
  const nav = useRef<HTMLElement>(null);
  const navigate = useNavigate();
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
  // Unless narrowed to one: the board's asked-for tags, then those the listed notes carry.
  const tags = useMemo(
    () =>
      tag || !NARROWED_LISTINGS.includes(code as CustomCode)
        ? []
        : tagsOn({ lists: listed?.lists ?? [], noteTags: board?.noteTags ?? [] })
            .slice(0, TAGS_OFFERED)
            .map((t) => t.tag),
    [tag, code, listed, board?.noteTags],
  );
  const page = (Object.keys(PAGES) as (keyof typeof PAGES)[]).find((p) =>
    PAGES[p].some(([c]) => c === code),
  );
  if (!page) return null;
  const group = groups?.only;
  const by = writer?.username;
  const href = (
    c: string,
    narrowed: {
      board?: string;
      list?: string;
      group?: string;
      tag?: string;
      writer?: string;
      order?: NoteOrder;
    },
  ) =>
    listingHref(board?.lister ?? groups?.lister ?? username, c, {
      order,
      tag,
      list: board?.list?._id,
      ...narrowed,
    });
  const onBoard = board && boardParam(board.lister, board);
  // A group typed into the address that no board names is still shown as the one chosen.
  const choices =
    groups && group !== undefined && !groups.choices.includes(group)
      ? [...groups.choices, group]
      : (groups?.choices ?? []);
  // On a phone they go under the strip, where they are seen, not at the strip's far end.
  const only = (board || tag || writer || groups || tags.length > 0) && (
    <div className="page-only">
      {board && (
        <p>
          <span>
            On <Link to={boardHref(board)}>{board.title}</Link>
            {board.list && ` · ${board.list.title}`} only.
          </span>{' '}
          {board.list && (
            <>
              <Link to={href(code, { board: onBoard, group, writer: by, list: undefined })}>
                All lists
              </Link>{' '}
            </>
          )}
          <Link to={href(code, { group, writer: by })}>All boards</Link>
        </p>
      )}
      {tag && (
        <p>
          <span>Notes tagged #{tag} only.</span>{' '}
          <Link to={href(code, { board: onBoard, group, writer: by, tag: undefined })}>
            All tags
          </Link>
        </p>
      )}
      {tags.length > 0 && (
        <p className="page-tags">
          <span>Tagged:</span>{' '}
          {tags.map((t) => (
            <Fragment key={t}>
              <Link className="tag" to={href(code, { board: onBoard, group, writer: by, tag: t })}>
                #{t}
              </Link>{' '}
            </Fragment>
          ))}
        </p>
      )}
      {writer && (
        <p>
          <span>Notes and replies by {writer.name} only.</span>{' '}
          <Link to={href(code, { board: onBoard, group })}>All readers</Link>
        </p>
      )}
      {groups && (
        <OrderChoice
          value={order}
          onChange={(o) =>
            void navigate(href(code, { board: onBoard, group, writer: by, order: o }))
          }
        />
      )}
      {choices.length > 0 && (
        <GroupChoice
          groups={choices}
          value={group ?? ''}
          onChange={(g) =>
            void navigate(href(code, { board: onBoard, group: g || undefined, writer: by }))
          }
        />
      )}
    </div>
  );
  return (
    <>
      <nav ref={nav} className={strip ? 'page-tabs page-strip' : 'page-tabs'} aria-label={page}>
        <h2>{page}</h2>
        <ul>
          {PAGES[page].map(([c, label]) => (
            <li key={c}>
              <Link
                to={href(c, {
                  board: sameBoards(c, code) ? onBoard : undefined,
                  list: sameBoards(c, code) ? board?.list?._id : undefined,
                  group,
                  writer: by,
                })}
                aria-current={c === code ? 'page' : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
        {!strip && only}
      </nav>
      {strip && only}
    </>
  );
}
