/** What removing an account takes with it, whoever removes it (its owner, or the admin). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardMembers, multilists, trash, users } from '../../db/schema';
import { beforeMarkerGoes } from '../notes/helpful';

/**
 * The account and what is its alone: its boards (and their Trash), its places on others' boards.
 * Sessions, tokens, group memberships, view states and helpful marks follow by their foreign
 * keys; the boards it marked notes on take a new version first, so they count without its marks.
 */
export async function removeAccount(db: Db, user: { id: string; username: string }): Promise<void> {
  await db.delete(multilists).where(eq(multilists.owner, user.username));
  await db.delete(trash).where(eq(trash.owner, user.username));
  await db.delete(boardMembers).where(eq(boardMembers.username, user.username));
  await beforeMarkerGoes(db, user.id);
  await db.delete(users).where(eq(users.id, user.id));
}
