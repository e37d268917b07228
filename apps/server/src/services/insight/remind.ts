/**
 * A reminder from a teacher to the members of their group who have written nothing on the
 * course board yet: one mail each, with the board's address, to those whose profile asks for
 * alerts (and counted against the same hourly limit as every other alert), at most once a day
 * for one group and board, so no class is flooded by a button pressed twice.
 */
import { canSee, remindMsg } from '@listboard/core';
import type { RemindAnswer } from '@listboard/core/api/contracts/insight';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups } from '../../db/schema';
import { HttpError, badRequest, forbidden } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { rowsOf } from '../../db/rows-of';
import { throttleHit, type ThrottleKey } from '../accounts/auth-throttle';
import { findUserByUsername, toActor, type Actor } from '../accounts/users';
import { viewerFor, visibleBoard } from '../notes/visibility';
import { boardUrl, fullnameOf, mayAlert, whyAlerted } from '../notes/alerts';
import { countedNotes, type InsightAsk } from './counted';
import { REMIND_WINDOW, groupRosters, rosterIsTheirs } from './roster';

/** "Saturday, 12 December 2026 at 17:00 UTC". */
export const utcWords = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;

/** A list whose own due date a reminder is for (due-reminders.ts): of its items only. */
export interface RemindedList {
  id: string;
  title: string;
  notesDue: Date;
}

export async function remindGroup(
  db: Db,
  mail: { mailer: Mailer | undefined; publicUrl: string; alertLimit: number },
  ask: InsightAsk & { actor: Actor },
  groupName: string,
  list?: RemindedList,
): Promise<RemindAnswer> {
  const { board, actor } = ask;
  if (!board.groups.includes(groupName)) throw badRequest(remindMsg.notHere(groupName));
  const [theirs] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.name, groupName), rosterIsTheirs(actor.username, board.id)));
  if (!theirs) throw forbidden(remindMsg.notOwner(groupName));
  const { mailer } = mail;
  if (!mailer) throw badRequest(remindMsg.noMail);
  // Who wrote notes or replies here (on the list's items, for a list's date), as the board's
  // Insight counts them.
  const onList = list ? { where: sql`and c.list_id = ${list.id}` } : {};
  const wrote = await rowsOf<{ author: string }>(
    db,
    sql`select distinct n.author from (${countedNotes({ ...ask, scope: 'board' }, onList)}) n`,
  );
  const rosters = await groupRosters(db, ask, [groupName], new Set(wrote.map((w) => w.author)));
  const yet = rosters.get(groupName)?.yetToWrite ?? [];
  // Everyone has written: nothing to send, and the day's reminder is kept.
  if (yet.length === 0) return { mailed: 0, notMailed: 0 };
  // Once a day for a group and board; a list's date is a reminder of its own.
  const key: ThrottleKey = list ? [board.id, groupName, list.id] : [board.id, groupName];
  const hits = await throttleHit(db, 'remind', key, REMIND_WINDOW, new Date());
  if (hits > REMIND_WINDOW.max) throw new HttpError(409, remindMsg.again(groupName));
  const who = (await fullnameOf(db, actor.id)) ?? actor.username;
  const address = boardUrl(mail.publicUrl, board.owner, board.ptitle);
  let mailed = 0;
  // Mail is a channel like any other: only a member who may open the board is sent its address.
  const shown = visibleBoard(board, ask.policy);
  for (const member of yet) {
    const to = await findUserByUsername(db, member.username);
    if (!to?.email) continue;
    const viewer = await viewerFor(db, toActor(to), null);
    if (!canSee(viewer, { kind: 'board', board: shown })) continue;
    if (!(await mayAlert(db, to, mail.alertLimit))) continue;
    await mailer.send({
      to: to.email,
      subject: remindMsg.subject(who, board.title),
      text: [
        `${who} (${actor.username}), who runs your group ${groupName}, asks you to read “${board.title}” and write your notes and questions on it:`,
        '',
        address,
        '',
        ...(list
          ? [remindMsg.listDue(list.title, utcWords(list.notesDue)), '']
          : board.notesDue
            ? [remindMsg.due(utcWords(board.notesDue)), '']
            : []),
        whyAlerted(mail.publicUrl, to.username, false),
      ].join('\n'),
    });
    mailed += 1;
  }
  return { mailed, notMailed: yet.length - mailed };
}
