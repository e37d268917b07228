import { must, pathTitle } from '@listboard/core';
import type { Db } from '../../db/client';
import { items, lists, multilists } from '../../db/schema';
import { storeBlocks } from './blocks-store';

export interface BoardSpec {
  owner: string;
  title: string;
  description?: string;
  listed?: boolean;
  labels?: string[];
  groups?: string[];
  lists: { title: string; description?: string; items: (string | ItemSpec)[] }[];
}

export interface ItemSpec {
  text: string;
  author?: string;
  labels?: { name: string; value: string }[];
  flags?: Record<string, boolean>;
}

/**
 * Creates a whole board in one transaction; returns its id. onList, if given, hears of each list
 * written (a long import reports its progress with it).
 */
export async function createBoard(
  db: Db,
  spec: BoardSpec,
  onList?: (done: number, total: number) => void,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [board] = await tx
      .insert(multilists)
      .values({
        owner: spec.owner,
        title: spec.title,
        ptitle: pathTitle(spec.title),
        description: spec.description ?? 'No description.',
        listed: spec.listed ?? true,
        labels: spec.labels ?? [],
        groups: spec.groups ?? [],
      })
      .returning({ id: multilists.id });
    const boardId = must(board, 'the new board').id;
    for (const [li, l] of spec.lists.entries()) {
      const [list] = await tx
        .insert(lists)
        .values({
          multilistId: boardId,
          index: li,
          title: l.title,
          description: l.description ?? '',
          author: spec.owner,
        })
        .returning({ id: lists.id });
      for (const [ii, raw] of l.items.entries()) {
        const it: ItemSpec = typeof raw === 'string' ? { text: raw } : raw;
        const [row] = await tx
          .insert(items)
          .values({
            listId: must(list, 'the new list').id,
            multilistId: boardId,
            index: ii,
            owner: spec.owner,
            author: it.author ?? spec.owner,
            text: it.text,
            labels: it.labels ?? [],
            flags: it.flags ?? {},
          })
          .returning({ id: items.id });
        await storeBlocks(tx, must(row, 'the new item').id, it.text, { owner: spec.owner });
      }
      onList?.(li + 1, spec.lists.length);
    }
    return boardId;
  });
}
