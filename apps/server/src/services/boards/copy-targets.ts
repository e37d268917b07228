/**
 * The boards a user may copy an item or a list to: their own and those they coauthor or edit,
 * each kept only where core/policy lets them add a copy (duplicate), latest changed first, with
 * their lists in order. What the copy forms offer; the copy itself is checked again by its call.
 */
import { and, asc, desc, eq, inArray, ne, or } from 'drizzle-orm';
import { can, type AppVersion } from '@listboard/core';
import type { CopyTarget } from '@listboard/core/api/routes';
import type { Db } from '../../db/client';
import { boardMembers, lists, multilists } from '../../db/schema';
import type { Actor } from '../accounts/users';
import { policyBoard } from './access';

/** Enough for any menu; a user with more finds the rest by the boards they changed lately. */
export const COPY_TARGETS_MAX = 200;

export async function copyTargets(
  db: Db,
  actor: Actor,
  appVersion: AppVersion,
): Promise<CopyTarget[]> {
  const theirs = db
    .select({ id: boardMembers.multilistId })
    .from(boardMembers)
    .where(and(eq(boardMembers.username, actor.username), ne(boardMembers.kind, 'reader')));
  const boards = await db
    .select({
      id: multilists.id,
      owner: multilists.owner,
      title: multilists.title,
      ptitle: multilists.ptitle,
    })
    .from(multilists)
    .where(or(eq(multilists.owner, actor.username), inArray(multilists.id, theirs)))
    .orderBy(desc(multilists.modified), asc(multilists.title))
    .limit(COPY_TARGETS_MAX);
  if (boards.length === 0) return [];
  const ids = boards.map((b) => b.id);
  const [members, rows] = await Promise.all([
    db.select().from(boardMembers).where(inArray(boardMembers.multilistId, ids)),
    db
      .select({ id: lists.id, title: lists.title, multilistId: lists.multilistId })
      .from(lists)
      .where(inArray(lists.multilistId, ids))
      .orderBy(asc(lists.index)),
  ]);
  return boards
    .filter((b) =>
      can(
        actor,
        policyBoard(
          b,
          members.filter((m) => m.multilistId === b.id),
        ),
        'duplicate',
        { appVersion },
      ),
    )
    .map((b) => ({
      multilistId: b.id,
      owner: b.owner,
      title: b.title,
      ptitle: b.ptitle,
      lists: rows
        .filter((l) => l.multilistId === b.id)
        .map((l) => ({ listId: l.id, title: l.title })),
    }));
}
