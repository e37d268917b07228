/**
 * The custom searches behind the Listings and Discussion pages (spec section 3, custom search
 * codes). Each result is a board: one list per week, one item per hit, each linking to its
 * source as /{owner}/home;{board title}.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  NOTE_ANCHOR,
  abilitiesOf,
  boardListedFor,
  canSee,
  headlineOf,
  type Block,
  type Multilist,
  type Item,
  type List,
  type VisibleBoard,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { boardMembers, items, multilists } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { policyBoard } from '../boards/access';
import { toItem } from '../boards/present';
import { withNoteItems } from '../notes/note-on-item';
import { NO_EXTRAS } from '../boards/rows';
import { onItemsOf, threadsOf, viewerFor, visibleBoard } from '../notes/visibility';
import type { Actor } from '../accounts/users';
import { CUSTOM_TITLES, type CustomCode } from '@listboard/core/api/search';

export { CUSTOM_CODES, CUSTOM_TITLES, type CustomCode } from '@listboard/core/api/search';

export interface Hit {
  date: Date;
  text: string;
  /** Blocks of the text when they are known (collected hits); plain markdown otherwise. */
  blocks?: Block[];
  /** For note hits: the note itself, so the Discussion page can answer, dismiss or reply in place. */
  note?: Item;
  /** Seen by fewer people than can read the caller's boards: a saved search keeps it private. */
  restricted?: boolean;
  /** The board a note hit is on, at its version: the page follows that board's live changes. */
  source?: { _id: string; version: number };
}

type ItemRow = typeof items.$inferSelect;

/**
 * A note row in the payload shape, for the Discussion page's in-place actions: the same
 * presenter as a board load, placed in no list, its text as one block.
 */
export function noteItem(row: Omit<ItemRow, 'searchVector'>): Item {
  return {
    ...toItem(row, { listIndex: -1, indexInBoard: -1 }, NO_EXTRAS),
    blocks: [{ text: row.text, type: 'text' }],
  };
}

/** Monday of the week, as YYYY-MM-DD (UTC), so a bucket reads the same everywhere. */
export function weekOf(d: Date): string {
  const day = (d.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

export const excerpt = (t: string, n = 140) => {
  const one = t.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};
export const boardLink = (owner: string, ptitle: string, title: string, hash = '') =>
  `[${title}](/${owner}/home;${ptitle}${hash})`;

/** Link text that stays one link: brackets and backslashes escaped. */
const linkText = (s: string) => s.replace(/([[\]\\])/g, '\\$1');

/**
 * A listed note's entry: its board and the item it is on (its first line, linking to the note
 * on its board, where the passage is highlighted). The note under it shows its quoted words.
 */
function noteHitText(
  board: { owner: string; ptitle: string; title: string },
  note: ItemRow,
  itemText: string | null,
): string {
  const on = `On ${boardLink(board.owner, board.ptitle, board.title)}`;
  if (itemText === null) return on;
  const title = headlineOf([], itemText) || 'an item';
  return `${on}: ${boardLink(board.owner, board.ptitle, linkText(title), `#${NOTE_ANCHOR}${note.id}`)}`;
}

async function boardHits(
  db: Db,
  ids: string[] | null,
  where: ReturnType<typeof eq> | undefined,
): Promise<Hit[]> {
  const rows = await db
    .select()
    .from(multilists)
    .where(
      ids
        ? inArray(multilists.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000'])
        : where,
    )
    .orderBy(desc(multilists.modified));
  return rows.map((b) => ({
    date: b.modified,
    text: `### ${boardLink(b.owner, b.ptitle, b.title)}\n\n${excerpt(b.description)}`,
  }));
}

async function noteHits(
  db: Db,
  who: Who,
  filter: {
    cls: ('anno' | 'note' | 'reply')[];
    author?: string;
    boardOwner?: string;
    status?: string;
    groupsOnly?: boolean;
  },
): Promise<Hit[]> {
  const conds = [inArray(items.annotationClass, filter.cls)];
  if (filter.author) conds.push(eq(items.author, filter.author));
  if (filter.boardOwner) conds.push(eq(multilists.owner, filter.boardOwner));
  if (filter.status) conds.push(eq(items.noteStatus, filter.status as 'pending'));
  if (filter.groupsOnly) conds.push(sql`${items.groupName} is not null`);
  const rows = await db
    .select({ item: items, board: multilists })
    .from(items)
    .innerJoin(multilists, eq(multilists.id, items.multilistId))
    .where(and(...conds))
    .orderBy(desc(items.created))
    .limit(500);
  const boardIds = [...new Set(rows.map((r) => r.board.id))];
  const [members, viewer, threads, rootOf] = await Promise.all([
    boardIds.length
      ? db.select().from(boardMembers).where(inArray(boardMembers.multilistId, boardIds))
      : Promise.resolve([]),
    viewerFor(db, who.actor, who.sessionId),
    threadsOf(
      db,
      rows.map((r) => r.item),
    ),
    onItemsOf(
      db,
      rows.map((r) => r.item),
    ),
  ]);
  const boardOfNote = new Map<string, VisibleBoard>();
  const hits = rows
    .filter((r) => {
      const policy = policyBoard(
        r.board,
        members.filter((m) => m.multilistId === r.board.id),
      );
      const thread = r.item.threadId ? threads.get(r.item.threadId) : null;
      const board = visibleBoard(r.board, policy);
      boardOfNote.set(r.item.id, board);
      const on = r.item.rootItemId ? (rootOf.get(r.item.rootItemId) ?? null) : null;
      return (
        canSee(viewer, { kind: 'item', board, item: r.item, thread, on }) &&
        // Unlisted boards stay out of others' listings; one's own writing on them stays in.
        (r.item.author === who.actor.username ||
          boardListedFor(viewer, { ...board, listed: r.board.listed })) &&
        (!filter.groupsOnly || viewer.groups.includes(r.item.groupName ?? ''))
      );
    })
    .map((r) => {
      const on = r.item.rootItemId ? rootOf.get(r.item.rootItemId) : undefined;
      // The item's words only to those who may read the item (a note's writer may not, since).
      const board = boardOfNote.get(r.item.id);
      const seen = on && board && canSee(viewer, { kind: 'item', board, item: on, thread: null });
      return {
        date: r.item.created,
        text: noteHitText(r.board, r.item, seen ? on.text : null),
        note: noteItem(r.item),
        source: { _id: r.board.id, version: r.board.version },
      };
    });
  await withNoteItems(
    db,
    hits.map((h) => h.note),
    (note, item) =>
      canSee(viewer, { kind: 'item', board: boardOfNote.get(note._id)!, item, thread: null }),
  );
  return hits;
}

/** The caller of a listing: who they are and the session that may have unlocked boards. */
export interface Who {
  actor: Actor;
  sessionId: string | null;
}

export async function customHits(
  db: Db,
  who: Who,
  code: CustomCode,
  username: string,
): Promise<Hit[]> {
  switch (code) {
    case 'myBoards':
      return boardHits(db, null, eq(multilists.owner, username));
    case 'coBoards': {
      const rows = await db
        .select({ id: boardMembers.multilistId })
        .from(boardMembers)
        .where(and(eq(boardMembers.username, username), eq(boardMembers.kind, 'author')));
      return boardHits(
        db,
        rows.map((r) => r.id),
        undefined,
      );
    }
    case 'annoBoards': {
      const rows = await db
        .selectDistinct({ id: items.multilistId })
        .from(items)
        .where(and(eq(items.author, username), ne(items.annotationClass, 'none')));
      return boardHits(
        db,
        rows.map((r) => r.id),
        undefined,
      );
    }
    case 'myAnnos':
      return noteHits(db, who, { cls: ['anno'], author: username });
    case 'myNotes':
      return noteHits(db, who, { cls: ['note'], boardOwner: username });
    case 'annos':
      return noteHits(db, who, { cls: ['anno'] });
    case 'notes':
      return noteHits(db, who, { cls: ['note', 'reply'], author: username });
    case 'groupNotes':
      return noteHits(db, who, { cls: ['note', 'reply'], groupsOnly: true });
    case 'pending':
    case 'answered':
    case 'dismissed':
      return noteHits(db, who, { cls: ['note'], boardOwner: username, status: code });
    default:
      throw badRequest(`Unknown search code: ${String(code)}`);
  }
}

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
  const boardId = `search-${spec.id}`;
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
    version: 1,
    viewstate: {},
    items: bucketHits.map((h, ii): Item => ({
      _id: `${spec.id}-${key}-${ii}`,
      listId: `${spec.id}-${key}`,
      multilistId: boardId,
      index: ii,
      indexInBoard: indexInBoard++,
      listIndex: li,
      owner: spec.owner,
      author: spec.owner,
      hint: null,
      text: h.text,
      blocks: h.blocks ?? [{ text: h.text, type: 'mdtext' }],
      created: h.date.toISOString(),
      modified: h.date.toISOString(),
      startdate: null,
      stopdate: null,
      importUrl: null,
      highlight: null,
      replyLevel: 0,
      rootItem: null,
      parentId: null,
      annotationClass: 'none',
      annoLabel: null,
      noteStatus: null,
      isPrivate: false,
      groupName: null,
      labels: [],
      format: {},
      flags: {},
      mediaMarkers: [],
      blockMarkers: [],
      sentenceMarkers: [],
      version: 1,
      viewstate: {},
      notes: h.note ? [h.note] : [],
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

/** A results board: one list per week (newest first), one item per hit. */
/** How many boards a results page follows live (the event stream's own limit). */
const FOLLOWED_MAX = 20;

/**
 * The boards a results page follows live: for the listings of notes on one's own boards
 * (Discussion, my notes), one's boards, most recently changed first, so a note on a board with
 * nothing listed yet still shows; for the others, the boards of the entries listed.
 */
export async function followedBoards(
  db: Db,
  code: CustomCode,
  username: string,
  hits: Hit[],
): Promise<{ _id: string; version: number }[]> {
  if (['pending', 'answered', 'dismissed', 'myNotes'].includes(code)) {
    return db
      .select({ _id: multilists.id, version: multilists.version })
      .from(multilists)
      .where(eq(multilists.owner, username))
      .orderBy(desc(multilists.modified))
      .limit(FOLLOWED_MAX);
  }
  const follows = new Map<string, { _id: string; version: number }>();
  for (const h of hits) if (h.source) follows.set(h.source._id, h.source);
  return [...follows.values()].slice(0, FOLLOWED_MAX);
}

export function resultsBoard(
  owner: string,
  code: CustomCode,
  hits: Hit[],
  follows: { _id: string; version: number }[] = [],
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
      title: CUSTOM_TITLES[code],
      ptitle: code.toLowerCase(),
      description: hits.length
        ? `${hits.length} in ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`
        : 'Nothing here yet.',
      buckets: [...byWeek.entries()].map(([week, weekHits]) => ({
        key: week,
        title: `Week of ${week}`,
        hits: weekHits,
      })),
      actOnNotes: discussion,
    }),
    follows,
  };
}
