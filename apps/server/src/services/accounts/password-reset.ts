import { eq } from 'drizzle-orm';
import { passwordResetMsg, validateForgot, validatePassword } from '@listboard/core';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { HttpError, badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { resetMail } from '../../mail/account-mail';
import type { Mailer } from '../../mail/mailer';
import { accountMsg } from './messages';
import type { Transact } from '../admin/audit';
import { sendOrFail } from './accounts';
import { throttleHit, type ThrottleWindow } from './auth-throttle';
import { checkToken, consumeToken, issueToken } from './auth-tokens';
import { clearLockout } from './signin';
import { findUserByEmail, findUserById, type UserRow } from './users';

export interface MailEnv {
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}

/** Mails per address per hour, whoever asks and from wherever: a mailbox is not a target. */
export const MAILS_PER_ADDRESS: ThrottleWindow = { max: 3, ms: 60 * 60 * 1000 };

/**
 * POST /api/auth/forgot. Answers the same whether or not the address has an account, so the
 * form cannot be used to find out who is registered. The count of mails is kept whatever
 * happens; the token and its mail go in the call's transaction.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  env: MailEnv,
  transact: Transact,
): Promise<void> {
  const problem = validateForgot({ email: email.trim() });
  if (problem) throw badRequest(problem);
  const now = env.now();
  if ((await throttleHit(db, 'forgot', email, MAILS_PER_ADDRESS, now)) > MAILS_PER_ADDRESS.max) {
    throw new HttpError(429, accountMsg.tooManyMails);
  }
  const user = await findUserByEmail(db, email);
  await transact(async (tx) => {
    if (!user?.email || !user.passwordHash) return;
    const to = user.email;
    const token = await issueToken(tx, user.id, 'reset', now);
    await sendOrFail(
      env.mailer,
      resetMail({ to, username: user.username, publicUrl: env.publicUrl, token }),
      passwordResetMsg.resetEmailError,
    );
  });
}

/** GET /api/auth/validate_reset_token: the reset form opens only for a live link. */
export async function validateResetToken(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<{ username: string }> {
  const check = await checkToken(db, token, 'reset', now);
  const user =
    check.state === 'valid' && check.userId ? await findUserById(db, check.userId) : null;
  if (!user) throw badRequest(passwordResetMsg.resetLinkInvalid);
  return { username: user.username };
}

/**
 * POST /api/auth/reset_password. Spends the link, sets the password and ends every session the
 * account had, since whoever knew the old password may be holding one. Opening a link sent to
 * the address also proves the address, and lifts any sign-in lockout on the name.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
  now: () => Date,
  /** The transaction the new password goes in (the call's, with its audit row). */
  transact: Transact,
): Promise<UserRow> {
  const check = await checkToken(db, input.token, 'reset', now());
  if (check.state !== 'valid') throw badRequest(passwordResetMsg.resetLinkInvalid);
  const problem = validatePassword(input.password);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.password);
  const user = await transact(async (tx, note) => {
    const spent = await consumeToken(tx, input.token, 'reset', now());
    if (spent.state !== 'valid' || !spent.userId) {
      throw badRequest(passwordResetMsg.resetLinkInvalid);
    }
    await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, modified: now() })
      .where(eq(users.id, spent.userId))
      .returning();
    if (!row) throw badRequest(passwordResetMsg.resetLinkInvalid);
    note.actor = row;
    return row;
  });
  await clearLockout(db, user.username);
  return user;
}
