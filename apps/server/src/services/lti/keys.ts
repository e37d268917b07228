/**
 * The tool's own RSA key pairs. The newest unretired key signs (deep-linking responses, service
 * token requests); it is replaced after ROTATE_AFTER_DAYS, or when the admin rotates it, and a
 * retired key's public half stays in the JWKS for PUBLISH_RETIRED_DAYS so that messages signed
 * just before still verify at the platform.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq, gt, isNull, or } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { must } from '@listboard/core';
import type { Db } from '../../db/client';
import { ltiKeys } from '../../db/schema';

export const ROTATE_AFTER_DAYS = 90;
export const PUBLISH_RETIRED_DAYS = 30;
export const KEY_ALG = 'RS256';

const DAY_MS = 24 * 60 * 60 * 1000;

type KeyRow = typeof ltiKeys.$inferSelect;

async function newKey(db: Db, now: Date): Promise<KeyRow> {
  const { publicKey, privateKey } = await generateKeyPair(KEY_ALG, {
    modulusLength: 2048,
    extractable: true,
  });
  const kid = randomUUID();
  const meta = { kid, alg: KEY_ALG, use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), ...meta };
  const privateJwk = { ...(await exportJWK(privateKey)), ...meta };
  const [row] = await db
    .insert(ltiKeys)
    .values({ kid, publicJwk, privateJwk, created: now })
    .returning();
  return must(row, 'the new key');
}

/** Retires every signing key and makes a new one, in one transaction; answers the new kid. */
export async function rotateKey(db: Db, now: Date = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.update(ltiKeys).set({ retired: now }).where(isNull(ltiKeys.retired));
    return (await newKey(tx, now)).kid;
  });
}

/** The key that signs now: made on first use, and replaced once it is ROTATE_AFTER_DAYS old. */
async function signingKeyRow(db: Db, now: Date): Promise<KeyRow> {
  const [row] = await db
    .select()
    .from(ltiKeys)
    .where(isNull(ltiKeys.retired))
    .orderBy(desc(ltiKeys.created))
    .limit(1);
  if (row && now.getTime() - row.created.getTime() < ROTATE_AFTER_DAYS * DAY_MS) return row;
  const kid = await rotateKey(db, now);
  const [fresh] = await db.select().from(ltiKeys).where(eq(ltiKeys.kid, kid));
  return must(fresh, 'the signing key');
}

export async function signingKey(
  db: Db,
  now: Date = new Date(),
): Promise<{ kid: string; key: Awaited<ReturnType<typeof importJWK>> }> {
  const row = await signingKeyRow(db, now);
  return { kid: row.kid, key: await importJWK(row.privateJwk as JWK, KEY_ALG) };
}

/** The public keys platforms may verify with: the signing key and those retired lately. */
export async function publishedKeys(db: Db, now: Date = new Date()): Promise<JWK[]> {
  await signingKeyRow(db, now);
  const since = new Date(now.getTime() - PUBLISH_RETIRED_DAYS * DAY_MS);
  const rows = await db
    .select({ publicJwk: ltiKeys.publicJwk })
    .from(ltiKeys)
    .where(or(isNull(ltiKeys.retired), gt(ltiKeys.retired, since)))
    .orderBy(desc(ltiKeys.created));
  return rows.map((r) => r.publicJwk as JWK);
}
