/**
 * "Helpful" on a note or reply: a reader marks another's note helpful, once, and may take the
 * mark back. The note's count (items.votes) is kept by the database, a trigger on the marks
 * moving it by one under the note row's lock: marks made at once all count, and a mark taken
 * away by any means (an account removed) takes its one away. Who marked a note is the marker's
 * own: loads and live patches tell each caller only whether they did (`voted`).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { helpfulRefusal } from '@listboard/core';
import type { Db } from '../../db/client';
import { items, multilists, noteVotes, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { Actor } from '../accounts/users';
import type { ItemRow } from '../boards/rows';

export async function markHelpful(db: Db, note: ItemRow, actor: Actor, helpful: boolean) {
  const refused = helpfulRefusal(note, actor.username);
  if (refused) throw badRequest(refused);
  if (helpful)
    await db.insert(noteVotes).values({ itemId: note.id, userId: actor.id }).onConflictDoNothing();
  else
    await db
      .delete(noteVotes)
      .where(and(eq(noteVotes.itemId, note.id), eq(noteVotes.userId, actor.id)));
  // The database keeps the count as marks come and go (migration 0028, note_votes_keep_count).
  const [row] = await db.select({ votes: items.votes }).from(items).where(eq(items.id, note.id));
  return { itemId: note.id, votes: row?.votes ?? 0, voted: helpful };
}

/** The ids of the notes among these that anyone marked helpful: only those are asked about. */
export function markedIds(rows: Iterable<Pick<ItemRow, 'id' | 'votes'>>): string[] {
  const ids: string[] = [];
  for (const r of rows) if (r.votes > 0) ids.push(r.id);
  return ids;
}

/**
 * Of these marked notes (markedIds), those each user marked helpful (by user name): a board where
 * nobody has marked anything costs no query.
 */
export async function helpfulMarks(
  db: Db,
  ids: readonly string[],
  username?: string,
): Promise<Map<string, Set<string>>> {
  const marks = new Map<string, Set<string>>();
  if (ids.length === 0) return marks;
  const rows = await db
    .select({ itemId: noteVotes.itemId, username: users.username })
    .from(noteVotes)
    .innerJoin(users, eq(users.id, noteVotes.userId))
    .where(
      and(
        inArray(noteVotes.itemId, ids),
        username === undefined ? undefined : eq(users.username, username),
      ),
    );
  for (const r of rows) {
    const set = marks.get(r.username) ?? new Set<string>();
    set.add(r.itemId);
    marks.set(r.username, set);
  }
  return marks;
}

/**
 * Before an account goes: the boards whose notes it marked helpful take a new version, so that
 * their loads (and any cached copy) count without its marks, which the account's removal takes
 * away (the cascade, and the count with it).
 */
export async function beforeMarkerGoes(db: Db, userId: string): Promise<void> {
  await db
    .update(multilists)
    .set({ version: sql`${multilists.version} + 1` })
    .where(
      inArray(
        multilists.id,
        db
          .select({ id: items.multilistId })
          .from(noteVotes)
          .innerJoin(items, eq(items.id, noteVotes.itemId))
          .where(eq(noteVotes.userId, userId)),
      ),
    );
}
