import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export type TokenKind = (typeof authTokens.$inferSelect)['kind'];

const HOUR = 60 * 60 * 1000;
/** A verification link outlives a weekend; a reset link is short, since it grants the account. */
export const TOKEN_TTL_MS: Readonly<Record<TokenKind, number>> = {
  verify: 48 * HOUR,
  reset: 1 * HOUR,
};

export type TokenState = 'valid' | 'missing' | 'unknown' | 'used' | 'expired';

export interface TokenCheck {
  state: TokenState;
  userId?: string;
}

/**
 * Makes a token for the user and returns it; only its hash is stored. Links of the same kind
 * sent before stop working, so only the newest mail counts. Two writes: run it in a transaction.
 */
export async function issueToken(
  db: Db,
  userId: string,
  kind: TokenKind,
  now: Date,
): Promise<string> {
  await db
    .update(authTokens)
    .set({ used: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.used)));
  const token = newToken();
  await db.insert(authTokens).values({
    id: hashToken(token),
    userId,
    kind,
    created: now,
    expires: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
  });
  return token;
}

/** What a token is worth now, without spending it. */
export async function checkToken(
  db: Db,
  token: string | undefined,
  kind: TokenKind,
  now: Date,
): Promise<TokenCheck> {
  if (!token || !token.trim()) return { state: 'missing' };
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.id, hashToken(token.trim())), eq(authTokens.kind, kind)));
  if (!row) return { state: 'unknown' };
  if (row.used) return { state: 'used', userId: row.userId };
  if (row.expires.getTime() <= now.getTime()) return { state: 'expired', userId: row.userId };
  return { state: 'valid', userId: row.userId };
}

/**
 * Spends a valid token. The update only matches an unused row, so of two requests racing with
 * the same link exactly one wins; the other reads 'used'.
 */
export async function consumeToken(
  db: Db,
  token: string | undefined,
  kind: TokenKind,
  now: Date,
): Promise<TokenCheck> {
  const check = await checkToken(db, token, kind, now);
  if (check.state !== 'valid' || token === undefined) return check;
  const spent = await db
    .update(authTokens)
    .set({ used: now })
    .where(and(eq(authTokens.id, hashToken(token.trim())), isNull(authTokens.used)))
    .returning({ userId: authTokens.userId });
  return spent.length > 0 ? check : { state: 'used', userId: check.userId };
}
