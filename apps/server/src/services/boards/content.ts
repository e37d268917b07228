/**
 * The shared part of a board (its lists, items, blocks and markers), read in one query per table
 * and kept per board version: the same for every caller, whatever they may see of it.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import { must } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks, items, lists, mediaMarkers, textMarkers } from '../../db/schema';
import {
  groupBy,
  itemColumns,
  type BlockRow,
  type BoardRow,
  NO_EXTRAS,
  type ItemExtras,
  type ItemRow,
  type ListRow,
  type MediaMarkerRow,
  type TextMarkerRow,
} from './rows';

export interface BoardContent {
  lists: ListRow[];
  items: ItemRow[];
  blocksByItem: Map<string, BlockRow[]>;
  mediaByItem: Map<string, MediaMarkerRow[]>;
  textByItem: Map<string, TextMarkerRow[]>;
  /** Each item's shared part as JSON text, filled as answers are written. */
  json: Map<string, string>;
}

/**
 * A board's rows change only through writes that bump its version, so its content can be kept
 * per version and reused until the next write; per-user parts (visibility, view states,
 * abilities) are still worked out on every request. The version is read before the rows, so a
 * cached entry is never older than its label. Kept per database handle, at most CACHE_BOARDS.
 */
const CACHE_BOARDS = 64;
type ContentCache = Map<string, { version: number; content: BoardContent }>;
const contentCache = new WeakMap<object, ContentCache>();

function cacheFor(db: Db) {
  let c = contentCache.get(db);
  if (!c) contentCache.set(db, (c = new Map() as ContentCache));
  return c;
}

/** Forgets cached board content, e.g. to measure cold loads. */
export function forgetContent(db: Db): void {
  contentCache.delete(db);
}

async function fetchContent(db: Db, boardIds: string[]): Promise<Map<string, BoardContent>> {
  const idList = sql.join(
    boardIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // Child rows are selected by board, not by a list of item ids: a 2,000-id parameter list costs
  // more to bind and plan than the join does to run.
  const inBoards = sql`(select id from ${items} where ${items.multilistId} in (${idList}))`;
  const [listRows, itemRows, blockRows, mediaRows, textRows] = await Promise.all([
    db
      .select()
      .from(lists)
      .where(inArray(lists.multilistId, boardIds))
      .orderBy(asc(lists.multilistId), asc(lists.index)),
    db
      .select(itemColumns)
      .from(items)
      .where(inArray(items.multilistId, boardIds))
      .orderBy(asc(items.listId), asc(items.index)),
    db
      .select()
      .from(blocks)
      .where(sql`${blocks.itemId} in ${inBoards}`)
      .orderBy(asc(blocks.itemId), asc(blocks.index)),
    db
      .select()
      .from(mediaMarkers)
      .where(sql`${mediaMarkers.itemId} in ${inBoards}`)
      .orderBy(asc(mediaMarkers.time)),
    db
      .select()
      .from(textMarkers)
      .where(sql`${textMarkers.itemId} in ${inBoards}`)
      .orderBy(asc(textMarkers.cursorIndex)),
  ]);
  const blocksByItem = groupBy(blockRows, (b) => b.itemId);
  const mediaByItem = groupBy(mediaRows, (m) => m.itemId);
  const textByItem = groupBy(textRows, (t) => t.itemId);
  const out = new Map<string, BoardContent>(
    boardIds.map((id) => [
      id,
      { lists: [], items: [], blocksByItem, mediaByItem, textByItem, json: new Map() },
    ]),
  );
  const of = (boardId: string) => must(out.get(boardId), `the content of board ${boardId}`);
  for (const l of listRows) of(l.multilistId).lists.push(l);
  for (const i of itemRows) of(i.multilistId).items.push(i);
  return out;
}

/** Reads in progress, by board and version: loads that miss together share one read. */
const reading = new WeakMap<object, Map<string, Promise<BoardContent>>>();

function readingFor(db: Db) {
  let r = reading.get(db);
  if (!r) reading.set(db, (r = new Map<string, Promise<BoardContent>>()));
  return r;
}

function keep(cache: ContentCache, boardId: string, version: number, content: BoardContent) {
  const held = cache.get(boardId);
  // A slower read of an older version never replaces a newer one.
  if (held && held.version > version) return;
  cache.delete(boardId);
  cache.set(boardId, { version, content });
  // The least recently used first (a Map keeps its insertion order).
  for (const oldest of cache.keys()) {
    if (cache.size <= CACHE_BOARDS) break;
    cache.delete(oldest);
  }
}

/**
 * The content of each board at the version its row names: from the cache, else read once for
 * every load that asks for the same version meanwhile (a class opening a board just after a
 * write makes one read, not one each).
 */
export async function boardContent(db: Db, boards: BoardRow[]): Promise<Map<string, BoardContent>> {
  const cache = cacheFor(db);
  const inFlight = readingFor(db);
  const waits: [string, Promise<BoardContent>][] = [];
  const missing: BoardRow[] = [];
  for (const b of boards) {
    const hit = cache.get(b.id);
    const pending = inFlight.get(`${b.id}@${String(b.version)}`);
    if (hit && hit.version === b.version) {
      // Refresh its place in the LRU order.
      cache.delete(b.id);
      cache.set(b.id, hit);
      waits.push([b.id, Promise.resolve(hit.content)]);
    } else if (pending) waits.push([b.id, pending]);
    else missing.push(b);
  }
  if (missing.length) {
    const fetched = fetchContent(
      db,
      missing.map((b) => b.id),
    );
    for (const b of missing) {
      const key = `${b.id}@${String(b.version)}`;
      const one = fetched
        .then((all) => {
          const content = must(all.get(b.id), `the content of board ${b.id}`);
          keep(cache, b.id, b.version, content);
          return content;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, one);
      waits.push([b.id, one]);
    }
  }
  const contents = await Promise.all(waits.map(([, wait]) => wait));
  return new Map(waits.map(([id], i) => [id, must(contents[i], `the content of board ${id}`)]));
}

/** One content item as a write left it: its row, its notes' rows, and the blocks and markers of each. */
export interface ItemContent {
  rootId: string;
  rows: ItemRow[];
  extras: Map<string, ItemExtras>;
}

/**
 * A write that stayed inside one item (realtime/item-patch) moves a cached board from the
 * version before it to its own by swapping that item and its notes, instead of reading the
 * whole board again. Only from exactly the version before: anything else is left to a read.
 * Answers already handed out keep the content they were built from (the maps are copied).
 */
export function patchContent(
  db: Db,
  boardId: string,
  version: number,
  patch: ItemContent,
): boolean {
  const cache = cacheFor(db);
  const held = cache.get(boardId);
  if (!held || held.version !== version - 1) return false;
  const old = held.content;
  const fresh = new Map(patch.rows.map((r) => [r.id, r]));
  const touched = (r: ItemRow) => r.id === patch.rootId || r.rootItemId === patch.rootId;
  const gone = new Set(old.items.filter(touched).map((r) => r.id));
  // The item keeps its place; notes come by time anyway (load's walk sorts them).
  const kept = old.items.flatMap((r) => {
    if (!touched(r)) return [r];
    const now = fresh.get(r.id);
    return now ? [now] : [];
  });
  const added = patch.rows.filter((r) => !gone.has(r.id));
  const changed = new Set([...gone, ...fresh.keys()]);
  const swap = <T>(from: Map<string, T[]>, part: (e: ItemExtras) => T[]) => {
    const out = new Map(from);
    for (const id of changed) {
      const rows = part(patch.extras.get(id) ?? NO_EXTRAS);
      if (rows.length) out.set(id, rows);
      else out.delete(id);
    }
    return out;
  };
  const json = new Map(old.json);
  for (const id of changed) json.delete(id);
  const content: BoardContent = {
    lists: old.lists,
    items: [...kept, ...added],
    blocksByItem: swap(old.blocksByItem, (e) => e.blocks),
    mediaByItem: swap(old.mediaByItem, (e) => e.media),
    textByItem: swap(old.textByItem, (e) => e.text),
    json,
  };
  keep(cache, boardId, version, content);
  return true;
}

/** The version of a board the cache holds, if any. */
export function cachedVersion(db: Db, boardId: string): number | undefined {
  return cacheFor(db).get(boardId)?.version;
}

/** An item's blocks and markers from a board's content. */
export function extrasOf(c: BoardContent, id: string): ItemExtras {
  return {
    blocks: c.blocksByItem.get(id) ?? [],
    media: c.mediaByItem.get(id) ?? [],
    text: c.textByItem.get(id) ?? [],
  };
}
