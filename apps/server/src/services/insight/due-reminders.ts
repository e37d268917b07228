/**
 * Reminders a day before notes are due, on the boards whose authors asked for them in Board
 * settings: the members of each of the board's groups whose roster its owner holds who have
 * written nothing yet are mailed, as if the owner had pressed Insight's Remind for each group
 * (remindGroup: the same mail, the same rule of who may be sent the board's address, the same
 * once a day for a group and board, so a Remind pressed that day is not sent twice). A list with
 * a date of its own (a course's week) brings a reminder of its own, a day before that date, to
 * the members who have written nothing on its items, once a day for a group and list.
 *
 * A sweep (every REMIND_SWEEP_MS) finds the boards and lists due within the coming day. Each is
 * claimed in its own transaction, its due_reminded set to its due date, so a reminder goes once
 * for a date however many instances sweep; a date moved later brings a reminder of its own.
 */
import { and, eq, gt, isNull, lte, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lists, multilists } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { findUserByUsername, toActor } from '../accounts/users';
import { recordAudit } from '../admin/audit';
import { policyBoardOf, type BoardRow } from '../boards/access';
import { viewerFor } from '../notes/visibility';
import { remindGroup, type RemindedList } from './remind';

/** How long before notes are due the reminder goes. */
export const REMIND_BEFORE_MS = 24 * 60 * 60 * 1000;
/** How often the boards coming due are looked for. */
export const REMIND_SWEEP_MS = 5 * 60 * 1000;

type Mail = { mailer: Mailer | undefined; publicUrl: string; alertLimit: number };

/** A date within the coming day, not yet reminded of. */
const comingDue = (now: Date, due: AnyColumn, reminded: AnyColumn) =>
  and(
    gt(due, now),
    lte(due, new Date(now.getTime() + REMIND_BEFORE_MS)),
    or(isNull(reminded), ne(reminded, due)),
  );
/** A board whose reminder is asked for and due now. */
const boardComingDue = (now: Date) =>
  and(eq(multilists.remindDue, true), comingDue(now, multilists.notesDue, multilists.dueReminded));
/** A list with a date of its own due now, on a board whose reminders are asked for. */
const listComingDue = (now: Date) =>
  and(
    comingDue(now, lists.notesDue, lists.dueReminded),
    sql`exists (select 1 from ${multilists} m where m.id = ${lists.multilistId} and m.remind_due)`,
  );

/**
 * Sends the reminders coming due; answers how many boards and lists were reminded and how many
 * mails were sent.
 */
export async function sendDueReminders(
  db: Db,
  mail: Mail,
  now: Date,
): Promise<{ boards: number; lists: number; mailed: number }> {
  const sent = { boards: 0, lists: 0, mailed: 0 };
  if (!mail.mailer) return sent;
  const boards = await db.select({ id: multilists.id }).from(multilists).where(boardComingDue(now));
  for (const { id } of boards) {
    await db.transaction(async (tx) => {
      // Claimed, or already claimed by another sweep (then nothing comes back).
      const [board] = await tx
        .update(multilists)
        .set({ dueReminded: sql`${multilists.notesDue}` })
        .where(and(eq(multilists.id, id), boardComingDue(now)))
        .returning();
      if (!board) return;
      const mailed = await remindGroups(tx, mail, board);
      if (mailed === null) return;
      sent.boards += 1;
      sent.mailed += mailed;
    });
  }
  const due = await db.select({ id: lists.id }).from(lists).where(listComingDue(now));
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [list] = await tx
        .update(lists)
        .set({ dueReminded: sql`${lists.notesDue}` })
        .where(and(eq(lists.id, id), listComingDue(now)))
        .returning();
      if (!list?.notesDue) return;
      const [board] = await tx.select().from(multilists).where(eq(multilists.id, list.multilistId));
      if (!board) return;
      const reminded = { id: list.id, title: list.title, notesDue: list.notesDue };
      const mailed = await remindGroups(tx, mail, board, reminded);
      if (mailed === null) return;
      sent.lists += 1;
      sent.mailed += mailed;
    });
  }
  return sent;
}

/**
 * Each of the board's groups reminded, as its owner's Remind would; how many were mailed, or null
 * when the board's owner is no longer there.
 */
async function remindGroups(
  tx: Db,
  mail: Mail,
  board: BoardRow,
  list?: RemindedList,
): Promise<number | null> {
  const owner = await findUserByUsername(tx, board.owner);
  if (!owner) return null;
  const actor = toActor(owner);
  const ask = {
    board,
    policy: await policyBoardOf(tx, board),
    viewer: await viewerFor(tx, actor, null),
    username: actor.username,
    scope: 'board' as const,
    actor,
  };
  let sent = 0;
  for (const group of board.groups) {
    try {
      const { mailed } = await remindGroup(tx, mail, ask, group, list);
      sent += mailed;
      // In the activity log as the owner's, whose setting sent it.
      await recordAudit(tx, {
        actor,
        call: 'due_reminder',
        board,
        details: { groupName: group, mailed, ...(list ? { list: list.title } : {}) },
      });
    } catch (e) {
      // A group the owner does not hold, or one reminded today already: nothing to send.
      if (!(e instanceof HttpError)) throw e;
    }
  }
  return sent;
}
