import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authThrottle } from '../../db/schema';
import { hashToken } from '../../lib/tokens';

export type ThrottleScope = (typeof authThrottle.$inferSelect)['scope'];

export interface ThrottleWindow {
  max: number;
  ms: number;
}

/** Rows idle this long are dropped; no window is longer. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * What is counted: one name or address, or several together (a user name at one client
 * address). Each part is hashed on its own, so every row for a first part can be found.
 */
export type ThrottleKey = string | readonly [string, ...string[]];

const partOf = (part: string) => hashToken(part.trim().toLowerCase());
const keyOf = (key: ThrottleKey) =>
  typeof key === 'string' ? partOf(key) : key.map(partOf).join('/');
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The window still open for this key: its hits and when it began; null once it has passed. */
export async function throttleWindow(
  db: Db,
  scope: ThrottleScope,
  key: ThrottleKey,
  window: ThrottleWindow,
  now: Date,
): Promise<{ count: number; since: Date } | null> {
  const [row] = await db
    .select()
    .from(authThrottle)
    .where(and(eq(authThrottle.scope, scope), eq(authThrottle.key, keyOf(key))));
  if (!row || row.windowStart.getTime() <= now.getTime() - window.ms) return null;
  return { count: row.count, since: row.windowStart };
}

/** Hits counted in the window that is still open for this key; 0 once it has passed. */
export async function throttleCount(
  db: Db,
  scope: ThrottleScope,
  key: ThrottleKey,
  window: ThrottleWindow,
  now: Date,
): Promise<number> {
  return (await throttleWindow(db, scope, key, window, now))?.count ?? 0;
}

/**
 * Counts one hit and returns the count in the current window. One upsert, so two instances
 * counting the same key at once cannot both read the old value.
 */
export async function throttleHit(
  db: Db,
  scope: ThrottleScope,
  key: ThrottleKey,
  window: ThrottleWindow,
  now: Date,
): Promise<number> {
  const expired = sql`${authThrottle.windowStart} <= ${at(new Date(now.getTime() - window.ms))}`;
  const [row] = await db
    .insert(authThrottle)
    .values({ scope, key: keyOf(key), count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: [authThrottle.scope, authThrottle.key],
      set: {
        count: sql`case when ${expired} then 1 else ${authThrottle.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${at(now)} else ${authThrottle.windowStart} end`,
      },
    })
    .returning({ count: authThrottle.count });
  await db
    .delete(authThrottle)
    .where(lt(authThrottle.windowStart, new Date(now.getTime() - KEEP_MS)));
  return row?.count ?? 1;
}

export async function throttleClear(db: Db, scope: ThrottleScope, key: ThrottleKey): Promise<void> {
  await db
    .delete(authThrottle)
    .where(and(eq(authThrottle.scope, scope), eq(authThrottle.key, keyOf(key))));
}

/** Takes back one hit counted in the current window (one that turned out not to be a failure). */
export async function throttleForgive(
  db: Db,
  scope: ThrottleScope,
  key: ThrottleKey,
  window: ThrottleWindow,
  now: Date,
): Promise<void> {
  await db
    .update(authThrottle)
    .set({ count: sql`greatest(${authThrottle.count} - 1, 0)` })
    .where(
      and(
        eq(authThrottle.scope, scope),
        eq(authThrottle.key, keyOf(key)),
        gt(authThrottle.windowStart, new Date(now.getTime() - window.ms)),
      ),
    );
}

/** Drops every count whose key starts with this part: a name's counts at every address. */
export async function throttleClearAll(db: Db, scope: ThrottleScope, first: string): Promise<void> {
  await db
    .delete(authThrottle)
    .where(
      and(
        eq(authThrottle.scope, scope),
        sql`starts_with(${authThrottle.key}, ${partOf(first) + '/'})`,
      ),
    );
}
