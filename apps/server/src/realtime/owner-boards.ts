/**
 * A listing of the notes on one person's boards (Discussion, my notes) follows every board they
 * own, not only those its entries come from: a note on any of them reaches the page at once.
 */
import { eq } from 'drizzle-orm';
import { mayListFor, type PolicyUser } from '@listboard/core';
import type { Db } from '../db/client';
import { multilists } from '../db/schema';

export interface OwnerBoards {
  /** The owner's boards, to follow. */
  ids: Set<string>;
  /** Whether one of them changed after the listing was read: the page then loads it again. */
  changed: boolean;
}

/**
 * The boards of `owner` a stream follows for their listing read at `since`; null when no listing
 * is asked for, or the viewer may not open that person's listings (nothing of them is told).
 */
export async function ownerBoards(
  db: Db,
  viewer: PolicyUser | null,
  owner: string | undefined,
  since: string | undefined,
): Promise<OwnerBoards | null> {
  if (owner === undefined || !mayListFor(viewer, owner)) return null;
  const rows = await db
    .select({ id: multilists.id, modified: multilists.modified })
    .from(multilists)
    .where(eq(multilists.owner, owner));
  // A time that cannot be read plays safe: the page loads the listing again.
  const at = since === undefined ? Number.NaN : Date.parse(since);
  return {
    ids: new Set(rows.map((r) => r.id)),
    changed: Number.isNaN(at) || rows.some((r) => r.modified.getTime() > at),
  };
}
