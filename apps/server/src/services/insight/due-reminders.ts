/**
 * Reminders a day before notes are due, on the boards whose authors asked for them in Board
 * settings: the members of each of the board's groups whose roster its owner holds who have
 * written nothing yet are mailed, as if the owner had pressed Insight's Remind for each group
 * (remindGroup: the same mail, the same rule of who may be sent the board's address, the same
 * once a day for a group and board, so a Remind pressed that day is not sent twice).
 *
 * A sweep (every REMIND_SWEEP_MS) finds the boards due within the coming day. Each is claimed in
 * its own transaction, its due_reminded set to its due date, so a reminder goes once for a date
 * however many instances sweep; a date moved later brings a reminder of its own.
 */
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { multilists } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { findUserByUsername, toActor } from '../accounts/users';
import { recordAudit } from '../admin/audit';
import { policyBoardOf } from '../boards/access';
import { viewerFor } from '../notes/visibility';
import { remindGroup } from './remind';

/** How long before notes are due the reminder goes. */
export const REMIND_BEFORE_MS = 24 * 60 * 60 * 1000;
/** How often the boards coming due are looked for. */
export const REMIND_SWEEP_MS = 5 * 60 * 1000;

/** A board whose reminder is asked for and due now, not yet sent for its date. */
const comingDue = (now: Date) =>
  and(
    eq(multilists.remindDue, true),
    gt(multilists.notesDue, now),
    lte(multilists.notesDue, new Date(now.getTime() + REMIND_BEFORE_MS)),
    or(isNull(multilists.dueReminded), ne(multilists.dueReminded, multilists.notesDue)),
  );

/** Sends the reminders coming due; answers how many boards were reminded and mails sent. */
export async function sendDueReminders(
  db: Db,
  mail: { mailer: Mailer | undefined; publicUrl: string; alertLimit: number },
  now: Date,
): Promise<{ boards: number; mailed: number }> {
  if (!mail.mailer) return { boards: 0, mailed: 0 };
  const due = await db.select({ id: multilists.id }).from(multilists).where(comingDue(now));
  let boards = 0;
  let mailed = 0;
  for (const { id } of due) {
    mailed += await db.transaction(async (tx) => {
      // Claimed, or already claimed by another sweep (then nothing comes back).
      const [board] = await tx
        .update(multilists)
        .set({ dueReminded: sql`${multilists.notesDue}` })
        .where(and(eq(multilists.id, id), comingDue(now)))
        .returning();
      if (!board) return 0;
      const owner = await findUserByUsername(tx, board.owner);
      if (!owner) return 0;
      boards += 1;
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
          const { mailed: n } = await remindGroup(tx, mail, ask, group);
          sent += n;
          // In the activity log as the owner's, whose setting sent it.
          await recordAudit(tx, {
            actor,
            call: 'due_reminder',
            board,
            details: { groupName: group, mailed: n },
          });
        } catch (e) {
          // A group the owner does not hold, or one reminded today already: nothing to send.
          if (!(e instanceof HttpError)) throw e;
        }
      }
      return sent;
    });
  }
  return { boards, mailed };
}
