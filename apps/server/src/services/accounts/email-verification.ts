import { eq } from 'drizzle-orm';
import {
  emailVerificationMsg,
  emailVerificationStatusMsg,
  fieldMsg,
  isValidEmail,
  type EmailVerificationStatus,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, badRequest } from '../../lib/errors';
import { verificationMail } from '../../mail/account-mail';
import { accountMsg } from './messages';
import type { Transact } from '../admin/audit';
import { sendOrFail } from './accounts';
import { throttleHit } from './auth-throttle';
import { checkToken, consumeToken, issueToken } from './auth-tokens';
import { MAILS_PER_ADDRESS, type MailEnv } from './password-reset';
import { findUserByEmail, findUserById } from './users';

export interface VerifyResult {
  status: EmailVerificationStatus;
  /** The spec's message for the status. */
  message: string;
  /** Failures only; 'Verification link expired' tells the client to ask for a new link. */
  error?: string;
  /** With an expired link: where resend_verification should send the new one. */
  email?: string;
  /** Success only: the account verified, whose sign-in the page offers next. */
  username?: string;
}

const failed = (status: EmailVerificationStatus, extra: Partial<VerifyResult> = {}) => ({
  status,
  message: emailVerificationStatusMsg[status],
  error: emailVerificationStatusMsg[status],
  ...extra,
});

/** GET /api/auth/verify_email: spends the link and marks the address verified. */
export async function verifyEmail(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<VerifyResult> {
  const check = await checkToken(db, token, 'verify', now);
  switch (check.state) {
    case 'missing':
      return failed('error_invalid_token');
    case 'unknown':
    case 'used':
      return failed('error_invalid_or_expired');
    case 'expired': {
      const user = check.userId ? await findUserById(db, check.userId) : undefined;
      if (!user?.email || user.emailVerified) return failed('error_invalid_or_expired');
      return failed('error_expired', {
        error: emailVerificationMsg.verificationLinkExpiredError,
        email: user.email,
      });
    }
    case 'valid':
      break;
  }
  return db.transaction(async (tx) => {
    const spent = await consumeToken(tx, token, 'verify', now);
    if (spent.state !== 'valid' || !spent.userId) return failed('error_invalid_or_expired');
    const [verified] = await tx
      .update(users)
      .set({ emailVerified: true, modified: now })
      .where(eq(users.id, spent.userId))
      .returning({ username: users.username });
    return {
      status: 'success' as const,
      message: emailVerificationStatusMsg.success,
      username: verified?.username,
    };
  });
}

/**
 * POST /api/auth/resend_verification. Like forgot, it answers the same for any address, and
 * sends only to an account still waiting for verification. The count of mails is kept whatever
 * happens; the token and its mail go in the call's transaction.
 */
export async function resendVerification(
  db: Db,
  email: string,
  env: MailEnv,
  transact: Transact,
): Promise<void> {
  if (!isValidEmail(email.trim())) throw badRequest(fieldMsg.invalidEmail);
  const now = env.now();
  if ((await throttleHit(db, 'resend', email, MAILS_PER_ADDRESS, now)) > MAILS_PER_ADDRESS.max) {
    throw new HttpError(429, accountMsg.tooManyMails);
  }
  const user = await findUserByEmail(db, email);
  await transact(async (tx) => {
    if (!user?.email || user.emailVerified) return;
    const to = user.email;
    const token = await issueToken(tx, user.id, 'verify', now);
    await sendOrFail(
      env.mailer,
      verificationMail({ to, username: user.username, publicUrl: env.publicUrl, token }),
      accountMsg.verificationMailFailed,
    );
  });
}
