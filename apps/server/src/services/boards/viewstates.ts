import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { viewStates } from '../../db/schema';

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
 * deletes call this with the ids going away.
 */
export async function dropViewStates(
  db: Db,
  where: { multilistId?: string; listId?: string; itemId?: string },
) {
  if (where.multilistId) {
    await db.execute(sql`delete from view_states where target_id = ${where.multilistId}
      or target_id in (select id from lists where multilist_id = ${where.multilistId})
      or target_id in (select id from items where multilist_id = ${where.multilistId})`);
  } else if (where.listId) {
    await db.execute(sql`delete from view_states where target_id = ${where.listId}
      or target_id in (select id from items where list_id = ${where.listId})`);
  } else if (where.itemId) {
    await db.execute(sql`delete from view_states where target_id = ${where.itemId}
      or target_id in (select id from items where root_item_id = ${where.itemId})`);
  }
}
