import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import type { UserRow } from './users';

export const SESSION_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

/** Creates a session row and returns the cookie value (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
): Promise<{ token: string; expires: Date }> {
  const token = newToken();
  const expires = new Date(Date.now() + SESSION_DAYS * DAY);
  await db.insert(sessions).values({ id: hashToken(token), userId, expires });
  return { token, expires };
}

export async function userForSession(db: Db, token: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expires, new Date())))
    .limit(1);
  return row?.user;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expires, new Date()));
}
