/**
 * The shared part of a board (its lists, items, blocks and markers), read in one query per table
 * and kept per board version: the same for every caller, whatever they may see of it.
 */
import { asc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { must } from '@listboard/core';
import type { Db } from '../../db/client';
import { plainRows } from '../../db/plain-rows';
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
  /** Each item's shared part as JSON text, in each form asked, filled as answers are written. */
  json: Map<string, ItemJson>;
}

/** An item's shared part as JSON text, full and packed (core/api/packed.ts). */
export type ItemJson = Partial<Record<'full' | 'packed', string>>;

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

/** Some rows of a board's content: its lists, some items, and those items' blocks and markers. */
interface ContentRows {
  lists: ListRow[];
  items: ItemRow[];
  blocksByItem: Map<string, BlockRow[]>;
  mediaByItem: Map<string, MediaMarkerRow[]>;
  textByItem: Map<string, TextMarkerRow[]>;
}

/** The lists that `listsWhere` selects, and the items `itemsWhere` selects with their child rows. */
async function readRows(db: Db, listsWhere: SQL, itemsWhere: SQL): Promise<ContentRows> {
  // Child rows are selected by their items' condition, not by a list of item ids: a 2,000-id
  // parameter list costs more to bind and plan than the join does to run.
  const ofItems = sql`(select id from ${items} where ${itemsWhere})`;
  const [listRows, itemRows, blockRows, mediaRows, textRows] = await Promise.all([
    plainRows<ListRow>(db, getTableColumns(lists), lists, listsWhere, [
      asc(lists.multilistId),
      asc(lists.index),
    ]),
    plainRows<ItemRow>(db, itemColumns, items, itemsWhere, [asc(items.listId), asc(items.index)]),
    plainRows<BlockRow>(db, getTableColumns(blocks), blocks, sql`${blocks.itemId} in ${ofItems}`, [
      asc(blocks.itemId),
      asc(blocks.index),
    ]),
    plainRows<MediaMarkerRow>(
      db,
      getTableColumns(mediaMarkers),
      mediaMarkers,
      sql`${mediaMarkers.itemId} in ${ofItems}`,
      [asc(mediaMarkers.time)],
    ),
    plainRows<TextMarkerRow>(
      db,
      getTableColumns(textMarkers),
      textMarkers,
      sql`${textMarkers.itemId} in ${ofItems}`,
      [asc(textMarkers.cursorIndex)],
    ),
  ]);
  return {
    lists: listRows,
    items: itemRows,
    blocksByItem: groupBy(blockRows, (b) => b.itemId),
    mediaByItem: groupBy(mediaRows, (m) => m.itemId),
    textByItem: groupBy(textRows, (t) => t.itemId),
  };
}

const idsIn = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function fetchContent(db: Db, boardIds: string[]): Promise<Map<string, BoardContent>> {
  const inBoards = idsIn(boardIds);
  const rows = await readRows(
    db,
    sql`${lists.multilistId} in (${inBoards})`,
    sql`${items.multilistId} in (${inBoards})`,
  );
  const { blocksByItem, mediaByItem, textByItem } = rows;
  const out = new Map<string, BoardContent>(
    boardIds.map((id) => [
      id,
      { lists: [], items: [], blocksByItem, mediaByItem, textByItem, json: new Map() },
    ]),
  );
  const of = (boardId: string) => must(out.get(boardId), `the content of board ${boardId}`);
  for (const l of rows.lists) of(l.multilistId).lists.push(l);
  for (const i of rows.items) of(i.multilistId).items.push(i);
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
 * The child rows of a cached board with some items' rows replaced: `gone` items lose theirs,
 * and each of `fresh` gets what `part` of it holds (none when it holds none).
 */
function swapRows<T>(
  from: Map<string, T[]>,
  gone: Iterable<string>,
  fresh: Iterable<string>,
  part: (id: string) => T[],
): Map<string, T[]> {
  const out = new Map(from);
  for (const id of gone) out.delete(id);
  for (const id of fresh) {
    const rows = part(id);
    if (rows.length) out.set(id, rows);
    else out.delete(id);
  }
  return out;
}

/**
 * The cached content of a board moved from the version before `version` to it, by `change`;
 * false when the cache does not hold exactly the version before (a read will follow instead).
 * Answers already handed out keep the content they were built from (the maps are copied).
 */
function patchCached(
  db: Db,
  boardId: string,
  version: number,
  change: (old: BoardContent) => BoardContent,
): boolean {
  const cache = cacheFor(db);
  const held = cache.get(boardId);
  if (!held || held.version !== version - 1) return false;
  keep(cache, boardId, version, change(held.content));
  return true;
}

/**
 * A write that stayed inside one item (realtime/item-patch) moves a cached board from the
 * version before it to its own by swapping that item and its notes, instead of reading the
 * whole board again. Only from exactly the version before: anything else is left to a read.
 */
export function patchContent(
  db: Db,
  boardId: string,
  version: number,
  patch: ItemContent,
): boolean {
  return patchCached(db, boardId, version, (old) => {
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
    const extras = (id: string) => patch.extras.get(id) ?? NO_EXTRAS;
    const json = new Map(old.json);
    for (const id of [...gone, ...fresh.keys()]) json.delete(id);
    return {
      lists: old.lists,
      items: [...kept, ...added],
      blocksByItem: swapRows(old.blocksByItem, gone, fresh.keys(), (id) => extras(id).blocks),
      mediaByItem: swapRows(old.mediaByItem, gone, fresh.keys(), (id) => extras(id).media),
      textByItem: swapRows(old.textByItem, gone, fresh.keys(), (id) => extras(id).text),
      json,
    };
  });
}

/**
 * The rows a write confined to some lists of a board left (realtime/list-patch): every list of
 * the board, and the rows of those lists' items (with the notes on them, wherever they are
 * filed) and their blocks and markers.
 */
export interface ListsContent extends ContentRows {
  listIds: string[];
}

export async function readListsContent(
  db: Db,
  boardId: string,
  listIds: string[],
): Promise<ListsContent> {
  const named = listIds.length ? idsIn(listIds) : sql`null`;
  const rows = await readRows(
    db,
    sql`${lists.multilistId} = ${boardId}`,
    sql`${items.multilistId} = ${boardId} and (${items.listId} in (${named}) or ${items.rootItemId} in (
      select c.id from ${items} c where c.list_id in (${named}) and c.annotation_class = 'none'))`,
  );
  return { ...rows, listIds };
}

/**
 * A write confined to some lists (items added, deleted or moved in them; lists added, renamed,
 * moved or removed) moves a cached board to its version by swapping those lists' rows and the
 * list rows, as patchContent does for one item.
 */
export function patchListsContent(
  db: Db,
  boardId: string,
  version: number,
  patch: ListsContent,
): boolean {
  return patchCached(db, boardId, version, (old) => {
    const named = new Set(patch.listIds);
    const namedContent = new Set(
      old.items.filter((r) => named.has(r.listId) && r.annotationClass === 'none').map((r) => r.id),
    );
    const present = new Set(patch.lists.map((l) => l.id));
    // The rows readListsContent reads again (the lists' items and the notes on them), and the
    // rows of a list that is gone.
    const gone = old.items
      .filter(
        (r) =>
          named.has(r.listId) ||
          (r.rootItemId !== null && namedContent.has(r.rootItemId)) ||
          !present.has(r.listId),
      )
      .map((r) => r.id);
    const goneIds = new Set(gone);
    const kept = old.items.filter((r) => !goneIds.has(r.id));
    const fresh = patch.items.map((r) => r.id);
    // An item's shared JSON names its list's place in the board.
    const placeBefore = new Map(old.lists.map((l) => [l.id, l.index]));
    const moved = new Set(
      patch.lists.filter((l) => placeBefore.get(l.id) !== l.index).map((l) => l.id),
    );
    const json = new Map(old.json);
    for (const id of [...gone, ...fresh]) json.delete(id);
    // A note is shown in the list of the item it hangs off.
    const listOf = new Map(kept.map((r) => [r.id, r.listId]));
    for (const r of kept) {
      const shownIn = r.rootItemId === null ? r.listId : (listOf.get(r.rootItemId) ?? r.listId);
      if (moved.has(r.listId) || moved.has(shownIn)) json.delete(r.id);
    }
    return {
      lists: patch.lists,
      items: [...kept, ...patch.items],
      blocksByItem: swapRows(
        old.blocksByItem,
        gone,
        fresh,
        (id) => patch.blocksByItem.get(id) ?? [],
      ),
      mediaByItem: swapRows(old.mediaByItem, gone, fresh, (id) => patch.mediaByItem.get(id) ?? []),
      textByItem: swapRows(old.textByItem, gone, fresh, (id) => patch.textByItem.get(id) ?? []),
      json,
    };
  });
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
