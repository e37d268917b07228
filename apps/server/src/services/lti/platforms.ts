/**
 * The LTI platforms Listboard trusts: registered by the admin, or read from the LTI_PLATFORMS
 * file at start-up. A platform is named by its issuer and the client id it gave Listboard.
 */
import { readFile } from 'node:fs/promises';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDomain } from 'tldts';
import { must } from '@listboard/core';
import {
  platformInput,
  type Platform,
  type PlatformInput,
} from '@listboard/core/api/contracts/lti';
import type { Db } from '../../db/client';
import { ltiPlatforms } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';

export type PlatformRow = typeof ltiPlatforms.$inferSelect;

export function presentPlatform(p: PlatformRow): Platform {
  return {
    id: p.id,
    issuer: p.issuer,
    clientId: p.clientId,
    deploymentIds: p.deploymentIds,
    authLoginUrl: p.authLoginUrl,
    authTokenUrl: p.authTokenUrl,
    keysetUrl: p.keysetUrl,
    source: p.source,
    created: p.created.toISOString(),
  };
}

export async function listPlatforms(db: Db): Promise<Platform[]> {
  const rows = await db.select().from(ltiPlatforms).orderBy(ltiPlatforms.issuer);
  return rows.map(presentPlatform);
}

/** Adds a platform, or changes the one with the same issuer and client id. */
export async function registerPlatform(
  db: Db,
  input: PlatformInput,
  source: PlatformRow['source'] = 'admin',
): Promise<Platform> {
  const values = { ...input, deploymentIds: [...new Set(input.deploymentIds)], source };
  const [row] = await db
    .insert(ltiPlatforms)
    .values(values)
    .onConflictDoUpdate({ target: [ltiPlatforms.issuer, ltiPlatforms.clientId], set: values })
    .returning();
  return presentPlatform(must(row, 'the platform'));
}

export async function removePlatform(db: Db, id: string): Promise<void> {
  const [row] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  if (!row) throw notFound('No such LTI platform.');
  if (row.source === 'file')
    throw badRequest('This platform comes from the LTI_PLATFORMS file: remove it there.');
  await db.delete(ltiPlatforms).where(eq(ltiPlatforms.id, id));
}

export async function platformById(db: Db, id: string): Promise<PlatformRow | undefined> {
  const [row] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  return row;
}

/**
 * The platform a login initiation names. The client id is optional in the request; without
 * it the issuer must name one platform only.
 */
export async function platformForLogin(
  db: Db,
  issuer: string,
  clientId: string | undefined,
): Promise<PlatformRow[]> {
  return db
    .select()
    .from(ltiPlatforms)
    .where(
      clientId
        ? and(eq(ltiPlatforms.issuer, issuer), eq(ltiPlatforms.clientId, clientId))
        : eq(ltiPlatforms.issuer, issuer),
    );
}

const platformFile = z.array(platformInput);

/** Reads and checks the LTI_PLATFORMS file; a bad file stops start-up with what is wrong. */
export async function readPlatformFile(file: string): Promise<PlatformInput[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new Error(`LTI_PLATFORMS: cannot read ${file}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`LTI_PLATFORMS: ${file} is not JSON: ${(e as Error).message}`);
  }
  const parsed = platformFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new Error(`LTI_PLATFORMS: ${file}: ${where ? `${where}: ` : ''}${issue?.message ?? ''}`);
  }
  return parsed.data;
}

/**
 * Writes the file's platforms, in one transaction: each is added or changed, and a platform
 * the file held before and no longer names is removed.
 */
export async function syncFilePlatforms(db: Db, inputs: PlatformInput[]): Promise<void> {
  await db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const input of inputs) ids.push((await registerPlatform(tx, input, 'file')).id);
    await tx
      .delete(ltiPlatforms)
      .where(
        ids.length
          ? and(eq(ltiPlatforms.source, 'file'), notInArray(ltiPlatforms.id, ids))
          : eq(ltiPlatforms.source, 'file'),
      );
  });
}

/** Sites as the public suffix list draws them, its private part too (one site per github.io user). */
const SITES = { allowPrivateDomains: true };

/** An http(s) address's origin, or null. */
function originOf(address: string): URL | null {
  try {
    const u = new URL(address);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    // An issuer need not be a URL; it then names no origin.
    return null;
  }
}

/**
 * Whether a launch's page may frame Listboard: its origin is the platform's issuer's or login
 * host's, or another host of the same site (Canvas's course pages live at the school's host, its
 * issuer and login at Instructure's; both under one registrable domain per school, by the public
 * suffix list). A launch's Origin is sent by the browser of whoever launches, a learner too, and
 * any of them could post their own id_token from a page of their own: an origin of no site of the
 * platform's is never taken.
 */
export function platformPage(
  platform: Pick<PlatformRow, 'issuer' | 'authLoginUrl'>,
  origin: string,
): boolean {
  const page = originOf(origin);
  if (!page) return false;
  const site = getDomain(page.hostname, SITES);
  return [platform.issuer, platform.authLoginUrl].some((address) => {
    const own = originOf(address);
    if (!own || own.protocol !== page.protocol) return false;
    if (own.origin === page.origin) return true;
    return site !== null && getDomain(own.hostname, SITES) === site;
  });
}

/** Remembers the origin of a verified launch's page, one of the platform's site, as one that may frame Listboard. */
export async function noteFrameOrigin(
  db: Db,
  platform: PlatformRow,
  origin: string,
): Promise<void> {
  if (!platformPage(platform, origin)) return;
  const clean = must(originOf(origin), 'a page origin').origin;
  if (platform.frameOrigins.includes(clean)) return;
  await db
    .update(ltiPlatforms)
    .set({ frameOrigins: sql`array_append(${ltiPlatforms.frameOrigins}, ${clean})` })
    .where(
      and(
        eq(ltiPlatforms.id, platform.id),
        sql`not (${clean} = any(${ltiPlatforms.frameOrigins}))`,
      ),
    );
}

/**
 * Every origin whose pages may show Listboard in a frame: each platform's issuer and login
 * host, and the origins of its site its launches came from (one remembered before this rule
 * that breaks it is left out).
 */
export async function frameOrigins(db: Db): Promise<string[]> {
  const rows = await db
    .select({
      issuer: ltiPlatforms.issuer,
      authLoginUrl: ltiPlatforms.authLoginUrl,
      seen: ltiPlatforms.frameOrigins,
    })
    .from(ltiPlatforms);
  const out = new Set<string>();
  for (const r of rows) {
    for (const candidate of [
      r.issuer,
      r.authLoginUrl,
      ...r.seen.filter((o) => platformPage(r, o)),
    ]) {
      const u = originOf(candidate);
      if (u) out.add(u.origin);
    }
  }
  return [...out].sort();
}
