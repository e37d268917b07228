/**
 * Results boards: made on the fly, one list per bucket (a day, week or month, or all), one item
 * per hit; and the boards a results page follows live.
 */
import { desc } from 'drizzle-orm';
import {
  abilitiesOf,
  itemDefaults,
  RESULTS_BOARD_PREFIX,
  type Item,
  type List,
  type Multilist,
} from '@listboard/core';
import {
  CUSTOM_TITLES,
  NOTES_ON_OWN_BOARDS,
  boardParam,
  listingHref,
  type CustomCode,
  type NoteOrder,
} from '@listboard/core/api/search';
import type { Db } from '../../db/client';
import { multilists } from '../../db/schema';
import { answeredBy } from '../notes/answered-boards';
import { weekOf, type Hit } from './hits';

/** One list of a results board: a day, week or month of hits, or all of them. */
export interface ResultBucket {
  key: string;
  title: string;
  hits: Hit[];
}

export interface ResultsBoardSpec {
  /** Prefix of the board's, lists' and items' ids; unique per search. */
  id: string;
  owner: string;
  title: string;
  ptitle: string;
  description: string;
  buckets: ResultBucket[];
  /** Hits carry notes the caller can answer, dismiss or reply to in place. */
  actOnNotes: boolean;
}

/** A board of search results: one list per bucket, one item per hit, in the order given. */
export function bucketsBoard(spec: ResultsBoardSpec): Multilist {
  const now = new Date().toISOString();
  const boardId = `${RESULTS_BOARD_PREFIX}${spec.id}`;
  let indexInBoard = 0;
  const lists: List[] = spec.buckets.map(({ key, title, hits: bucketHits }, li) => ({
    _id: `${spec.id}-${key}`,
    multilistId: boardId,
    index: li,
    title,
    description: `${bucketHits.length} ${bucketHits.length === 1 ? 'result' : 'results'}`,
    author: spec.owner,
    created: now,
    modified: now,
    reverse: false,
    tourId: null,
    notesDue: null,
    version: 1,
    viewstate: {},
    // The defaults are spread after the hit's own fields (whose names they do not hold): fields
    // added after a spread of this many make a dictionary of each item, 20 times slower to build.
    items: bucketHits.map((h, ii): Item => ({
      _id: `${spec.id}-${key}-${h.key}`,
      listId: `${spec.id}-${key}`,
      multilistId: boardId,
      index: ii,
      indexInBoard: indexInBoard++,
      listIndex: li,
      owner: spec.owner,
      author: spec.owner,
      text: h.text,
      created: h.date.toISOString(),
      modified: h.date.toISOString(),
      version: 1,
      ...itemDefaults(),
      blocks: h.blocks ?? [{ text: h.text, type: 'mdtext' }],
      notes: h.note ? [h.note, ...(h.replies ?? [])] : [],
    })),
  }));
  return {
    _id: boardId,
    owner: spec.owner,
    title: spec.title,
    ptitle: spec.ptitle,
    altTitle: null,
    description: spec.description,
    listed: false,
    hasPassword: false,
    locked: false,
    labels: [],
    labelColors: {},
    colors: {},
    readerColors: {},
    isTable: false,
    authors: [],
    readers: [],
    contributors: [],
    groups: [],
    linkedBoards: [],
    sectionsInfoArray: [],
    created: now,
    modified: now,
    version: 1,
    lists,
    viewstate: {},
    // Discussion hits can be answered, dismissed and replied to in place; the calls check the
    // caller's rights on the note's own board.
    abilities: abilitiesOf('reader', [
      'read',
      'select',
      ...(spec.actOnNotes ? (['reply', 'note', 'moderate'] as const) : []),
    ]),
  };
}

export const listsOwnBoards = (code: CustomCode) => NOTES_ON_OWN_BOARDS.includes(code);

/** How many boards a results page follows live (the event stream's own limit). */
const FOLLOWED_MAX = 20;

/**
 * The boards a results page follows live: for the listings of notes on one's own boards
 * (Discussion, my notes), the boards one owns, coauthors or edits, most recently changed first,
 * so a note on a board with nothing listed yet still shows; for the others, the boards of the
 * entries listed.
 */
export async function followedBoards(
  db: Db,
  code: CustomCode,
  username: string,
  hits: Hit[],
): Promise<{ _id: string; version: number }[]> {
  if (listsOwnBoards(code)) {
    return db
      .select({ _id: multilists.id, version: multilists.version })
      .from(multilists)
      .where(answeredBy(username))
      .orderBy(desc(multilists.modified))
      .limit(FOLLOWED_MAX);
  }
  const follows = new Map<string, { _id: string; version: number }>();
  for (const h of hits) if (h.source) follows.set(h.source._id, h.source);
  return [...follows.values()].slice(0, FOLLOWED_MAX);
}

/** What an empty listing says: what fills it, in the words of the commands that do. */
const EMPTY: Record<CustomCode, (owner: string) => string> = {
  myBoards: (owner) =>
    `No boards by ${owner} yet: a board made with New board, Load or Duplicate board shows here.`,
  coBoards: (owner) =>
    `${owner} coauthors no board yet: a board whose author adds ${owner} as a coauthor shows here.`,
  annoBoards: (owner) =>
    `No notes or annotations by ${owner} yet: each board ${owner} writes one on shows here.`,
  myAnnos: (owner) =>
    `No annotations by ${owner} yet: one written with Annotate on an item shows here.`,
  myNotes: (owner) =>
    `No notes on ${owner}'s boards yet: each note a reader leaves on one shows here, answered or not.`,
  annos: () =>
    'No annotations to show yet: those written with Annotate on the boards you read show here.',
  notes: (owner) =>
    `No notes by ${owner} yet: each note ${owner} leaves on an item or a passage shows here, with the replies to it.`,
  groupNotes: (owner) =>
    `No group notes yet: a note shared with a group ${owner} is in shows here.`,
  mentions: (owner) =>
    `No one has mentioned ${owner} yet: a note, reply or annotation with @${owner} in it shows here.`,
  // A student, whose notes are on others' boards, is shown where their own notes and answers are.
  pending: (owner) =>
    `No notes wait for an answer: a reader's note on one of ${owner}'s boards shows here until it is answered or dismissed. Notes ${owner} wrote, with the answers to them, are under [Notes](${listingHref(owner, 'notes')}).`,
  answered: () =>
    'No answered notes yet: a pending note marked answered, or replied to, shows here.',
  dismissed: () => 'No dismissed notes: a pending note dismissed shows here.',
};

/**
 * A listing's line under its title: how many entries over how many weeks and, when it is one
 * page of more (a listing of notes reads NOTES_LISTED at a time), links to the newer and the
 * older ones.
 */
function listingLine(
  owner: string,
  code: CustomCode,
  count: number,
  weeks: number,
  live: {
    more?: boolean;
    page?: number;
    onBoard?: {
      owner: string;
      ptitle: string;
      title: string;
      list?: { _id: string; title: string };
    };
    noteGroups?: { only?: string };
    onTag?: string;
    onWriter?: { username: string; name: string };
    noteOrder?: NoteOrder;
  },
): string {
  const page = live.page ?? 0;
  const board = live.onBoard && boardParam(owner, live.onBoard);
  const group = live.noteGroups?.only;
  const writer = live.onWriter;
  const tag = live.onTag;
  const list = live.onBoard?.list;
  const href = (p: number) =>
    listingHref(owner, code, {
      board,
      list: list?._id,
      group,
      tag,
      writer: writer?.username,
      order: live.noteOrder,
      page: p,
    });
  const ways = [
    ...(page > 0 ? [`[Newer ones](${href(page - 1)})`] : []),
    ...(live.more ? [`[Older ones](${href(page + 1)})`] : []),
  ];
  const counted = `${count} in ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;
  if (ways.length === 0)
    return count
      ? counted
      : group !== undefined || writer || live.onBoard || tag
        ? `No ${CUSTOM_TITLES[code].toLowerCase()} ${[
            ...(tag ? [`tagged #${tag}`] : []),
            ...(live.onBoard ? [`on ${(list ?? live.onBoard).title}`] : []),
            ...(writer ? [`by ${writer.name}`] : []),
            ...(group !== undefined ? [`from the group ${group}`] : []),
          ].join(' ')}.`
        : EMPTY[code](owner);
  const shown =
    count === 0 ? 'No older ones' : `${page === 0 ? 'The newest' : 'Older ones'}: ${counted}`;
  return `${shown}. ${ways.join(' · ')}`;
}

/** A listing in an order asked: its one list's title. */
const ORDER_TITLES: Record<NoteOrder, string> = {
  helpful: 'Most helpful first',
  questions: 'Questions first',
};

/** A results board: one list per week (newest first), one item per hit. */
export function resultsBoard(
  owner: string,
  code: CustomCode,
  hits: Hit[],
  live: {
    follows: { _id: string; version: number }[];
    readAt: Date;
    /** Older entries than these were left out (they are on the next page). */
    more?: boolean;
    /** Which page of the listing, from the newest (0) back. */
    page?: number;
    /**
     * The one board whose notes are listed, if any (one `owner` owns, coauthors or edits), the
     * one list of it, and the tags it asks its notes to carry.
     */
    onBoard?: Multilist['onBoard'];
    /** A listing of notes on `owner`'s boards: the groups it may be narrowed to, and the one. */
    noteGroups?: { choices: string[]; only?: string };
    /** The one tag the notes listed carry, if any. */
    onTag?: string;
    /** The one reader whose notes are listed, if any. */
    onWriter?: { username: string; name: string };
    /** Most marked helpful first, or questions first: one list in that order, not one per week. */
    noteOrder?: NoteOrder;
  },
): Multilist {
  const discussion = code === 'pending' || code === 'answered' || code === 'dismissed';
  const byWeek = new Map<string, Hit[]>();
  for (const h of hits) {
    const w = weekOf(h.date);
    byWeek.set(w, [...(byWeek.get(w) ?? []), h]);
  }
  const weeks = byWeek.size;
  return {
    ...bucketsBoard({
      id: code,
      owner,
      title: listingTitle(code, live),
      ptitle: code.toLowerCase(),
      description: listingLine(owner, code, hits.length, weeks, live),
      buckets: live.noteOrder
        ? [{ key: live.noteOrder, title: ORDER_TITLES[live.noteOrder], hits }]
        : [...byWeek.entries()].map(([week, weekHits]) => ({
            key: week,
            title: `Week of ${week}`,
            hits: weekHits,
          })),
      actOnNotes: discussion,
    }),
    follows: live.follows,
    ...(live.onBoard
      ? { onBoard: live.onBoard }
      : listsOwnBoards(code) && { ownBoardsAt: live.readAt.toISOString() }),
    ...(live.noteGroups && { noteGroups: live.noteGroups }),
    ...(live.onTag && { onTag: live.onTag }),
    ...(live.onWriter && { onWriter: live.onWriter }),
    ...(live.noteOrder && { noteOrder: live.noteOrder }),
  };
}

/** A listing's title: its tab's, then the one board, and the group, tag and writer it keeps to. */
function listingTitle(
  code: CustomCode,
  live: {
    onBoard?: { title: string; list?: { title: string } };
    noteGroups?: { only?: string };
    onTag?: string;
    onWriter?: { name: string };
  },
): string {
  const narrowed = [
    ...(live.noteGroups?.only !== undefined ? [live.noteGroups.only] : []),
    ...(live.onTag ? [`#${live.onTag}`] : []),
    ...(live.onWriter ? [live.onWriter.name] : []),
  ];
  const on = live.onBoard && [live.onBoard.title, live.onBoard.list?.title].filter(Boolean);
  return `${on ? `${CUSTOM_TITLES[code]}: ${on.join(' · ')}` : CUSTOM_TITLES[code]}${
    narrowed.length > 0 ? ` (${narrowed.join(', ')})` : ''
  }`;
}
