/**
 * Who may read a stored file, and which files a block may show.
 *
 * Uploads sit at guessable keys (`{folder}/{user}/{name}`), so the key is no secret: a file goes
 * to its uploader, and to whoever may see an item whose block shows it. Naming a file in a block
 * must not be a way to read it, so a block shows a file (its `shows` column) only when whoever
 * wrote the block could read that file then: its uploader, or someone who could see an item
 * showing it already. A private item's attachment stays with those who may see the item, however
 * many boards name its address.
 *
 * The routes that write run their work inside `asWriter` (board calls, site calls and
 * `req.transact`); blocks stored outside any writer (the fixture seed) show only the uploads their
 * text names by path, which are read against the item's owner's folder.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import { isGuestUser } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks, items, multilists, users } from '../../db/schema';
import type { Actor } from '../accounts/users';
import { canSeeItem, viewerFor, visibleBoardOf } from '../notes/visibility';
import { keyOfFilesUrl } from './file-urls';
import { PUBLIC_FOLDERS } from './folders';
import { uploadFolderOf } from './uploads';

/** Whoever is writing in this request, as the visibility rule asks of them. */
export interface Writer {
  actor: Actor | null;
  sessionId: string | null;
}

const writers = new AsyncLocalStorage<Writer>();

/** Runs a request's writes as this writer: the blocks they store show what the writer may read. */
export function asWriter<T>(writer: Writer, work: () => Promise<T>): Promise<T> {
  return writers.run(writer, work);
}

/** The upload folder of a signed-in person; null for a guest or no one. */
export async function ownFolderOf(db: Db, actor: Actor | null): Promise<string | null> {
  if (!actor || isGuestUser(actor)) return null;
  const [user] = await db
    .select({ username: users.username, uploadsFolder: users.uploadsFolder })
    .from(users)
    .where(eq(users.id, actor.id));
  return user ? uploadFolderOf(user) : null;
}

/** Whether a stored file may be served to this reader (`ownFolder`: their upload folder). */
export async function canReadFile(
  db: Db,
  reader: { actor: Actor | null; sessionId: string | null },
  key: string,
  ownFolder: string | null,
): Promise<boolean> {
  if (PUBLIC_FOLDERS.some((f) => key.startsWith(`${f}/`))) return true;
  if (ownFolder !== null && key.startsWith(`${ownFolder}/`)) return true;
  const rows = await db
    .select({ item: items, board: multilists })
    .from(blocks)
    .innerJoin(items, eq(items.id, blocks.itemId))
    .innerJoin(multilists, eq(multilists.id, items.multilistId))
    .where(eq(blocks.shows, key))
    .limit(50);
  if (rows.length === 0) return false;
  const viewer = await viewerFor(db, reader.actor, reader.sessionId);
  for (const r of rows)
    if (await canSeeItem(db, viewer, await visibleBoardOf(db, r.board), r.item)) return true;
  return false;
}

/** The stored file a block names: an upload by its path, or a `/files/` address; else null. */
export function fileKeyOf(b: {
  isUpload?: boolean | null;
  fullpathnq?: string | null;
}): string | null {
  if (!b.fullpathnq) return null;
  return b.isUpload ? b.fullpathnq : keyOfFilesUrl(b.fullpathnq);
}

/**
 * Sets `shows` on block rows about to be stored: the file each names, where the writer may read
 * it. A file the item's blocks named before (`before`, when it is rewritten) keeps whether they
 * showed it, whoever rewrites it: an edit of someone else's words (a typo fixed, a clip's range
 * moved with its neighbour's) grants nothing its writer did not.
 */
export async function grantFiles(
  db: Db,
  rows: (typeof blocks.$inferInsert)[],
  before: readonly Pick<typeof blocks.$inferSelect, 'isUpload' | 'fullpathnq' | 'shows'>[] = [],
): Promise<(typeof blocks.$inferInsert)[]> {
  const named = rows.map(fileKeyOf);
  if (named.every((k) => k === null)) return rows;
  const may = new Map<string, boolean>();
  for (const b of before) {
    const key = fileKeyOf(b);
    if (key !== null) may.set(key, may.get(key) === true || b.shows === key);
  }
  const writer = writers.getStore();
  // The writer's own folder, looked up once and only if a file is asked of them.
  let own: Promise<string | null> | undefined;
  for (const [i, row] of rows.entries()) {
    const key = named[i] ?? null;
    if (key === null || may.has(key)) continue;
    if (!writer) {
      may.set(key, row.isUpload === true);
      continue;
    }
    own ??= ownFolderOf(db, writer.actor);
    may.set(key, await canReadFile(db, writer, key, await own));
  }
  return rows.map((r, i) => {
    const key = named[i] ?? null;
    return { ...r, shows: key !== null && may.get(key) === true ? key : null };
  });
}
