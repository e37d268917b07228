/**
 * Loading boards: by address (with their lists, items and the caller's view states), a section
 * of one, a search's results as a board; and the load form, which makes a new board from a URL,
 * a file or a query.
 */
import { z } from 'zod';
import { BOARD_NEWS_VISITS } from '../../constants';
import { DEVICES } from '../../model/viewstate';
import type { Abilities, List, Multilist } from '../../model/entities';
import { defineContract, openShape } from '../contract';
import { loadedBoard, streamLine } from '../load';
import { searchInfo, type SearchInfo } from '../search';

/**
 * A board as loaded. Its top level is checked; its lists, items, blocks and notes are large and
 * open, so they pass as the server built them (see Multilist in core/model), never dropped.
 */
export const loadedMultilist = openShape<Multilist>({
  _id: z.string(),
  owner: z.string(),
  title: z.string(),
  ptitle: z.string(),
  description: z.string(),
  listed: z.boolean(),
  locked: z.boolean(),
  version: z.number(),
  lists: z.array(z.custom<List>()),
  viewstate: z.record(z.string(), z.unknown()),
  abilities: z.custom<Abilities>(),
});

/**
 * What load_search answers: a general search's results board, with `search` saying what was
 * searched; a custom search's (code=) listings board has no `search`.
 */
export type SearchAnswer = Multilist & { search?: SearchInfo };
const searchAnswer = openShape<SearchAnswer>({
  _id: z.string(),
  owner: z.string(),
  title: z.string(),
  ptitle: z.string(),
  lists: z.array(z.custom<List>()),
  search: searchInfo.optional(),
});

const address = z.string().max(2000);
/** The full form (the default) or the packed one (core/api/packed.ts, unpackBoards). */
const loadForm = z
  .enum(['full', 'packed'])
  .optional()
  .describe(
    '`packed` leaves out of each item what its place tells (its board, list, owner, defaults, ' +
      'block texts that are pieces of its text): about 40% of the bytes. ' +
      '`unpackBoards` in core/api/packed.ts makes the full form of it again.',
  );
const loadMultilistsDoc =
  'Each address is a board path such as `/admin/home` or a chained one such as `/admin/home;help`. ' +
  'Boards come back in address order; missing boards are left out (and logged). ' +
  'The answer carries an ETag; send it back in If-None-Match and an unchanged answer is a 304 with no body.';

export const loadMultilists = defineContract({
  path: '/api/dbload/load_multilists',
  method: ['POST', 'GET'],
  tags: ['dbload'],
  summary: 'Load boards by address, with lists, items, blocks and the caller’s view states',
  description:
    loadMultilistsDoc +
    ' As a GET (which the browser may revalidate), repeat `addresses` for several addresses; ' +
    'answers are `Cache-Control: private, no-cache`, so a browser keeps them and asks again ' +
    'with If-None-Match.',
  input: z.object({
    addresses: z.array(address).max(50),
    username: z.string().max(200).optional(),
    device: z.enum(DEVICES).optional(),
    form: loadForm,
  }),
  query: z.object({
    addresses: z
      .union([address, z.array(address).max(50)])
      .transform((a) => (Array.isArray(a) ? a : [a])),
    username: z.string().max(200).optional(),
    device: z.enum(DEVICES).optional(),
    form: loadForm,
  }),
  // Typed as the full form; a packed answer (form 'packed') is read through unpackBoards.
  output: z.array(loadedMultilist),
  errors: [400],
});

export const loadSearch = defineContract({
  path: '/api/dbload/load_search',
  tags: ['dbload'],
  summary: 'Run a search given as an address query and return its results as a board',
  input: z.object({ address: z.string().max(4000), username: z.string().max(200).optional() }),
  output: searchAnswer,
  errors: [400, 401, 403],
});

export const waitingNotes = defineContract({
  path: '/api/dbload/waiting_notes',
  tags: ['dbload'],
  summary: 'How many notes wait on a Discussion page',
  description:
    'The pending notes on the boards of `username` (the caller when left out; someone else for a ' +
    'site admin alone) that the caller may see: the entries the Discussion page lists, counted. ' +
    'Counted to 500; `more` says there are more. The home board’s dashboard shows the count.',
  input: z.object({ username: z.string().max(200).optional() }),
  output: z.object({ count: z.number().int(), more: z.boolean() }),
  errors: [401, 403],
});

/** A board as a line of the home's dashboard names it. */
const dashboardBoard = z.object({
  multilistId: z.string(),
  owner: z.string(),
  ptitle: z.string(),
  title: z.string(),
});

/** One board with something new since the caller's last visit, as the home's dashboard lists it. */
export const boardNewsEntry = dashboardBoard.extend({
  /** Content items others added since the caller's last visit that the caller may see. */
  items: z.number().int(),
  /** Notes, annotations and replies likewise. */
  notes: z.number().int(),
  /** How many of those notes are replies to the caller: under a note or reply they wrote. */
  toYou: z.number().int(),
  /** When the newest of them was written (the server's time). */
  newest: z.string(),
});
export type BoardNewsEntry = z.infer<typeof boardNewsEntry>;

export const boardNews = defineContract({
  path: '/api/dbload/board_news',
  tags: ['dbload'],
  summary: 'What others wrote on the boards the caller has visited, since each last visit',
  description:
    `For the boards whose visits the caller keeps (the ${String(BOARD_NEWS_VISITS)} visited ` +
    'most recently, by their view state), what a load of the board would show them that ' +
    'others wrote after the last thing their last visit showed (the view state’s `seenUpTo`), ' +
    'and how many of those are replies under a note or reply of the caller’s: ' +
    'the same rows, by the same visibility rule. Boards with nothing new, behind a password ' +
    'this session has not entered, or no longer there are left out; the newest first. The ' +
    'shared guest keeps no visits and gets an empty list.',
  input: z.object({ device: z.enum(DEVICES).optional() }),
  output: z.array(boardNewsEntry),
  errors: [401],
});

export const boardDueEntry = dashboardBoard.extend({
  /** When notes on it are due (ISO): the soonest date of the board's and its lists' not past a day. */
  notesDue: z.string(),
  /** The title of the list whose own date that is (a course's week); absent for the board's date. */
  list: z.string().optional(),
  /**
   * The caller's own notes, annotations and replies that a load of the board shows them: on that
   * list's items, for a list's date.
   */
  wrote: z.number().int(),
});
export type BoardDueEntry = z.infer<typeof boardDueEntry>;

export const boardsDue = defineContract({
  path: '/api/dbload/boards_due',
  tags: ['dbload'],
  summary: 'When notes are due on the boards the caller has visited as a reader',
  description:
    `Of the boards whose visits the caller keeps (the ${String(BOARD_NEWS_VISITS)} visited ` +
    'most recently, by their view state), those whose notes are due, or were due less than a ' +
    'day ago, the soonest first, each with how many of the caller’s own notes and replies a load ' +
    'of it shows them. Boards behind a password this session has not entered, and boards whose ' +
    'notes the caller answers (their authors and editors), are left out. The shared guest ' +
    'keeps no visits and gets an empty list.',
  input: z.object({ device: z.enum(DEVICES).optional() }),
  output: z.array(boardDueEntry),
  errors: [401],
});

/** A tag of one's own notes, and how many of them carry it. */
export const ownTag = z.object({ tag: z.string(), notes: z.number().int() });
export type OwnTag = z.infer<typeof ownTag>;

export const myTags = defineContract({
  path: '/api/dbload/my_tags',
  tags: ['dbload'],
  summary: 'The tags of the caller’s own notes and replies',
  description:
    'The tags (`#evidence`, core tagsIn) of the caller’s own notes and replies, with how many carry ' +
    'each, most first (at most 12, counted over the newest 2,000 with a # in their words), on the ' +
    'boards this session may open (the visibility rule: none behind a password not given). Each ' +
    'narrows their Notes: `/{user}/home?code=notes&username={user}&tag={tag}`. The shared guest ' +
    'gets none.',
  input: z.object({}),
  output: z.array(ownTag),
  errors: [401],
});

export const loadSection = defineContract({
  path: '/api/dbload/load_section',
  tags: ['dbload'],
  summary: 'Load one section of a board: the lists from sectionIndex to stopIndex (inclusive)',
  description:
    'Sections are the board’s lists in order; on a course board week is 0, tip 1 and prompt 2. ' +
    'A board that is not there (or not to be seen) answers null.',
  input: z.object({
    address,
    sectionIndex: z.number().int().min(0),
    stopIndex: z.number().int().min(0).optional(),
    username: z.string().max(200).optional(),
    device: z.enum(DEVICES).optional(),
  }),
  output: loadedMultilist.nullable(),
  errors: [400],
});

export const movedBoards = defineContract({
  path: '/api/dbload/moved_boards',
  tags: ['dbload'],
  summary: 'Where boards renamed away from these addresses are now',
  description:
    'A renamed board keeps its old address until another board of its owner takes it. For each ' +
    'board address (chained ones board by board) with no board at it that a board was renamed ' +
    'away from, the board’s address now; other addresses are left out. The page asks when a ' +
    'load finds nothing at an address, and goes to the new one.',
  input: z.object({ addresses: z.array(address).min(1).max(50) }),
  output: z.array(z.object({ from: z.string(), to: z.string() })),
  errors: [400],
});

/** What the load form sends: one of url, fileinfo (base64) or query. */
const loadBody = z.object({
  url: z.string().max(4000).nullable().optional(),
  fileinfo: z
    .object({
      data: z.string(),
      name: z.string().max(500),
      type: z.string().max(200).nullable().optional(),
    })
    .nullable()
    .optional(),
  query: z.string().max(4000).nullable().optional(),
  listed: z.boolean().optional(),
  titleText: z.string().max(500).nullable().optional(),
  descText: z.string().max(20_000).nullable().optional(),
});
export type LoadBody = z.input<typeof loadBody>;

export const load = defineContract({
  path: '/api/forms/load',
  tags: ['forms'],
  summary: 'Load a URL, a file or a query as a new board owned by the caller',
  input: loadBody,
  output: loadedBoard,
  errors: [400, 401, 413],
});

export const loadStream = defineContract({
  path: '/api/forms/load_stream',
  tags: ['forms'],
  summary: 'forms/load, answered as a stream of progress lines (NDJSON) ending with the board',
  description: [
    'The same body and rules as /api/forms/load. A request the form could not accept (no URL, file or',
    'query; not signed in; a malformed body) is answered at once with its 4xx {error}. Otherwise the',
    'answer is 200 application/x-ndjson, one JSON object a line, as the load goes:',
    '`{phase: "fetching", url}`, `{phase: "reading", source, done, total}` (pages of a PDF as they are',
    'read; 0 of 1 then 1 of 1 for other sources), `{phase: "writing", done, total, items}` (lists written',
    'out of total, in the one transaction that makes the board), then `{phase: "done", board}` with what',
    '/api/forms/load answers, or `{phase: "error", status, error}`, after which nothing of the board exists.',
  ].join(' '),
  input: loadBody,
  produces: 'application/x-ndjson',
  output: streamLine,
  errors: [400, 401, 413],
});

export const readSource = defineContract({
  path: '/api/forms/read_source',
  tags: ['forms'],
  summary: 'Read a page or file at a URL into the items of one list, without saving anything',
  description: [
    'For the import list form: the address is fetched and read as by forms/load; the answer is',
    '{title, items}: the page’s or file’s name, and its paragraphs and pictures in order, each later',
    'heading kept as a `### heading` item. The list is made by import_list, which checks the board’s',
    'insert right. Signed-in users only. Errors are 400/401 {error}.',
  ].join(' '),
  input: z.object({ url: z.string().max(4000) }),
  output: z.object({ title: z.string(), items: z.array(z.string()) }),
  errors: [400, 401],
});
