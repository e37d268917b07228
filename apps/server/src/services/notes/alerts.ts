import { and, eq } from 'drizzle-orm';
import {
  ITEM_ANCHOR,
  MENTIONS_MAX,
  mentionsIn,
  sameName,
  fieldMsg,
  isValidEmail,
  type Item,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { alertDigests, items, lists, multilists, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { findUserByUsername, toActor } from '../accounts/users';
import { canSeeItem, viewerFor, visibleBoardOf } from './visibility';
import { throttleHit } from '../accounts/auth-throttle';
import { answerersOf } from './answered-boards';
import { boardUrl, discussionUrl, mailText, noteUrl, whyAlerted } from './alert-text';

export { boardUrl, mailText, whyAlerted } from './alert-text';

/** How a mail signs its sender: the full name they gave, or null. */
export async function fullnameOf(db: Db, userId: string): Promise<string | null> {
  const [sender] = await db
    .select({ fullname: users.fullname })
    .from(users)
    .where(eq(users.id, userId));
  return sender?.fullname.trim() || null;
}

/**
 * Whether `to` may be mailed one more alert this hour: an address, a profile that asks for
 * alerts, and the hour's `limit` not used up (each call counts one).
 */
export async function mayAlert(
  db: Db,
  to: { id: string; email: string | null; fields: { emailAlerts?: unknown } },
  limit: number,
): Promise<boolean> {
  if (!to.email || to.fields.emailAlerts !== true) return false;
  const hour = { max: limit, ms: 60 * 60 * 1000 };
  return (await throttleHit(db, 'alert', to.id, hour, new Date())) <= hour.max;
}

/** Whom an alert goes to: their address, and whether they gather alerts into one mail a day. */
interface AlertTarget {
  userId: string;
  email: string;
  gathers: boolean;
}

/**
 * Where to tell `username` of `item` on `board`: nowhere when they have no address, their profile
 * turns e-mail alerts off, or they may not see the item (mail is a channel like any other: the one
 * visibility rule decides), or once the hour's `limit` of alerts to them is used up
 * (ALERT_MAIL_RATE_LIMIT): the alerts then wait on their Discussion page and Listings, and no
 * one can fill another's mailbox through the app. Alerts gathered for a day count no limit.
 */
export async function alertTarget(
  db: Db,
  username: string,
  board: typeof multilists.$inferSelect,
  item: typeof items.$inferSelect,
  limit: number,
): Promise<AlertTarget | null> {
  const to = await findUserByUsername(db, username);
  if (!to?.email || to.fields.emailAlerts !== true) return null;
  const viewer = await viewerFor(db, toActor(to), null);
  if (!(await canSeeItem(db, viewer, await visibleBoardOf(db, board), item))) return null;
  const gathers = to.fields.alertDigest === true;
  if (!gathers && !(await mayAlert(db, to, limit))) return null;
  return { userId: to.id, email: to.email, gathers };
}

/**
 * Sends an alert about `itemId` now, or, to one who gathers them, keeps its subject for the day's
 * mail (digest.ts), which writes it from the item as it is then.
 */
export async function sendAlert(
  db: Db,
  mailer: Mailer,
  to: AlertTarget,
  itemId: string,
  mail: { subject: string; text: string[] },
): Promise<void> {
  if (to.gathers)
    await db.insert(alertDigests).values({ userId: to.userId, itemId, subject: mail.subject });
  else await mailer.send({ to: to.email, subject: mail.subject, text: mail.text.join('\n') });
}

/** An item of class `cls` with its board, or undefined. */
export async function withBoard(db: Db, id: string, cls: 'note' | 'reply') {
  const [row] = await db
    .select({ item: items, board: multilists })
    .from(items)
    .innerJoin(multilists, eq(multilists.id, items.multilistId))
    .where(and(eq(items.id, id), eq(items.annotationClass, cls)));
  return row;
}

type WithBoard = NonNullable<Awaited<ReturnType<typeof withBoard>>>;
const WHOSE = {
  owner: 'your board',
  coauthor: 'the board you coauthor',
  editor: 'the board you edit',
} as const;

/**
 * Mails each who answers the notes on `row`'s board (its owner, coauthors and editors) whose
 * profile asks for e-mail alerts and who may see `row`'s item, but its writer and those in
 * `skip`, what `compose` writes for them. Answers who were told.
 */
async function alertAnswerers(
  db: Db,
  mailer: Mailer,
  row: WithBoard,
  limit: number,
  skip: readonly string[],
  compose: (username: string, whose: string) => { subject: string; text: string[] },
): Promise<string[]> {
  const told: string[] = [];
  for (const { username, role } of await answerersOf(db, row.board)) {
    if (username === row.item.author || skip.includes(username)) continue;
    // A note they may not see (on a coauthor's private item, a private reply) is not theirs to
    // be told of.
    const to = await alertTarget(db, username, row.board, row.item, limit);
    if (!to) continue;
    await sendAlert(db, mailer, to, row.item.id, compose(username, WHOSE[role]));
    told.push(username);
  }
  return told;
}

/**
 * Tells those who answer the notes on the board (its owner, its coauthors and editors) of a new
 * reader note, each whose profile asks for e-mail alerts. Answers who were told.
 */
export async function alertAuthorsOfNote(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  noteId: string,
  limit: number,
): Promise<string[]> {
  const row = await withBoard(db, noteId, 'note');
  // Only a note that waits for an answer: not a private one, nor one by those who answer.
  if (!row || row.item.noteStatus !== 'pending') return [];
  return alertAnswerers(db, mailer, row, limit, [], (username, whose) => ({
    subject: `New note on ${row.board.title} from ${row.item.hint || row.item.author}`,
    text: [
      `${row.item.hint || row.item.author} wrote a note on ${whose} “${row.board.title}”:`,
      '',
      mailText(row.item.text, publicUrl),
      '',
      `Answer or dismiss it on your Discussion page: ${discussionUrl(publicUrl, username)}`,
      // The note itself, on the board: its passage shown and flashed (the web's useNoteAnchor).
      `The note on the board: ${noteUrl(publicUrl, row.board, row.item.id)}`,
      '',
      whyAlerted(publicUrl, username, true),
    ],
  }));
}

/**
 * Tells those who answer the notes on the board of a reader's question in reply under a note
 * already answered, which put the note back on their Discussion (addNote: `askedAgain`), as a
 * new note is told: each who may see the question and was not `told` of it already (the writer
 * of what it answers, by alertOfReply). Answers who were told.
 */
export async function alertAuthorsOfQuestion(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  replyId: string,
  limit: number,
  told: readonly string[],
): Promise<string[]> {
  const row = await withBoard(db, replyId, 'reply');
  if (!row?.item.threadId) return [];
  const threadId = row.item.threadId;
  const by = row.item.hint || row.item.author;
  return alertAnswerers(db, mailer, row, limit, told, (username, whose) => ({
    subject: `${by} asked again on ${row.board.title}`,
    text: [
      `${by} asked again, after the answer, on ${whose} “${row.board.title}”:`,
      '',
      mailText(row.item.text, publicUrl),
      '',
      `The note waits on your Discussion page again: ${discussionUrl(publicUrl, username)}`,
      `The conversation on the board: ${noteUrl(publicUrl, row.board, threadId)}`,
      '',
      whyAlerted(publicUrl, username, true),
    ],
  }));
}

/**
 * Tells the writer of a note (or reply) of a reply to it, when their profile asks for e-mail
 * alerts: a reader learns that their question was answered without checking back. Mail is a
 * channel like any other: a reply its addressee may not see (one kept private by its writer) is
 * not theirs to be told of, and no one is told of their own reply. Answers who was told, if anyone.
 */
export async function alertOfReply(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  replyId: string,
  limit: number,
): Promise<string | null> {
  const row = await withBoard(db, replyId, 'reply');
  if (!row?.item.parentId) return null;
  const [parent] = await db
    .select({ author: items.author })
    .from(items)
    .where(eq(items.id, row.item.parentId));
  if (!parent || parent.author === row.item.author) return null;
  const to = await alertTarget(db, parent.author, row.board, row.item, limit);
  if (!to) return null;
  const by = row.item.hint || row.item.author;
  await sendAlert(db, mailer, to, row.item.id, {
    subject: `${by} replied to you on ${row.board.title}`,
    text: [
      `${by} replied to you on the board “${row.board.title}”:`,
      '',
      mailText(row.item.text, publicUrl),
      '',
      // The thread on the board, from its note: its passage shown and flashed, the replies under it.
      `The conversation on the board: ${noteUrl(publicUrl, row.board, row.item.threadId ?? row.item.parentId)}`,
      '',
      whyAlerted(publicUrl, parent.author, true),
    ],
  });
  return parent.author;
}

/**
 * Tells each person a new note, reply or annotation mentions (`@username`, core mentionsIn; the
 * first MENTIONS_MAX of them) that it does, when their profile asks for e-mail alerts. Mail is a
 * channel like any other: one who may not see the note (a private note, a group's note to one
 * outside the group, a board they may not read) is not told, nor is its writer, nor anyone
 * `told` already of this note by another alert. Answers who were told.
 */
export async function alertMentioned(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  args: { noteId: string; told: readonly string[]; limit: number },
): Promise<string[]> {
  const [row] = await db
    .select({ item: items, board: multilists })
    .from(items)
    .innerJoin(multilists, eq(multilists.id, items.multilistId))
    .where(eq(items.id, args.noteId));
  const cls = row?.item.annotationClass;
  if (!row || !cls || cls === 'none') return [];
  const { item, board } = row;
  const kind = { note: 'note', reply: 'reply', anno: 'annotation' }[cls];
  const what = `${kind === 'annotation' ? 'an' : 'a'} ${kind}`;
  const by = item.hint || item.author;
  const told: string[] = [];
  for (const named of mentionsIn(item.text).slice(0, MENTIONS_MAX)) {
    // The person as their account spells their name: `@Sam` at a sentence's start is sam.
    const username = (await findUserByUsername(db, named))?.username;
    if (!username || username === item.author || args.told.some((t) => sameName(t, username)))
      continue;
    const to = await alertTarget(db, username, board, item, args.limit);
    if (!to) continue;
    await sendAlert(db, mailer, to, item.id, {
      subject: `${by} mentioned you on ${board.title}`,
      text: [
        `${by} mentioned you in ${what} on the board “${board.title}”:`,
        '',
        mailText(item.text, publicUrl),
        '',
        `The ${kind} on the board: ${noteUrl(publicUrl, board, item.threadId ?? item.id)}`,
        `Everything that mentions you: ${publicUrl}/${username}/home?code=mentions&username=${username}`,
        '',
        whyAlerted(publicUrl, username, true),
      ],
    });
    told.push(username);
  }
  return told;
}

/**
 * Tells a note's writer that the board's author or an editor marked it answered (an answer given
 * in class, say) or dismissed it, when their profile asks for e-mail alerts: a reader learns
 * their note was read without checking back. Set back to pending, or marked by its own writer, it
 * tells no one; a reply that answers a note is mailed as a reply (alertOfReply), not twice.
 */
export async function alertOfStatus(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  args: { noteId: string; by: string; was: string | null; limit: number },
): Promise<boolean> {
  const row = await withBoard(db, args.noteId, 'note');
  const status = row?.item.noteStatus;
  if (!row || (status !== 'answered' && status !== 'dismissed') || status === args.was)
    return false;
  if (row.item.author === args.by) return false;
  const to = await alertTarget(db, row.item.author, row.board, row.item, args.limit);
  if (!to) return false;
  // The name the note keeps for who set its status (setNoteStatus), as the pages show it.
  const by = row.item.statusByName ?? args.by;
  const what = status === 'answered' ? 'marked your note answered' : 'dismissed your note';
  await sendAlert(db, mailer, to, row.item.id, {
    subject: `${by} ${what} on ${row.board.title}`,
    text: [
      `${by} ${what} on the board “${row.board.title}”:`,
      '',
      mailText(row.item.text, publicUrl),
      '',
      // The note on the board, its passage shown and flashed; it can still be replied to there.
      `The note on the board, where you can still reply to it: ${noteUrl(publicUrl, row.board, row.item.id)}`,
      '',
      whyAlerted(publicUrl, row.item.author, true),
    ],
  });
  return true;
}

export const mailItemLimitMessage = (n: number) =>
  `You have e-mailed ${n} ${n === 1 ? 'item' : 'items'} in the last hour, the most allowed. Please try again later.`;

/**
 * Sends one item of a board to an address (the emailItem form). The mail says who sent it, so
 * no one can pass a message off as the site's own.
 */
export async function emailItem(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  args: {
    email: string;
    item: Item | typeof items.$inferSelect;
    from: { id: string; username: string };
  },
): Promise<void> {
  if (!isValidEmail(args.email)) throw badRequest(fieldMsg.invalidEmail);
  const [row] = await db
    .select({ board: multilists, list: lists })
    .from(lists)
    .innerJoin(multilists, eq(multilists.id, lists.multilistId))
    .where(eq(lists.id, args.item.listId));
  if (!row) throw notFound('No such item.');
  const fullname = await fullnameOf(db, args.from.id);
  const name = fullname ? `${fullname} (${args.from.username})` : args.from.username;
  await mailer.send({
    to: args.email.trim(),
    subject: `${name} sent you an item from “${row.board.title}”`,
    text: [
      `${name}, a user of Listboard, sent you this item.`,
      '',
      mailText(args.item.text, publicUrl),
      '',
      // The item itself, on its board: selected and brought into view (the web's useItemAnchor).
      `From the list “${row.list.title}”: ${boardUrl(publicUrl, row.board.owner, row.board.ptitle)}#${ITEM_ANCHOR}${'_id' in args.item ? args.item._id : args.item.id}`,
      '',
      `You get this because ${args.from.username} entered your address. If you did not expect it, you can ignore it.`,
    ].join('\n'),
  });
}
