import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blocks, items, lists } from '../db/schema';
import type { BoardRow } from './board-access';
import { ordered } from './ordering';

export interface BoardDump {
  format: 'listboard-dump';
  version: 1;
  owner: string;
  title: string;
  description: string;
  listed: boolean;
  labels: string[];
  lists: {
    title: string;
    description: string;
    items: {
      text: string;
      labels: { name: string; value: string }[];
      format: Record<string, string | number>;
      flags: Record<string, boolean>;
    }[];
  }[];
}

/** The dump format: enough to rebuild the board's content (not its notes or view states). */
export async function dumpBoard(db: Db, board: BoardRow): Promise<BoardDump> {
  const listRows = await db
    .select()
    .from(lists)
    .where(eq(lists.multilistId, board.id))
    .orderBy(asc(lists.index));
  const itemRows = await db
    .select()
    .from(items)
    .where(and(eq(items.multilistId, board.id), ordered))
    .orderBy(asc(items.index));
  return {
    format: 'listboard-dump',
    version: 1,
    owner: board.owner,
    title: board.title,
    description: board.description,
    listed: board.listed,
    labels: board.labels,
    lists: listRows.map((l) => ({
      title: l.title,
      description: l.description,
      items: itemRows
        .filter((i) => i.listId === l.id)
        .map((i) => ({ text: i.text, labels: i.labels, format: i.format, flags: i.flags })),
    })),
  };
}

/** Every video and audio block of the board, in board order, with its range. */
export async function dumpClips(db: Db, board: BoardRow) {
  const listRows = await db
    .select()
    .from(lists)
    .where(eq(lists.multilistId, board.id))
    .orderBy(asc(lists.index));
  const itemRows = await db
    .select()
    .from(items)
    .where(and(eq(items.multilistId, board.id), ordered))
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
        });
      }
    }
  }
  return clips;
}
