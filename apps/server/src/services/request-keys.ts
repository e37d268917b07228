/**
 * Writes made once, whatever the network does: a page sends each write with a key of its own
 * (`Idempotency-Key`), the same key when it sends the write again (its retry after a gateway's
 * 5xx, a Submit pressed again after the answer was lost). The first answer is kept with the key,
 * in the write's own transaction, and a write that comes again with it gets that answer back
 * instead of being made twice. Keys are a user's own and kept a day.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { requestKeys } from '../db/schema';

export const REQUEST_KEY_HEADER = 'idempotency-key';
const KEPT_MS = 24 * 60 * 60 * 1000;

/** The key a request carries, if it is one (a short token, as the page makes them). */
export function requestKeyOf(headers: Record<string, unknown>): string | null {
  const key = headers[REQUEST_KEY_HEADER];
  return typeof key === 'string' && /^[\w:.-]{8,128}$/.test(key) ? key : null;
}

/** The answer a write with this key got before, for this user and call; undefined if none. */
export async function answeredBefore(
  db: Db,
  username: string,
  key: string,
  call: string,
): Promise<{ answer: unknown } | undefined> {
  const [row] = await db
    .select({ answer: requestKeys.answer })
    .from(requestKeys)
    .where(
      and(eq(requestKeys.username, username), eq(requestKeys.key, key), eq(requestKeys.call, call)),
    );
  return row;
}

/** Keeps a write's answer with its key, in the write's transaction. */
export async function keepAnswer(
  db: Db,
  username: string,
  key: string,
  call: string,
  answer: unknown,
): Promise<void> {
  await db.insert(requestKeys).values({ username, key, call, answer });
}

/** Forgets the keys of writes older than a day (swept with expired sessions). */
export async function purgeOldRequestKeys(db: Db, now = new Date()): Promise<void> {
  await db.delete(requestKeys).where(lt(requestKeys.created, new Date(now.getTime() - KEPT_MS)));
}
