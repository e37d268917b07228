/**
 * Lists in a board and items in a list are kept at indexes 0..n-1. Every change to the order
 * goes through these helpers, always inside a transaction that holds the board lock.
 */
import { and, eq, gt, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items, lists } from '../../db/schema';

/** Items that sit in a list's order; notes and replies hang off items instead. */
export const ordered = eq(items.annotationClass, 'none');

export async function listCount(db: Db, multilistId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lists)
    .where(eq(lists.multilistId, multilistId));
  return r?.n ?? 0;
}

export async function itemCount(db: Db, listId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(items)
    .where(and(eq(items.listId, listId), ordered));
  return r?.n ?? 0;
}

/** Clamps a requested position to 0..count; a missing one means the end. */
export function clampIndex(index: number | undefined, count: number): number {
  if (index === undefined || !Number.isFinite(index)) return count;
  return Math.max(0, Math.min(count, Math.trunc(index)));
}

export async function openListGap(db: Db, multilistId: string, at: number): Promise<void> {
  await db
    .update(lists)
    .set({ index: sql`${lists.index} + 1` })
    .where(and(eq(lists.multilistId, multilistId), gte(lists.index, at)));
}

export async function closeListGap(db: Db, multilistId: string, at: number): Promise<void> {
  await db
    .update(lists)
    .set({ index: sql`${lists.index} - 1` })
    .where(and(eq(lists.multilistId, multilistId), gt(lists.index, at)));
}

/** Makes room at `at` in a list: the items from there on go one place down (but `except`). */
export async function openItemGap(
  db: Db,
  listId: string,
  at: number,
  except?: string,
): Promise<void> {
  await db
    .update(items)
    .set({ index: sql`${items.index} + 1` })
    .where(
      and(
        eq(items.listId, listId),
        ordered,
        gte(items.index, at),
        except ? ne(items.id, except) : undefined,
      ),
    );
}

export async function closeItemGap(db: Db, listId: string, at: number): Promise<void> {
  await db
    .update(items)
    .set({ index: sql`${items.index} - 1` })
    .where(and(eq(items.listId, listId), ordered, gt(items.index, at)));
}
