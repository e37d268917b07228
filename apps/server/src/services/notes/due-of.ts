/**
 * When notes on an item are due (ours; core's notesDueOf), for the server: in JavaScript, in SQL,
 * and for the lists of some notes at once. Every count and mark of lateness (Insight, Course
 * grades, the notes CSV, Discussion and the other listings) asks it here.
 */
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { notesDueOf } from '@listboard/core';
import type { Db } from '../../db/client';
import { lists } from '../../db/schema';

/** core's notesDueOf: the list's date, else the board's. */
export const dueOf = notesDueOf<Date>;

/** A note or reply written after it was due; never, with no due date. */
export const writtenLate = (created: Date, due: Date | null): boolean =>
  due !== null && created > due;

/** The same rule in SQL, over a list's and a board's notes_due columns. */
export const dueSql = (listDue: AnyColumn | SQL, boardDue: AnyColumn | SQL): SQL =>
  sql`coalesce(${listDue}, ${boardDue})`;

/** The due dates of these lists, by id; a list without one is left out. */
export async function listDues(db: Db, listIds: string[]): Promise<Map<string, Date>> {
  const ids = [...new Set(listIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: lists.id, due: lists.notesDue })
    .from(lists)
    .where(inArray(lists.id, ids));
  return new Map(rows.flatMap((r) => (r.due ? [[r.id, r.due] as const] : [])));
}
