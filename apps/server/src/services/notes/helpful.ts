/**
 * "Helpful" on a note or reply: a reader marks another's note helpful, once, and may take the
 * mark back. The note's count (items.votes) moves with each mark in the same transaction, by
 * one, under the note row's lock, so marks made at once all count. Who marked a note is the
 * marker's own: loads and live patches tell each caller only whether they did (`voted`).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { helpfulRefusal } from '@listboard/core';
import type { Db } from '../../db/client';
import { items, noteVotes, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { Actor } from '../accounts/users';
import type { ItemRow } from '../boards/rows';

export async function markHelpful(db: Db, note: ItemRow, actor: Actor, helpful: boolean) {
  const refused = helpfulRefusal(note, actor.username);
  if (refused) throw badRequest(refused);
  const changed = helpful
    ? await db
        .insert(noteVotes)
        .values({ itemId: note.id, userId: actor.id })
        .onConflictDoNothing()
        .returning({ id: noteVotes.itemId })
    : await db
        .delete(noteVotes)
        .where(and(eq(noteVotes.itemId, note.id), eq(noteVotes.userId, actor.id)))
        .returning({ id: noteVotes.itemId });
  const step = changed.length === 0 ? 0 : helpful ? 1 : -1;
  const [row] = await db
    .update(items)
    .set({ votes: sql`greatest(${items.votes} + ${step}, 0)` })
    .where(eq(items.id, note.id))
    .returning({ votes: items.votes });
  return { itemId: note.id, votes: row?.votes ?? 0, voted: helpful };
}

/**
 * Of these notes, those each user marked helpful (by user name): only notes with a count are
 * asked about, so a board where nobody has marked anything costs no query.
 */
export async function helpfulMarks(
  db: Db,
  notes: readonly Pick<ItemRow, 'id' | 'votes'>[],
  username?: string,
): Promise<Map<string, Set<string>>> {
  const ids = notes.filter((n) => n.votes > 0).map((n) => n.id);
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
