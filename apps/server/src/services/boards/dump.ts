import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, items, lists, mediaMarkers, multilists, textMarkers } from '../../db/schema';
import type { BoardRow } from './access';
import { ordered } from './ordering';
import { contentSeenBy } from '../notes/visibility';
import type { BoardDump, DumpItem } from '../../importers/dump-format';

export type { BoardDump } from '../../importers/dump-format';

/**
 * The dump format: enough to rebuild the board's content (lists, items, labels, formats, flags
 * and markers), not its notes, members or view states.
 */
export async function dumpBoard(
  db: Db,
  board: BoardRow,
  opts: { privateOf?: string | null } = {},
): Promise<BoardDump> {
  const listRows = await db
    .select()
    .from(lists)
    .where(eq(lists.multilistId, board.id))
    .orderBy(asc(lists.index));
  const itemRows = await db
    .select()
    .from(items)
    .where(and(eq(items.multilistId, board.id), ordered, contentSeenBy(opts.privateOf ?? null)))
    .orderBy(asc(items.index));
  const ids = itemRows.map((i) => i.id);
  const [media, text] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(mediaMarkers)
          .where(inArray(mediaMarkers.itemId, ids))
          .orderBy(asc(mediaMarkers.time), asc(mediaMarkers.timecode)),
        db
          .select()
          .from(textMarkers)
          .where(inArray(textMarkers.itemId, ids))
          .orderBy(asc(textMarkers.kind), asc(textMarkers.cursorIndex)),
      ])
    : [[], []];
  const item = (i: (typeof itemRows)[number]): DumpItem => {
    const m = media.filter((r) => r.itemId === i.id);
    const t = text.filter((r) => r.itemId === i.id);
    return {
      text: i.text,
      labels: i.labels,
      format: i.format,
      flags: i.flags,
      ...(i.isPrivate ? { isPrivate: true } : {}),
      ...(m.length
        ? {
            mediaMarkers: m.map((r) => ({
              timecode: r.timecode,
              time: r.time,
              title: r.title,
              description: r.description,
            })),
          }
        : {}),
      ...(t.length
        ? {
            textMarkers: t.map((r) => ({
              kind: r.kind,
              cursorIndex: r.cursorIndex,
              title: r.title,
              description: r.description,
            })),
          }
        : {}),
    };
  };
  return {
    format: 'listboard-dump',
    version: 1,
    owner: board.owner,
    title: board.title,
    description: board.description,
    listed: board.listed,
    labels: board.labels,
    labelColors: board.labelColors,
    lists: listRows.map((l) => ({
      title: l.title,
      description: l.description,
      items: itemRows.filter((i) => i.listId === l.id).map(item),
    })),
  };
}

/**
 * What createBoard does not write: label colours, item formats and markers. Runs in the
 * transaction that created the board, after it, matching items by list and position.
 */
export async function restoreDumpDetails(db: Db, boardId: string, dump: BoardDump): Promise<void> {
  if (dump.labelColors && Object.keys(dump.labelColors).length > 0) {
    await db
      .update(multilists)
      .set({ labelColors: dump.labelColors })
      .where(eq(multilists.id, boardId));
  }
  const needed = dump.lists.some((l) =>
    l.items.some(
      (i) =>
        Object.keys(i.format).length > 0 ||
        i.isPrivate === true ||
        (i.mediaMarkers?.length ?? 0) > 0 ||
        (i.textMarkers?.length ?? 0) > 0,
    ),
  );
  if (!needed) return;
  const listRows = await db
    .select({ id: lists.id, index: lists.index })
    .from(lists)
    .where(eq(lists.multilistId, boardId));
  const itemRows = await db
    .select({ id: items.id, listId: items.listId, index: items.index })
    .from(items)
    .where(and(eq(items.multilistId, boardId), ordered));
  for (const [li, l] of dump.lists.entries()) {
    const listId = listRows.find((r) => r.index === li)?.id;
    for (const [ii, it] of l.items.entries()) {
      const itemId = itemRows.find((r) => r.listId === listId && r.index === ii)?.id;
      if (!itemId) continue;
      if (Object.keys(it.format).length > 0 || it.isPrivate) {
        await db
          .update(items)
          .set({ format: it.format, isPrivate: it.isPrivate === true })
          .where(eq(items.id, itemId));
      }
      if (it.mediaMarkers?.length) {
        await db.insert(mediaMarkers).values(it.mediaMarkers.map((m) => ({ ...m, itemId })));
      }
      if (it.textMarkers?.length) {
        await db.insert(textMarkers).values(it.textMarkers.map((m) => ({ ...m, itemId })));
      }
    }
  }
}

/** Every video and audio block of the board the caller may see, in board order, with its range. */
export async function dumpClips(db: Db, board: BoardRow, opts: { privateOf?: string | null } = {}) {
  const listRows = await db
    .select()
    .from(lists)
    .where(eq(lists.multilistId, board.id))
    .orderBy(asc(lists.index));
  const itemRows = await db
    .select()
    .from(items)
    .where(and(eq(items.multilistId, board.id), ordered, contentSeenBy(opts.privateOf ?? null)))
    .orderBy(asc(items.index));
  const ids = itemRows.map((i) => i.id);
  const media = ids.length
    ? await db
        .select()
        .from(blocks)
        .where(and(inArray(blocks.itemId, ids), inArray(blocks.type, ['video', 'audio'])))
        .orderBy(asc(blocks.index))
    : [];
  const clips = [];
  for (const l of listRows) {
    for (const i of itemRows.filter((r) => r.listId === l.id)) {
      for (const b of media.filter((m) => m.itemId === i.id)) {
        clips.push({
          listTitle: l.title,
          itemId: i.id,
          blockId: b.id,
          type: b.type,
          url: b.url,
          range: b.range,
          caption: b.caption,
          /** The block's own line of markup, so the clip can be loaded back as it was. */
          text: b.text,
        });
      }
    }
  }
  return clips;
}
