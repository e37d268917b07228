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

export async function boardContent(db: Db, boards: BoardRow[]): Promise<Map<string, BoardContent>> {
  const cache = cacheFor(db);
  const result = new Map<string, BoardContent>();
  const missing: BoardRow[] = [];
  for (const b of boards) {
    const hit = cache.get(b.id);
    if (hit && hit.version === b.version) {
      // Refresh its place in the LRU order.
      cache.delete(b.id);
      cache.set(b.id, hit);
      result.set(b.id, hit.content);
    } else missing.push(b);
  }
  if (missing.length) {
    const fetched = await fetchContent(
      db,
      missing.map((b) => b.id),
    );
    for (const b of missing) {
      const content = must(fetched.get(b.id), `the content of board ${b.id}`);
      result.set(b.id, content);
      cache.set(b.id, { version: b.version, content });
      // The least recently used first (a Map keeps its insertion order).
      for (const oldest of cache.keys()) {
        if (cache.size <= CACHE_BOARDS) break;
        cache.delete(oldest);
      }
    }
  }
  return result;
}

/** An item's blocks and markers from a board's content. */
export function extrasOf(c: BoardContent, id: string): ItemExtras {
  return {
    blocks: c.blocksByItem.get(id) ?? [],
    media: c.mediaByItem.get(id) ?? [],
    text: c.textByItem.get(id) ?? [],
  };
}
