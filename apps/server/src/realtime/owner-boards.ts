/**
 * A listing of the notes on one person's boards (Discussion, my notes) follows every board they
 * own, coauthor or edit, not only those its entries come from: a note on any of them reaches the
 * page at once.
 */
import { eq } from 'drizzle-orm';
import { mayListFor, type PolicyUser } from '@listboard/core';
import type { Db } from '../db/client';
import { multilists } from '../db/schema';
import type { BoardEvent, EventBus } from './bus';
import { answeredBy } from '../services/notes/answered-boards';

export interface OwnerBoards {
  owner: string;
  /** The boards the owner owns, coauthors or edits, to follow. */
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
    .where(answeredBy(owner));
  // A time that cannot be read plays safe: the page loads the listing again.
  const at = since === undefined ? Number.NaN : Date.parse(since);
  return {
    owner,
    ids: new Set(rows.map((r) => r.id)),
    changed: Number.isNaN(at) || rows.some((r) => r.modified.getTime() > at),
  };
}

/**
 * Boards the owner makes while the stream is open: the first change by them to a board not
 * followed yet has its owner looked up, once; a board of theirs joins `listing` and is handed to
 * `follow` with that change and any that came while it was looked up. Answers the way to stop.
 */
export function followNewBoards(
  db: Db,
  bus: EventBus,
  listing: OwnerBoards,
  follow: (id: string, changes: BoardEvent[]) => void,
): () => void {
  const asked = new Set<string>();
  const waiting = new Map<string, BoardEvent[]>();
  return bus.subscribeAll((e) => {
    const id = e.multilistId;
    const held = waiting.get(id);
    if (held) {
      held.push(e);
      return;
    }
    if (e.by !== listing.owner || listing.ids.has(id) || asked.has(id)) return;
    asked.add(id);
    waiting.set(id, [e]);
    void db
      .select({ owner: multilists.owner })
      .from(multilists)
      .where(eq(multilists.id, id))
      .then(([row]) => {
        const changes = waiting.get(id) ?? [];
        waiting.delete(id);
        if (row?.owner !== listing.owner) return;
        listing.ids.add(id);
        follow(id, changes);
      })
      .catch(() => {
        // Asked again at its next change.
        waiting.delete(id);
        asked.delete(id);
      });
  });
}
