/**
 * General search (spec section 3 search args): runs a text, label, tags, date, author, coauthor
 * or contributor search and answers with a board of results, one list per bucket; a saved search
 * becomes a real board owned by the caller.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  MONTH_NAMES,
  excerptMarkup,
  canSee,
  seenByEveryReader,
  isGuestUser,
  viewerOf,
  pathTitle,
  textToBlocks,
  SEARCH_PAGE_SIZE,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { items, lists, multilists } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import { createBoard, type BoardSpec } from '../boards/create';
import { policyBoard } from '../boards/access';
import { boardEntry, excerpt, literal, noteItem, noteWhere, type Hit } from './hits';
import { bucketsBoard, type ResultBucket } from './results-board';
import { pdfPlaces } from './pdf-places';
import { uniqueBoardTitle } from '../load/title';
import { onItemsOf, threadsOf } from '../notes/visibility';
import { checkSearchArgs, type DateWindow, type SearchArgs } from './args';
import {
  searchBoards,
  searchItems,
  type BoardHit,
  type ItemHit,
  type SearchContext,
} from './query';
import type { ResultsBoard, SavedSearch, SearchInfo } from '@listboard/core/api/search';

export type { SavedSearch, SearchInfo };

/** A saved search keeps at most this many hits: the first 20 pages. */
export const SEARCH_SAVE_MAX = 1000;

export type SearchResults = ResultsBoard;

const KIND_LABEL = { anno: 'Annotation', note: 'Note', reply: 'Reply' } as const;

interface Bucketed {
  bucket: string;
  hit: Hit;
}

/** A hit the second check let through (confirmVisible), with what it found out. */
interface SeenHit extends ItemHit {
  /** Whether every reader of its board sees it (seenByEveryReader); if not, saved as private. */
  everyReader: boolean;
  /** A note's: the words of the item it is on, when the caller may read that item (or null). */
  onText: string | null;
}

/** `inPdf`: where the words searched for are in a PDF the item shows (pdf-places.ts). */
function itemHit(h: SeenHit, collect: boolean, inPdf?: string): Bucketed {
  const { item, board } = h;
  // Its board; a note's, annotation's or reply's, the item it is on too, to those who may read it.
  const where = noteWhere(board, item.id, h.onText);
  const restricted = !h.everyReader || !board.listed || board.hasPassword;
  const note = item.annotationClass === 'none' ? undefined : noteItem(item);
  // An item's text is markup; a note's is words, shown as they were typed.
  if (collect) {
    const text = `${note ? literal(item.text) : item.text}\n\nFrom ${where}`;
    return {
      bucket: h.bucket,
      hit: {
        key: item.id,
        date: item.created,
        text,
        blocks: textToBlocks(text, { owner: board.owner }),
        restricted,
      },
    };
  }
  const head =
    item.annotationClass === 'none'
      ? `${where} · ${item.author}`
      : `${KIND_LABEL[item.annotationClass]} by ${item.author} on ${where}`;
  return {
    bucket: h.bucket,
    hit: {
      key: item.id,
      date: item.created,
      // A note is shown whole under the line that says whose it is and where: not twice.
      text: note
        ? head
        : `${head}\n\n${excerpt(excerptMarkup(item.text), 280)}${inPdf ? `\n\n${inPdf}` : ''}`,
      note,
      restricted,
    },
  };
}

function boardHit(h: BoardHit): Bucketed {
  const { board } = h;
  return {
    bucket: h.bucket,
    hit: {
      key: board.id,
      date: board.modified,
      text: boardEntry(board),
      restricted: !board.listed || board.hasPassword,
    },
  };
}

function bucketTitle(args: SearchArgs, key: string): string {
  switch (args.bucket) {
    case 'week':
      return `Week of ${key}`;
    case 'month': {
      const [y, m] = key.split('-');
      const name = MONTH_NAMES[Number(m) - 1] ?? '';
      return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${y}`;
    }
    case 'none':
      return 'Results';
    default:
      return key;
  }
}

/** Hits in query order, grouped by bucket; the query already sorted them bucket by bucket. */
function toBuckets(args: SearchArgs, hits: Bucketed[]): ResultBucket[] {
  const out: ResultBucket[] = [];
  for (const { bucket, hit } of hits) {
    const last = out[out.length - 1];
    if (last && last.key === bucket) last.hits.push(hit);
    else out.push({ key: bucket, title: bucketTitle(args, bucket), hits: [hit] });
  }
  return out;
}

const itemSearch = (args: SearchArgs) =>
  args.by === 'text' || args.by === 'label' || args.by === 'tags' || args.by === 'date';

/**
 * A second check, with core's own rule, of what the query let through: if the SQL and canSee
 * ever disagree, the hit is dropped rather than shown.
 */
async function confirmVisible(db: Db, ctx: SearchContext, rows: ItemHit[]): Promise<SeenHit[]> {
  const [threads, ons] = await Promise.all([
    threadsOf(
      db,
      rows.map((r) => r.item),
    ),
    onItemsOf(
      db,
      rows.map((r) => r.item),
    ),
  ]);
  return rows.flatMap((r) => {
    const viewer = viewerOf(ctx.actor, ctx.groups, r.unlocked ? [r.board.id] : []);
    const policy = policyBoard(r.board, r.members);
    const board = { ...policy, id: r.board.id, hasPassword: r.board.hasPassword };
    const thread = r.item.threadId ? threads.get(r.item.threadId) : null;
    const on = r.item.rootItemId ? (ons.get(r.item.rootItemId) ?? null) : null;
    const thing = { kind: 'item', board, item: r.item, thread, on } as const;
    if (!canSee(viewer, thing)) return [];
    // What not every reader sees stays private wherever the results are kept; the item a note
    // is on is named only to those who may read it (its writer may not, since).
    const seen = on && canSee(viewer, { kind: 'item', board, item: on, thread: null });
    return [{ ...r, everyReader: seenByEveryReader(thing), onText: seen ? on.text : null }];
  });
}

async function findHits(
  db: Db,
  args: SearchArgs,
  window: DateWindow | null,
  ctx: SearchContext,
  limit: number,
  offset: number,
): Promise<Bucketed[]> {
  if (itemSearch(args)) {
    const rows = await searchItems(db, args, window, ctx, limit, offset);
    const seen = await confirmVisible(db, ctx, rows);
    // Found by its PDFs' words: where in them, for a page of hits a reader looks at.
    const places =
      args.by === 'text' && !args.collect
        ? await pdfPlaces(
            db,
            seen.flatMap((r) =>
              r.item.annotationClass === 'none' ? [{ id: r.item.id, text: r.item.text }] : [],
            ),
            args.searchStr,
          )
        : new Map<string, string>();
    return seen.map((r) => itemHit(r, args.collect, places.get(r.item.id)));
  }
  const rows = await searchBoards(db, args, window, ctx, limit, offset);
  return rows.map(boardHit);
}

function defaultTitle(args: SearchArgs): string {
  const what = args.searchStr.trim() || `${args.by} ${args.start}--${args.stop}`.trim();
  return args.title ?? `Search: ${what || args.by}`;
}

/** The arguments that make two searches the same search; page and save do not. */
function searchKey(args: SearchArgs): Record<string, unknown> {
  const { page: _page, save: _save, ...rest } = args;
  return { ...rest, users: Array.isArray(rest.users) ? [...rest.users].sort() : rest.users };
}

/** A search's results as the lists of a new board, and which items must stay private. */
export interface SearchBoardContent {
  lists: BoardSpec['lists'];
  /** `listIndex:itemIndex` of hits only the caller may see. */
  privateAt: Set<string>;
  count: number;
}

/** Results of a search (at most SEARCH_SAVE_MAX) laid out as board lists, one per bucket. */
export async function searchContent(
  db: Db,
  args: SearchArgs,
  ctx: SearchContext,
  window: DateWindow | null = checkSearchArgs(args),
): Promise<SearchBoardContent> {
  const hits = await findHits(db, args, window, ctx, SEARCH_SAVE_MAX, 0);
  return bucketsContent(toBuckets(args, hits));
}

/** A hit as a saved board keeps it: text alone, so a note shown under its line is written out. */
const savedText = (h: Hit) =>
  h.note ? `${h.text}\n\n${literal(excerpt(h.note.text, 280))}` : h.text;

export function bucketsContent(buckets: ResultBucket[]): SearchBoardContent {
  return {
    lists: buckets.map((b) => ({
      title: b.title,
      items: b.hits.map((h) => ({ text: savedText(h) })),
    })),
    privateAt: new Set(
      buckets.flatMap((b, li) => b.hits.flatMap((h, ii) => (h.restricted ? [`${li}:${ii}`] : []))),
    ),
    count: buckets.reduce((n, b) => n + b.hits.length, 0),
  };
}

/** A hit only the caller may see stays the caller's alone on a board made of results. */
export async function markPrivateItems(
  tx: Db,
  multilistId: string,
  privateAt: Set<string>,
): Promise<void> {
  if (privateAt.size === 0) return;
  const rows = await tx
    .select({ id: items.id, li: lists.index, ii: items.index })
    .from(items)
    .innerJoin(lists, eq(lists.id, items.listId))
    .where(eq(items.multilistId, multilistId));
  const ids = rows.filter((r) => privateAt.has(`${r.li}:${r.ii}`)).map((r) => r.id);
  if (ids.length) await tx.update(items).set({ isPrivate: true }).where(inArray(items.id, ids));
}

async function saveSearch(
  db: Db,
  args: SearchArgs,
  window: DateWindow | null,
  ctx: SearchContext,
): Promise<SavedSearch> {
  const actor = ctx.actor;
  if (!actor || isGuestUser(actor)) throw unauthorized('Please sign in to save a search.');
  const key = searchKey(args);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: multilists.id, title: multilists.title, ptitle: multilists.ptitle })
      .from(multilists)
      .where(
        and(
          eq(multilists.owner, actor.username),
          sql`${multilists.queryArgs} = ${JSON.stringify(key)}::jsonb`,
        ),
      )
      .limit(1);
    if (found) {
      return {
        multilistId: found.id,
        owner: actor.username,
        title: found.title,
        ptitle: found.ptitle,
        existing: true,
      };
    }
    const content = await searchContent(tx, args, ctx, window);
    const title = await uniqueBoardTitle(tx, actor.username, defaultTitle(args));
    const multilistId = await createBoard(tx, {
      owner: actor.username,
      title,
      description: `${content.count} ${content.count === 1 ? 'result' : 'results'} of a saved search.`,
      listed: false,
      lists: content.lists,
    });
    await tx.update(multilists).set({ queryArgs: key }).where(eq(multilists.id, multilistId));
    await markPrivateItems(tx, multilistId, content.privateAt);
    return { multilistId, owner: actor.username, title, ptitle: pathTitle(title), existing: false };
  });
}

/**
 * One page of a search, as a board. Throws a 400 with the spec's message when the arguments do
 * not validate.
 */
export async function runSearch(
  db: Db,
  args: SearchArgs,
  ctx: SearchContext,
): Promise<SearchResults> {
  const window = checkSearchArgs(args);
  const saved = args.save ? await saveSearch(db, args, window, ctx) : undefined;
  const found = await findHits(
    db,
    args,
    window,
    ctx,
    SEARCH_PAGE_SIZE + 1,
    args.page * SEARCH_PAGE_SIZE,
  );
  const hasNext = found.length > SEARCH_PAGE_SIZE && args.page < 100;
  const pageHits = found.slice(0, SEARCH_PAGE_SIZE);
  const title = defaultTitle(args);
  const owner = ctx.actor?.username ?? '';
  const board = bucketsBoard({
    id: `q-${args.page}`,
    owner,
    title,
    ptitle: pathTitle(title),
    description: pageHits.length
      ? `${pageHits.length} ${pageHits.length === 1 ? 'result' : 'results'} on page ${args.page + 1}`
      : 'No results.',
    buckets: toBuckets(args, pageHits),
    actOnNotes: false,
  });
  const { page, ...rest } = args;
  return {
    ...board,
    search: {
      args: rest,
      page,
      pageSize: SEARCH_PAGE_SIZE,
      count: pageHits.length,
      hasNext,
      ...(saved ? { saved } : {}),
    },
  };
}
