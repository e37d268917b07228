/**
 * Who is signed in now: one row per open live connection (/api/events) of a signed-in user,
 * touched on every heartbeat and removed when the connection ends. A connection whose instance
 * died stops beating and drops out after PRESENCE_STALE_MS.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { presence, sessions, users } from '../db/schema';
import type { OnlineUser } from '@listboard/core/api/routes';

export const PRESENCE_STALE_MS = 60_000;

export async function openPresence(
  db: Db,
  userId: string,
  sessionId: string | null,
  now = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db.insert(presence).values({ id, userId, connected: now, lastBeat: now });
  await touchSession(db, sessionId, now);
  // Rows left by instances that stopped without closing their connections.
  await db.delete(presence).where(lt(presence.lastBeat, new Date(now.getTime() - 10 * 60_000)));
  return id;
}

export async function beatPresence(
  db: Db,
  id: string,
  sessionId: string | null,
  now = new Date(),
): Promise<void> {
  await db.update(presence).set({ lastBeat: now }).where(eq(presence.id, id));
  await touchSession(db, sessionId, now);
}

export async function closePresence(db: Db, id: string): Promise<void> {
  await db.delete(presence).where(eq(presence.id, id));
}

/** The session's last-seen time, which the admin's users page shows. */
async function touchSession(db: Db, sessionId: string | null, now: Date): Promise<void> {
  if (sessionId) await db.update(sessions).set({ lastSeen: now }).where(eq(sessions.id, sessionId));
}

/** Everyone with a live connection, by user name. */
export async function onlineUsers(db: Db, now = new Date()): Promise<OnlineUser[]> {
  const rows = await db
    .select({
      username: users.username,
      fullname: users.fullname,
      since: min(presence.connected),
      connections: sql<number>`count(*)::int`,
    })
    .from(presence)
    .innerJoin(users, eq(users.id, presence.userId))
    .where(and(gt(presence.lastBeat, new Date(now.getTime() - PRESENCE_STALE_MS))))
    .groupBy(users.username, users.fullname)
    .orderBy(users.username);
  return rows.map((r) => ({
    username: r.username,
    fullname: r.fullname,
    since: (r.since ?? now).toISOString(),
    connections: r.connections,
  }));
}
