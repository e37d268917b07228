import { and, eq } from 'drizzle-orm';
import { ITEM_ANCHOR, NOTE_ANCHOR, fieldMsg, isValidEmail, type Item } from '@listboard/core';
import type { Db } from '../../db/client';
import { items, lists, multilists, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { findUserByUsername, toActor } from '../accounts/users';
import { canSeeItem, viewerFor, visibleBoardOf } from './visibility';
import { throttleHit } from '../accounts/auth-throttle';

/**
 * Counts one more alert to `userId` this hour; false once the hour's `limit` is used up
 * (ALERT_MAIL_RATE_LIMIT): the alerts then wait on their Discussion page and Listings, and no one
 * can fill another's mailbox through the app.
 */
async function alertAllowed(db: Db, userId: string, limit: number): Promise<boolean> {
  const hour = { max: limit, ms: 60 * 60 * 1000 };
  return (await throttleHit(db, 'alert', userId, hour, new Date())) <= hour.max;
}

const boardUrl = (publicUrl: string, owner: string, ptitle: string) =>
  `${publicUrl}/${owner}/home;${ptitle}`;

/**
 * Light markup as a plain-text mail shows it: each link's (and picture's) words followed by its
 * address, a site address made whole (`/author/course` alone is no link in a mail client).
 * Emphasis and code marks read well as typed, and stay.
 */
export function mailText(text: string, publicUrl: string): string {
  return text.replace(
    /!?\[((?:\\.|[^\]\\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
    (_whole, words: string, href: string) => {
      const url = href.startsWith('/') && !href.startsWith('//') ? `${publicUrl}${href}` : href;
      const label = words.replace(/\\(.)/g, '$1').trim();
      return label ? `${label} (${url})` : url;
    },
  );
}

/** Tells the board's author about a new reader note, when their profile asks for e-mail alerts. */
export async function alertAuthorOfNote(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  noteId: string,
  limit: number,
): Promise<boolean> {
  const [row] = await db
    .select({ note: items, board: multilists })
    .from(items)
    .innerJoin(multilists, eq(multilists.id, items.multilistId))
    .where(and(eq(items.id, noteId), eq(items.annotationClass, 'note')));
  if (!row || row.note.isPrivate || row.note.author === row.board.owner) return false;
  const owner = await findUserByUsername(db, row.board.owner);
  if (!owner?.email || owner.fields.emailAlerts !== true) return false;
  // Mail is a channel like any other: a note the owner may not see (on a coauthor's private
  // item, say) is not theirs to be told of.
  const viewer = await viewerFor(db, toActor(owner), null);
  if (!(await canSeeItem(db, viewer, await visibleBoardOf(db, row.board), row.note))) return false;
  if (!(await alertAllowed(db, owner.id, limit))) return false;
  await mailer.send({
    to: owner.email,
    subject: `New note on ${row.board.title} from ${row.note.author}`,
    text: [
      `${row.note.hint || row.note.author} wrote a note on your board “${row.board.title}”:`,
      '',
      mailText(row.note.text, publicUrl),
      '',
      `Answer or dismiss it on your Discussion page: ${publicUrl}/${row.board.owner}/home?code=pending&username=${row.board.owner}`,
      // The note itself, on the board: its passage shown and flashed (the web's useNoteAnchor).
      `The note on the board: ${boardUrl(publicUrl, row.board.owner, row.board.ptitle)}#${NOTE_ANCHOR}${row.note.id}`,
    ].join('\n'),
  });
  return true;
}

/**
 * Tells the writer of a note (or reply) of a reply to it, when their profile asks for e-mail
 * alerts: a reader learns that their question was answered without checking back. Mail is a
 * channel like any other: a reply its addressee may not see (one kept private by its writer) is
 * not theirs to be told of, and no one is told of their own reply.
 */
export async function alertOfReply(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  replyId: string,
  limit: number,
): Promise<boolean> {
  const [row] = await db
    .select({ reply: items, board: multilists })
    .from(items)
    .innerJoin(multilists, eq(multilists.id, items.multilistId))
    .where(and(eq(items.id, replyId), eq(items.annotationClass, 'reply')));
  if (!row?.reply.parentId) return false;
  const [parent] = await db
    .select({ author: items.author })
    .from(items)
    .where(eq(items.id, row.reply.parentId));
  if (!parent || parent.author === row.reply.author) return false;
  const to = await findUserByUsername(db, parent.author);
  if (!to?.email || to.fields.emailAlerts !== true) return false;
  const viewer = await viewerFor(db, toActor(to), null);
  if (!(await canSeeItem(db, viewer, await visibleBoardOf(db, row.board), row.reply))) return false;
  if (!(await alertAllowed(db, to.id, limit))) return false;
  const by = row.reply.hint || row.reply.author;
  await mailer.send({
    to: to.email,
    subject: `${by} replied to you on ${row.board.title}`,
    text: [
      `${by} replied to you on the board “${row.board.title}”:`,
      '',
      mailText(row.reply.text, publicUrl),
      '',
      // The thread on the board, from its note: its passage shown and flashed, the replies under it.
      `The conversation on the board: ${boardUrl(publicUrl, row.board.owner, row.board.ptitle)}#${NOTE_ANCHOR}${row.reply.threadId ?? row.reply.parentId}`,
      '',
      'You get this because your profile asks for e-mail alerts; you can turn them off there.',
    ].join('\n'),
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
  const [sender] = await db
    .select({ fullname: users.fullname })
    .from(users)
    .where(eq(users.id, args.from.id));
  const name = sender?.fullname.trim()
    ? `${sender.fullname.trim()} (${args.from.username})`
    : args.from.username;
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
