import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items, lists, viewStates } from '../../db/schema';

export type ViewStateKind = 'multilist' | 'list' | 'item';

/** Merges a whitelisted `$set` into the user's view state of one board, list or item. */
export async function setViewState(
  db: Db,
  userId: string,
  kind: ViewStateKind,
  targetId: string,
  set: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(viewStates)
    .values({ userId, kind, targetId, state: set })
    .onConflictDoUpdate({
      target: [viewStates.userId, viewStates.kind, viewStates.targetId],
      set: {
        state: sql`${viewStates.state} || ${JSON.stringify(set)}::jsonb`,
        modified: new Date(),
      },
    });
}

/**
 * View states point at boards, lists or items of any kind, so no foreign key can cascade them;
 * deletes call this with the ids going away, and keep the rows it answers with their Trash entry.
 */
export async function dropViewStates(
  db: Db,
  where: { multilistId?: string; listId?: string; itemId?: string; ids?: string[] },
): Promise<(typeof viewStates.$inferSelect)[]> {
  const ofItems = (which: SQL | undefined) =>
    inArray(viewStates.targetId, db.select({ id: items.id }).from(items).where(which));
  const ofLists = (which: SQL | undefined) =>
    inArray(viewStates.targetId, db.select({ id: lists.id }).from(lists).where(which));
  const gone = where.multilistId
    ? or(
        eq(viewStates.targetId, where.multilistId),
        ofLists(eq(lists.multilistId, where.multilistId)),
        ofItems(eq(items.multilistId, where.multilistId)),
      )
    : where.listId
      ? or(eq(viewStates.targetId, where.listId), ofItems(eq(items.listId, where.listId)))
      : where.itemId
        ? or(eq(viewStates.targetId, where.itemId), ofItems(eq(items.rootItemId, where.itemId)))
        : where.ids && where.ids.length > 0
          ? inArray(viewStates.targetId, where.ids)
          : undefined;
  return gone ? db.delete(viewStates).where(gone).returning() : [];
}
