import { loginMsg } from '@listboard/core';
import type { Db } from '../db/client';
import { HttpError, forbidden, unauthorized } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { isThrottled, throttleClear, throttleHit, type ThrottleWindow } from './auth-throttle';
import { accountMsg } from './account-messages';
import { findUserByUsername, type UserRow } from './users';

export interface LockoutSettings {
  failures: number;
  minutes: number;
  now: () => Date;
}

const windowOf = (s: LockoutSettings): ThrottleWindow => ({
  max: s.failures,
  ms: s.minutes * 60 * 1000,
});

/**
 * Checks a user name and password, counting failures per user name in the database so that
 * guessing one account's password from many addresses or app instances still hits the limit.
 * A locked name is refused even with the right password; otherwise the lock would only slow the
 * guessing down. Unknown names are counted too, so the answer tells nothing about who exists.
 */
export async function checkPassword(
  db: Db,
  username: string,
  password: string,
  lockout: LockoutSettings,
): Promise<UserRow> {
  const window = windowOf(lockout);
  if (await isThrottled(db, 'signin', username, window, lockout.now())) {
    throw new HttpError(429, accountMsg.lockedOut(username, lockout.minutes));
  }
  const user = await findUserByUsername(db, username);
  // Guests have no password; both cases answer the same so user names cannot be probed.
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    await throttleHit(db, 'signin', username, window, lockout.now());
    throw unauthorized(loginMsg.invalidCredentials(username));
  }
  await throttleClear(db, 'signin', username);
  return user;
}

/** Sign-in proper: the password, then an address that signup still waits to have verified. */
export async function signIn(
  db: Db,
  username: string,
  password: string,
  lockout: LockoutSettings,
): Promise<UserRow> {
  const user = await checkPassword(db, username, password, lockout);
  if (user.mustVerifyEmail && !user.emailVerified) throw forbidden(accountMsg.verifyEmailFirst);
  return user;
}
