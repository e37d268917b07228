/** The reader groups a listing of the notes on one's boards may be narrowed to. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items, multilists } from '../../db/schema';
import { answeredBy } from '../notes/answered-boards';

/**
 * The reader groups a listing of the notes on `username`'s boards (or on the one board) may be
 * narrowed to, by name: those the boards are assigned, and those notes on them were posted to
 * (a group since taken off a board included). A private note names none: only its writer sees it.
 */
export async function noteGroupsOn(db: Db, username: string, board?: string): Promise<string[]> {
  const boards = board ? eq(multilists.id, board) : answeredBy(username);
  const [assigned, noted] = await Promise.all([
    db.select({ groups: multilists.groups }).from(multilists).where(boards),
    db
      .selectDistinct({ group: items.groupName })
      .from(items)
      .innerJoin(multilists, eq(multilists.id, items.multilistId))
      .where(
        and(
          boards,
          eq(items.annotationClass, 'note'),
          eq(items.isPrivate, false),
          isNotNull(items.groupName),
        ),
      ),
  ]);
  const names = new Set(assigned.flatMap((b) => b.groups));
  for (const n of noted) if (n.group) names.add(n.group);
  return [...names].sort((a, b) => a.localeCompare(b));
}
