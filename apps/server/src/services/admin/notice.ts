import { and, isNotNull, sql } from 'drizzle-orm';
import { isSiteAdmin } from '@listboard/core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { newUserNotice } from '../../mail/account-mail';
import { sendOrFail } from '../accounts/accounts';
import { throttleClear, throttleHit } from '../accounts/auth-throttle';
import type { MailEnv } from '../accounts/password-reset';
import { findUserByEmail } from '../accounts/users';

const DAY = 24 * 60 * 60 * 1000;
export const NOTICE_NOT_SENT = 'The notice could not be sent.';

/**
 * Tells every site admin with an address about a new account. Anyone may call
 * notify_admin_of_new_user, so it only speaks of accounts made in the last day, and only once
 * per account and status: the server already sends 'pending' or 'active' itself at signup, and
 * a client repeating that status adds no second mail.
 */
export async function notifyAdminOfNewUser(
  db: Db,
  input: { email: string; status: string },
  env: MailEnv,
): Promise<boolean> {
  const now = env.now();
  const user = await findUserByEmail(db, input.email);
  if (!user || user.created.getTime() < now.getTime() - DAY) return false;
  const status = input.status.trim();
  const onceKey = `${user.id}|${status.toLowerCase()}`;
  if ((await throttleHit(db, 'notify', onceKey, { max: 1, ms: DAY }, now)) > 1) return false;
  const admins = (
    await db
      .select()
      .from(users)
      .where(and(sql`'lbadmin' = any(${users.roles})`, isNotNull(users.email)))
  ).filter((a) => isSiteAdmin({ username: a.username, roles: a.roles }));
  try {
    for (const admin of admins) {
      if (!admin.email) continue;
      await sendOrFail(
        env.mailer,
        newUserNotice({ to: admin.email, publicUrl: env.publicUrl, user, status }),
        NOTICE_NOT_SENT,
      );
    }
  } catch (e) {
    // Let a later call try again rather than counting a notice nobody received.
    await throttleClear(db, 'notify', onceKey);
    throw e;
  }
  return admins.length > 0;
}
