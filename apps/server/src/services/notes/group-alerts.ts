/**
 * Tells the members of a reader group of a note one of them wrote to the group, each whose profile
 * asks for their groups' notes (`fields.groupAlerts`) as well as for e-mail alerts: a study group
 * hears of each other's notes without watching the board. As every alert (alerts.ts alertTarget):
 * only those the one visibility rule lets see the note, within the hour's limit, or kept for the
 * day's mail.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { mailText, noteUrl, profileUrl } from './alert-text';
import { alertTarget, sendAlert, withBoard } from './alerts';

/** The last line of a group note's alert: why it came, and where to stop it. */
export const whyGroupAlerted = (publicUrl: string, username: string) =>
  `You get this because your profile asks for e-mail alerts of your groups' notes; you can turn them off there: ${profileUrl(publicUrl, username)}`;

/** Answers who were told; those in `told` (told of it already) are not told again. */
export async function alertGroupOfNote(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  noteId: string,
  limit: number,
  told: readonly string[],
): Promise<string[]> {
  const row = await withBoard(db, noteId, 'note');
  const group = row?.item.groupName;
  if (!row || !group) return [];
  const members = await db
    .select({ username: users.username, fields: users.fields })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groups.name, group), ne(users.username, row.item.author)));
  const writer = row.item.hint || row.item.author;
  const out: string[] = [];
  for (const { username, fields } of members) {
    if (fields.groupAlerts !== true || told.includes(username)) continue;
    const to = await alertTarget(db, username, row.board, row.item, limit);
    if (!to) continue;
    await sendAlert(db, mailer, to, row.item.id, {
      subject: `New note in your group ${group} on ${row.board.title} from ${writer}`,
      text: [
        `${writer} wrote a note to your group ${group} on “${row.board.title}”:`,
        '',
        mailText(row.item.text, publicUrl),
        '',
        `The note on the board: ${noteUrl(publicUrl, row.board, row.item.id)}`,
        '',
        whyGroupAlerted(publicUrl, username),
      ],
    });
    out.push(username);
  }
  return out;
}
