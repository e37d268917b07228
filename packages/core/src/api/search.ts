/**
 * The search calls' answers, as server and web both read them: what a results board says about
 * the search behind it, and the named custom searches (spec section 3) with their titles.
 */
import { z } from 'zod';
import type { Multilist } from '../model/entities';
import type { SearchArgs } from '../constants';

/** The arguments of the search, as the server read them; a results board has no page of its own. */
export type SearchArgsEcho = Omit<SearchArgs, 'page'>;

/** A search saved as a board (`save` in the search arguments). */
export const savedSearch = z.object({
  multilistId: z.string(),
  owner: z.string(),
  title: z.string(),
  ptitle: z.string(),
  /** The search had been saved before: the existing board was reused. */
  existing: z.boolean(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

/** What a results board says about the search behind it. */
export const searchInfo = z.object({
  /** The arguments as read (see SearchArgs), passed on as they are. */
  args: z.custom<SearchArgsEcho>(),
  page: z.number(),
  pageSize: z.number(),
  /** Hits on this page. */
  count: z.number(),
  /** There are more hits on the next page (never past page 100). */
  hasNext: z.boolean(),
  saved: savedSearch.optional(),
});
export type SearchInfo = z.infer<typeof searchInfo>;

/** A general search's results board. */
export type ResultsBoard = Multilist & { search: SearchInfo };

/** The custom search codes, each one list of links or collected items. */
export const CUSTOM_CODES = [
  'myBoards',
  'coBoards',
  'annoBoards',
  'myAnnos',
  'myNotes',
  'annos',
  'notes',
  'groupNotes',
  'mentions',
  'pending',
  'answered',
  'dismissed',
] as const;
export type CustomCode = (typeof CUSTOM_CODES)[number];

export const isCustomCode = (code: string): code is CustomCode =>
  (CUSTOM_CODES as readonly string[]).includes(code);

/** Each custom search's title: the results board's title and its tab on a named page. */
export const CUSTOM_TITLES: Record<CustomCode, string> = {
  myBoards: 'Authored boards',
  coBoards: 'Coauthored boards',
  annoBoards: 'Annotated boards',
  myAnnos: 'My annotations',
  myNotes: 'My notes',
  annos: 'Annotations',
  notes: 'Notes',
  groupNotes: 'Group notes',
  mentions: 'Mentions',
  pending: 'Pending notes',
  answered: 'Answered notes',
  dismissed: 'Dismissed notes',
};

/**
 * The listings of the notes on one's own boards, those one owns, coauthors or edits
 * (Discussion, My notes): their page follows every such board live, and one of them may narrow
 * them (`&board=`, boardParam).
 */
export const NOTES_ON_OWN_BOARDS: readonly CustomCode[] = [
  'pending',
  'answered',
  'dismissed',
  'myNotes',
];

/**
 * The listings of notes one board (`&board=`), one list of it (`&list=`) and a tag (`&tag=`)
 * narrow: those of the notes on one's own boards, to a board they own, coauthor or edit; and one's
 * own Notes, to any board open to them (a student's notes on one course board, or tagged
 * #evidence on every board).
 */
export const NARROWED_LISTINGS: readonly CustomCode[] = [...NOTES_ON_OWN_BOARDS, 'notes'];

/**
 * Whether a listing's board narrows another listing of the same page too: the notes on one's own
 * boards name a board they answer on, one's own Notes any board.
 */
export const sameBoards = (a: string, b: string) =>
  NOTES_ON_OWN_BOARDS.includes(a as CustomCode) === NOTES_ON_OWN_BOARDS.includes(b as CustomCode);

/**
 * How a listing of `username`'s names one board they own, coauthor or edit in its `&board=`: its
 * path title alone when it is theirs, `{owner}/{ptitle}` when they coauthor or edit it (a path
 * title holds no slash).
 */
export const boardParam = (username: string, board: { owner: string; ptitle: string }) =>
  board.owner === username ? board.ptitle : `${board.owner}/${board.ptitle}`;

/** The board a listing of `username`'s `&board=` names (boardParam read back). */
export function boardOfParam(username: string, param: string): { owner: string; ptitle: string } {
  const slash = param.indexOf('/');
  return slash < 0
    ? { owner: username, ptitle: param }
    : { owner: param.slice(0, slash), ptitle: param.slice(slash + 1) };
}

/** The listings of boards: each lists its boards whole, on one page. */
export const BOARD_LISTINGS: readonly CustomCode[] = ['myBoards', 'coBoards', 'annoBoards'];

/**
 * How a listing of the notes on one's boards may be ordered besides newest first: most marked
 * helpful first, or the notes that ask a question (core isQuestion) first.
 */
export const NOTE_ORDERS = ['helpful', 'questions'] as const;
export type NoteOrder = (typeof NOTE_ORDERS)[number];

/**
 * A custom search's address; for the notes on one's boards and one's own Notes, narrowed to one
 * board (`board`, boardParam), one list of it (`list`) and the threads with one tag (`tag`)
 * (NARROWED_LISTINGS); for the notes on one's boards, to the notes posted to one reader group
 * (`group`) and to one reader's notes (`writer`, a user name) if given, and ordered most helpful
 * first (`order`); past its first page (`page`, from 0), the further entries.
 */
export function listingHref(
  username: string,
  code: string,
  only: {
    board?: string;
    /** One list of that board, by id (a board's only: ignored without one). */
    list?: string;
    group?: string;
    /** The notes with one tag (core tagKey). */
    tag?: string;
    writer?: string;
    order?: NoteOrder;
    page?: number;
  } = {},
): string {
  const narrows = NOTES_ON_OWN_BOARDS.includes(code as CustomCode);
  const page = only.page ?? 0;
  const param = (name: string, value: string | undefined, by = narrows) =>
    by && value !== undefined ? `&${name}=${encodeURIComponent(value)}` : '';
  const narrowed = NARROWED_LISTINGS.includes(code as CustomCode);
  return `/${username}/home?code=${code}&username=${username}${param('board', only.board, narrowed)}${param(
    'list',
    only.board && only.list,
    narrowed,
  )}${param('group', only.group)}${param('tag', only.tag, narrowed)}${param('writer', only.writer)}${param('order', only.order)}${
    page > 0 ? `&page=${page}` : ''
  }`;
}

/** The named pages built on custom searches (spec section 2), each a row of tabs. */
export const CUSTOM_PAGES = {
  Discussion: ['pending', 'answered', 'dismissed'],
  Listings: [
    'myBoards',
    'coBoards',
    'annoBoards',
    'myAnnos',
    'myNotes',
    'annos',
    'notes',
    'groupNotes',
    'mentions',
  ],
} as const satisfies Record<string, readonly CustomCode[]>;
