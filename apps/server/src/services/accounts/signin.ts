import { loginMsg } from '@listboard/core';
import type { Db } from '../../db/client';
import { HttpError, forbidden, unauthorized } from '../../lib/errors';
import { dummyHash, verifyPassword } from '../../lib/passwords';
import {
  throttleClear,
  throttleClearAll,
  throttleForgive,
  throttleHit,
  type ThrottleWindow,
} from './auth-throttle';
import { accountMsg } from './messages';
import { findUserByUsername, type UserRow } from './users';

export interface LockoutSettings {
  /** Failures allowed per user name from one client address. */
  failures: number;
  /** Failures allowed per user name from all addresses together. */
  nameCeiling: number;
  minutes: number;
  now: () => Date;
}

/** One try at a password: the name it is for, and the client address it came from. */
export interface PasswordAttempt {
  username: string;
  password: string;
  address: string;
}

const windowOf = (s: LockoutSettings, max: number): ThrottleWindow => ({
  max,
  ms: s.minutes * 60 * 1000,
});

const placeOf = (a: PasswordAttempt) => [a.username, a.address] as const;

/**
 * Counts the try before checking it, in one statement per counter, so that however many tries
 * arrive at once (at one instance or many) no more than the allowed number reach scrypt: each
 * gets its own number from the database, and those past the limit are refused unchecked. A
 * locked name is refused even with the right password; otherwise the lock would only slow the
 * guessing down. Unknown names and names without a password are checked against a dummy hash,
 * counted the same way and answered the same, so neither the answer nor its time tells who exists.
 */
async function countedCheck(
  db: Db,
  attempt: PasswordAttempt,
  lockout: LockoutSettings,
  countName: boolean,
): Promise<UserRow> {
  const now = lockout.now();
  const locked = () => new HttpError(429, accountMsg.lockedOut(attempt.username, lockout.minutes));
  const place = windowOf(lockout, lockout.failures);
  const name = windowOf(lockout, lockout.nameCeiling);
  if ((await throttleHit(db, 'signin', placeOf(attempt), place, now)) > place.max) throw locked();
  // Only tries the address was still allowed count towards the name's ceiling, so one address
  // hammering away cannot lock the name everywhere by itself.
  if (countName && (await throttleHit(db, 'signinName', attempt.username, name, now)) > name.max) {
    throw locked();
  }
  const user = await findUserByUsername(db, attempt.username);
  const right = await verifyPassword(attempt.password, user?.passwordHash ?? (await dummyHash()));
  // Guests have no password; both cases answer the same so user names cannot be probed.
  if (!user?.passwordHash || !right) {
    throw unauthorized(loginMsg.invalidCredentials(attempt.username));
  }
  // The right password: this address starts afresh, and this try is no failure of the name's.
  await throttleClear(db, 'signin', placeOf(attempt));
  if (countName) await throttleForgive(db, 'signinName', attempt.username, name, now);
  return user;
}

/**
 * Checks a user name and password given to sign in. Failures are counted per name at the
 * client's address (SIGNIN_LOCKOUT_FAILURES) and per name from everywhere
 * (SIGNIN_LOCKOUT_NAME_CEILING), in the database, so every instance sees the same counts.
 */
export function checkPassword(
  db: Db,
  attempt: PasswordAttempt,
  lockout: LockoutSettings,
): Promise<UserRow> {
  return countedCheck(db, attempt, lockout, true);
}

/**
 * Checks the password a signed-in user types to confirm an action on their own account. Its
 * failures count only for that user's name at their address: they lock that place as failed
 * sign-ins would, but never the name elsewhere, so a signed-in user cannot lock anyone out.
 */
export function confirmPassword(
  db: Db,
  user: UserRow,
  password: string,
  address: string,
  lockout: LockoutSettings,
): Promise<UserRow> {
  return countedCheck(db, { username: user.username, password, address }, lockout, false);
}

/** A password reset proves the mailbox: every lock and count on the name goes. */
export async function clearLockout(db: Db, username: string): Promise<void> {
  await throttleClear(db, 'signinName', username);
  await throttleClearAll(db, 'signin', username);
}

/** Sign-in proper: the password, then an address that signup still waits to have verified. */
export async function signIn(
  db: Db,
  attempt: PasswordAttempt,
  lockout: LockoutSettings,
): Promise<UserRow> {
  const user = await checkPassword(db, attempt, lockout);
  if (user.mustVerifyEmail && !user.emailVerified) throw forbidden(accountMsg.verifyEmailFirst);
  return user;
}
