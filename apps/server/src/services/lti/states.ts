/**
 * Short-lived single-use tokens, stored hashed: a login's state with its nonce, which the launch
 * takes back once; and the hand-off that opens a launched board in a new window when the frame
 * the platform opened Listboard in may not keep cookies.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ltiStates } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

/** How long a platform may take between the login redirect and the launch. */
export const LOGIN_STATE_MINUTES = 10;
/** How long a launched board's "open in a new window" link works. */
export const HANDOFF_MINUTES = 5;

const later = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

export async function createLoginState(
  db: Db,
  platformId: string,
  now: Date,
): Promise<{ state: string; nonce: string }> {
  const state = newToken();
  const nonce = randomBytes(24).toString('base64url');
  await db.insert(ltiStates).values({
    id: hashToken(state),
    kind: 'login',
    platformId,
    nonce,
    expires: later(now, LOGIN_STATE_MINUTES),
  });
  return { state, nonce };
}

/**
 * Takes a login state back, once: the row is deleted whether or not the launch then succeeds,
 * so a second post of the same state and id_token is refused. Undefined when unknown or expired.
 */
export async function takeLoginState(
  db: Db,
  state: string,
  now: Date,
): Promise<{ platformId: string; nonce: string } | undefined> {
  const [row] = await db
    .delete(ltiStates)
    .where(and(eq(ltiStates.id, hashToken(state)), eq(ltiStates.kind, 'login')))
    .returning();
  if (!row || row.expires <= now || !row.platformId || !row.nonce) return undefined;
  return { platformId: row.platformId, nonce: row.nonce };
}

/** A hand-off: whom it signs in, where it leads, and the browser it was made for. */
export interface Handoff {
  userId: string;
  target: string;
  client: string | null;
}

/** A hand-off for the launch's user and board, for the browser `client` names. */
export async function createHandoff(
  db: Db,
  userId: string,
  target: string,
  now: Date,
  client: string,
): Promise<string> {
  const token = newToken();
  await db.insert(ltiStates).values({
    id: hashToken(token),
    kind: 'handoff',
    userId,
    target,
    client,
    expires: later(now, HANDOFF_MINUTES),
  });
  return token;
}

/** A hand-off, without using it up. */
export async function peekHandoff(db: Db, token: string, now: Date): Promise<Handoff | undefined> {
  const [row] = await db
    .select()
    .from(ltiStates)
    .where(
      and(
        eq(ltiStates.id, hashToken(token)),
        eq(ltiStates.kind, 'handoff'),
        gt(ltiStates.expires, now),
      ),
    );
  if (!row?.userId || row.target === null) return undefined;
  return { userId: row.userId, target: row.target, client: row.client };
}

/** Uses a hand-off up; undefined when it was unknown, expired or already used. */
export async function takeHandoff(db: Db, token: string, now: Date): Promise<Handoff | undefined> {
  const [row] = await db
    .delete(ltiStates)
    .where(and(eq(ltiStates.id, hashToken(token)), eq(ltiStates.kind, 'handoff')))
    .returning();
  if (!row?.userId || row.target === null || row.expires <= now) return undefined;
  return { userId: row.userId, target: row.target, client: row.client };
}

export async function purgeExpiredStates(db: Db, now: Date): Promise<void> {
  await db.delete(ltiStates).where(lt(ltiStates.expires, now));
}
