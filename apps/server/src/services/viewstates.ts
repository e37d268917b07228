import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { viewStates } from '../db/schema';

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
      set: { state: sql`${viewStates.state} || ${JSON.stringify(set)}::jsonb`, modified: new Date() },
    });
}
