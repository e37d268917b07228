/**
 * Live edits as patches. Most changes a class makes to a board touch one item: its text, its
 * style, its markers, or the notes on it. For those calls the event names that item (the content
 * item a note hangs off, for a note), and each stream sends its viewer the item as they would load
 * it now, notes filtered by the one visibility rule; the page swaps it in and is current without
 * loading the board again. Everything else (items added, moved or deleted, lists, settings) still
 * makes viewers reload, through the normal, permission-checked load.
 *
 * The bus carries ids only (NOTIFY payloads are small), so each app instance reads the item once
 * per event, whatever number of viewers it serves; filtering per viewer is then a pure function.
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import {
  canSee,
  itemVisible,
  type AppVersion,
  type Item,
  type Viewer,
  type VisibleBoard,
} from '@listboard/core';
import type { Db } from '../db/client';
import { blocks, items, lists, mediaMarkers, textMarkers } from '../db/schema';
import { toItem } from '../services/boards/present';
import { groupBy, itemColumns, NO_EXTRAS, type ItemRow } from '../services/boards/rows';
import type { ItemContent } from '../services/boards/content';
import { helpfulMarks, markedIds } from '../services/notes/helpful';

/** Calls whose change stays inside one content item and the notes on it. */
const PATCHABLE: ReadonlySet<string> = new Set([
  '/api/forms/edit_item',
  '/api/display/update_item',
  '/api/display/update_block',
  '/api/forms/update_block',
  '/api/forms/edit_item_labels',
  '/api/forms/set_item_range',
  '/api/forms/add_media_marker',
  '/api/forms/edit_media_marker',
  '/api/forms/delete_media_marker',
  '/api/forms/delete_all_media_markers',
  '/api/forms/add_text_marker',
  '/api/forms/update_text_marker',
  '/api/forms/delete_text_marker',
  '/api/forms/delete_all_text_markers',
  '/api/forms/upload_block_posters',
  '/api/forms/set_poster_frame',
  '/api/forms/add_caption',
  '/api/forms/restore_item_version',
  '/api/forms/insert_anno',
  '/api/forms/insert_note',
  '/api/forms/set_note_status',
  '/api/forms/mark_helpful',
  // Only for a note: deleting a content item changes its list.
  '/api/forms/delete_item',
]);

type RowLike = Pick<ItemRow, 'id' | 'annotationClass' | 'rootItemId'>;

/**
 * The content item a call changed, when the change can travel as a patch of it: the item the
 * call acted on or made (`made`, read after the call), or, for a note, the item it hangs off.
 */
export function patchRootOf(
  call: string,
  acted: RowLike | undefined,
  made: RowLike | undefined,
): string | undefined {
  if (!PATCHABLE.has(call)) return undefined;
  const row = made ?? acted;
  if (!row) return undefined;
  if (row.annotationClass === 'none') {
    return call === '/api/forms/delete_item' ? undefined : row.id;
  }
  return row.rootItemId ?? undefined;
}

/** patchRootOf for a call's answer: the item it made, if its answer names one, read after it. */
export async function patchRootAfter(
  db: Db,
  call: string,
  acted: RowLike | undefined,
  answer: unknown,
): Promise<string | undefined> {
  if (!PATCHABLE.has(call)) return undefined;
  // A call that also changed other items says so (a range moving its neighbour clip's bounds):
  // that change is not inside one item.
  if (answer !== null && typeof answer === 'object' && 'adjusted' in answer) {
    const adjusted = answer.adjusted;
    if (!Array.isArray(adjusted) || adjusted.length > 0) return undefined;
  }
  const madeId =
    answer !== null && typeof answer === 'object' && 'itemId' in answer ? answer.itemId : undefined;
  if (typeof madeId !== 'string' || madeId === acted?.id)
    return patchRootOf(call, acted, undefined);
  const [made] = await db
    .select({ id: items.id, annotationClass: items.annotationClass, rootItemId: items.rootItemId })
    .from(items)
    .where(eq(items.id, madeId));
  return made ? patchRootOf(call, acted, made) : undefined;
}

interface Entry {
  row: ItemRow;
  item: Item;
  /** For a reply: its thread's first note, as the visibility rule needs it. */
  thread: ItemRow | null;
}

/** One content item and every note on it, presented once for all the viewers of an instance. */
export interface BuiltPatch {
  root: Entry;
  notes: Entry[];
  /** The same as rows, to bring a cached board up to the version (content.ts patchContent). */
  content: ItemContent;
  /** Per user name, the notes here they marked helpful: each viewer is told of their own. */
  marks: Map<string, Set<string>>;
}

const DEVICE_FLAGS = ['phone', 'tablet', 'mobile'] as const;

/** Reads the item and its notes as a load would present them; null when the item is gone. */
export async function buildPatch(db: Db, rootId: string): Promise<BuiltPatch | null> {
  const rows = await db
    .select(itemColumns)
    .from(items)
    .where(or(eq(items.id, rootId), eq(items.rootItemId, rootId)))
    .orderBy(asc(items.created));
  const root = rows.find((r) => r.id === rootId);
  if (!root || root.annotationClass !== 'none') return null;
  const ids = rows.map((r) => r.id);
  const [list] = await db.select().from(lists).where(eq(lists.id, root.listId));
  if (!list) return null;
  const [blockRows, mediaRows, textRows, marks] = await Promise.all([
    db.select().from(blocks).where(inArray(blocks.itemId, ids)).orderBy(asc(blocks.index)),
    db
      .select()
      .from(mediaMarkers)
      .where(inArray(mediaMarkers.itemId, ids))
      .orderBy(asc(mediaMarkers.time)),
    db
      .select()
      .from(textMarkers)
      .where(inArray(textMarkers.itemId, ids))
      .orderBy(asc(textMarkers.cursorIndex)),
    helpfulMarks(db, markedIds(rows)),
  ]);
  const blocksOf = groupBy(blockRows, (b) => b.itemId);
  const mediaOf = groupBy(mediaRows, (m) => m.itemId);
  const textOf = groupBy(textRows, (t) => t.itemId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const extras = new Map(
    rows.map((r) => [
      r.id,
      {
        blocks: blocksOf.get(r.id) ?? [],
        media: mediaOf.get(r.id) ?? [],
        text: textOf.get(r.id) ?? [],
      },
    ]),
  );
  const entry = (row: ItemRow, indexInBoard: number): Entry => ({
    row,
    item: toItem(row, { listIndex: list.index, indexInBoard }, extras.get(row.id) ?? NO_EXTRAS),
    thread:
      row.annotationClass === 'reply' && row.threadId ? (byId.get(row.threadId) ?? null) : null,
  });
  return {
    // The page keeps the item's place in the board; -1 stands for "unchanged".
    root: entry(root, -1),
    notes: rows.filter((r) => r.id !== rootId).map((r) => entry(r, -1)),
    content: { rootId, rows, extras },
    marks,
  };
}

/**
 * The item as this viewer would load it now (but for its place in the board and its view state,
 * which the page keeps), or null when the page should load the board instead:
 * the item is hidden from them, or it shows on some devices only (a stream does not know which
 * device its page is on).
 */
export function patchFor(
  built: BuiltPatch,
  viewer: Viewer,
  board: VisibleBoard,
  appVersion: AppVersion,
): Item | null {
  const all = [built.root, ...built.notes];
  if (all.some((e) => DEVICE_FLAGS.some((f) => e.row.flags[f] === true))) return null;
  const shown = (e: Entry) =>
    itemVisible(e.row.flags, { appVersion, device: 'desktop' }) &&
    canSee(viewer, { kind: 'item', board, item: e.row, thread: e.thread });
  if (!shown(built.root)) return null;
  // The item's view state is each user's own: the page keeps the one it has. What they marked
  // helpful is their own too, and told to them alone.
  const mine = viewer.user ? built.marks.get(viewer.user.username) : undefined;
  const notes = built.notes
    .filter(shown)
    .map((e) => (mine?.has(e.item._id) ? { ...e.item, voted: true } : e.item));
  return { ...built.root.item, notes };
}
