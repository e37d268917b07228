/**
 * One mail a day instead of a mail for each alert, for those whose profile gathers them
 * (`fields.alertDigest`): a teacher of a large class is told of every note without a mailbox full
 * of them. An alert to such a person is kept (alerts.ts sendAlert: its subject and the item it is
 * about); a day after the first one kept, a sweep (every DIGEST_SWEEP_MS) sends them all in one mail.
 * One who stops gathering them gets what was kept at the next sweep; with e-mail alerts turned
 * off, what was kept goes unsent.
 *
 * The mail is written when it goes, from each item as it is then, and tells only of those its
 * reader may still see: the one visibility rule (canSeeItem) is asked again for each, so one on
 * an item made private, a board locked or a group left since is left out. Each person's alerts
 * are claimed in one transaction, the mail sent in it, so however many instances sweep a day's
 * alerts go once.
 */
import { and, eq, inArray, lte, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertDigests, items, multilists, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { findUserById, toActor } from '../accounts/users';
import { discussionUrl, mailText, noteUrl, profileUrl } from './alert-text';
import type { VisibleBoard } from '@listboard/core';
import type { BoardRow } from '../boards/access';
import { canSeeItem, viewerFor, visibleBoardOf } from './visibility';

/** How long after the first alert kept the day's mail goes. */
export const DIGEST_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often those with a day's alerts waiting are looked for. */
export const DIGEST_SWEEP_MS = 5 * 60 * 1000;
/** The most alerts one mail tells of in full; it counts the rest. */
export const DIGEST_MAX = 50;

/** The last line of the day's mail: why it came, and where to change it. */
export const whyGathered = (publicUrl: string, username: string) =>
  `You get this once a day because your profile gathers e-mail alerts into one mail; you can change that there: ${profileUrl(publicUrl, username)}`;

/** The last line of the alerts kept for one who since asked for each as it comes. */
export const noLongerGathered = (publicUrl: string, username: string) =>
  `These were kept for your day's mail; your profile now asks for each alert as it comes: ${profileUrl(publicUrl, username)}`;

const DAY = { timeZone: 'UTC', dateStyle: 'full', timeStyle: 'short' } as const;

/** Whether a user's profile (users.fields) still asks for their e-mail alerts in one mail a day. */
const gathers = sql`coalesce(${users.fields} ->> 'emailAlerts' = 'true' and ${users.fields} ->> 'alertDigest' = 'true', false)`;

/** Sends each mail whose day has come; answers how many were sent. */
export async function sendAlertDigests(
  db: Db,
  mail: { mailer: Mailer | undefined; publicUrl: string },
  now: Date,
): Promise<number> {
  const { mailer } = mail;
  if (!mailer) return 0;
  const cutoff = new Date(now.getTime() - DIGEST_AFTER_MS);
  // A day after the first kept; or at once for one who has since stopped gathering them (their
  // alerts were to come as they came), or stopped e-mail alerts (they go unsent).
  const due = await db
    .selectDistinct({ userId: alertDigests.userId })
    .from(alertDigests)
    .innerJoin(users, eq(users.id, alertDigests.userId))
    .where(or(lte(alertDigests.created, cutoff), not(gathers)));
  let sent = 0;
  for (const { userId } of due) {
    sent += await db.transaction(async (tx) => {
      // Claimed while a kept alert is a day old still: another sweep that sent them took them.
      const kept = await tx
        .delete(alertDigests)
        .where(
          and(
            eq(alertDigests.userId, userId),
            sql`exists (select 1 from ${alertDigests} a join ${users} on ${users.id} = a.user_id where a.user_id = ${userId} and (a.created <= ${cutoff.toISOString()} or not ${gathers}))`,
          ),
        )
        .returning();
      kept.sort((a, b) => +a.created - +b.created);
      const [first] = kept;
      const to = await findUserById(tx, userId);
      if (!first || !to?.email || to.fields.emailAlerts !== true) return 0;
      const viewer = await viewerFor(tx, toActor(to), null);
      const rows = await tx
        .select({ item: items, board: multilists })
        .from(items)
        .innerJoin(multilists, eq(multilists.id, items.multilistId))
        .where(
          inArray(
            items.id,
            kept.map((k) => k.itemId),
          ),
        );
      const byId = new Map(rows.map((r) => [r.item.id, r]));
      // A day's alerts are mostly on a few boards: each board's people are read once.
      const boards = new Map<string, Promise<VisibleBoard>>();
      const boardOf = (board: BoardRow) => {
        const known = boards.get(board.id) ?? visibleBoardOf(tx, board);
        boards.set(board.id, known);
        return known;
      };
      const told: string[] = [];
      let more = 0;
      for (const k of kept) {
        const row = byId.get(k.itemId);
        if (!row || !(await canSeeItem(tx, viewer, await boardOf(row.board), row.item))) continue;
        if (told.length === DIGEST_MAX) {
          more += 1;
          continue;
        }
        const at = noteUrl(mail.publicUrl, row.board, row.item.threadId ?? row.item.id);
        told.push(
          [k.subject, '', mailText(row.item.text, mail.publicUrl), '', `On the board: ${at}`].join(
            '\n',
          ),
        );
      }
      if (told.length === 0) return 0;
      const count = told.length + more;
      const since = first.created.toLocaleString('en-US', DAY);
      await mailer.send({
        to: to.email,
        subject: `Your Listboard alerts: ${count} since ${since} UTC`,
        text: [
          `${count} ${count === 1 ? 'alert' : 'alerts'} since ${since} UTC, each as it is now:`,
          '',
          told.join('\n\n———\n\n'),
          ...(more > 0
            ? ['', `And ${more} more: they wait on your Discussion page and Listings.`]
            : []),
          '',
          `Your Discussion page: ${discussionUrl(mail.publicUrl, to.username)}`,
          '',
          to.fields.alertDigest === true
            ? whyGathered(mail.publicUrl, to.username)
            : noLongerGathered(mail.publicUrl, to.username),
        ].join('\n'),
      });
      return 1;
    });
  }
  return sent;
}
