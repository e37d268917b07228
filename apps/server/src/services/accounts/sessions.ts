import { and, eq, gt, lt, sql } from 'drizzle-orm';
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

/**
 * The session lookup, asked on every API request: prepared once per database handle, so the
 * database parses and plans it once per connection rather than on every request.
 */
function sessionQuery(db: Db) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expires, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('session_user');
}
const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

export function userForSession(db: Db, token: string): Promise<UserRow | undefined> {
  return userForSessionId(db, hashToken(token));
}

/** The user of a live session, by the session's stored id (the hash of its cookie's token). */
export async function userForSessionId(db: Db, id: string): Promise<UserRow | undefined> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ id, now: new Date() });
  return row?.user;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expires, new Date()));
}
