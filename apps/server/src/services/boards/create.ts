import { must, pathTitle } from '@listboard/core';
import type { Db } from '../../db/client';
import { lists, multilists } from '../../db/schema';
import { insertListItems } from './items';

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
      await insertListItems(
        tx,
        { listId: must(list, 'the new list').id, multilistId: boardId, owner: spec.owner },
        l.items.map((raw) => {
          const it: ItemSpec = typeof raw === 'string' ? { text: raw } : raw;
          return { ...it, author: it.author ?? spec.owner };
        }),
      );
      onList?.(li + 1, spec.lists.length);
    }
    return boardId;
  });
}
