/**
 * Who in each reader group has taken part on a board, for the group's owner: a teacher who gave
 * a section's group to the course board sees which of its students have written nothing on it
 * yet. A group's roster is its owner's (as on their Profile), so only the groups the caller owns
 * get one; the others' rosters stay null. A course of a learning platform (LTI) is a group the
 * site owns, whose roster the platform gives the course's instructors: to the board's authors
 * (its instructors, placed there by their launch) it is theirs too.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { roleFor } from '@listboard/core';
import type { GroupMember, GroupRoster } from '@listboard/core/api/contracts/insight';
import type { Db } from '../../db/client';
import { groupMembers, groups, ltiContexts, ltiLinks, users } from '../../db/schema';
import type { InsightAsk } from './counted';
import { throttleWindow } from '../accounts/auth-throttle';

/**
 * The groups whose roster is the caller's, when they are one of the board's authors (Insight's
 * 'board' scope): those they own, and the group of a course of a learning platform the board is
 * placed in (its authors there are the course's instructors; a group's name given to a board of
 * one's own is not enough).
 */
export const rosterIsTheirs = (username: string, boardId: string) =>
  or(
    eq(groups.owner, username),
    sql`${groups.id} in (select c.group_id from ${ltiContexts} c join ${ltiLinks} l
      on l.context_row_id = c.id where l.multilist_id = ${boardId})`,
  );

/** A group's members yet to write are reminded by mail at most once in this window. */
export const REMIND_WINDOW = { max: 1, ms: 24 * 60 * 60 * 1000 };

/**
 * The rosters of the named groups the caller owns, by group name. Members who answer the
 * board's notes (its authors and editors) and the group's owner are not counted: they are not
 * the readers asked to write. `wrote` is the user names with a note or reply on the board.
 */
export async function groupRosters(
  db: Db,
  ask: Pick<InsightAsk, 'board' | 'policy' | 'username'>,
  names: readonly string[],
  wrote: ReadonlySet<string>,
): Promise<Map<string, GroupRoster>> {
  const rosters = new Map<string, GroupRoster>();
  if (names.length === 0) return rosters;
  // Each owned group once, with each member but its owner (none: a row with no user).
  const rows = await db
    .select({ group: groups.name, username: users.username, fullname: users.fullname })
    .from(groups)
    .leftJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .leftJoin(users, and(eq(users.id, groupMembers.userId), ne(users.username, groups.owner)))
    .where(and(rosterIsTheirs(ask.username, ask.board.id), inArray(groups.name, [...names])))
    .orderBy(groups.name);
  for (const r of rows) {
    const roster = rosters.get(r.group) ?? { members: 0, yetToWrite: [], remindedAt: null };
    rosters.set(r.group, roster);
    if (r.username === null) continue;
    const role = roleFor({ username: r.username, roles: [] }, ask.policy);
    if (role === 'author' || role === 'editor') continue;
    roster.members += 1;
    if (!wrote.has(r.username))
      roster.yetToWrite.push({ username: r.username, fullname: r.fullname || null });
  }
  const shown = (m: GroupMember) => m.fullname ?? m.username;
  const now = new Date();
  for (const [name, roster] of rosters) {
    roster.yetToWrite.sort((a, b) => shown(a).localeCompare(shown(b)));
    const reminded = await throttleWindow(db, 'remind', [ask.board.id, name], REMIND_WINDOW, now);
    roster.remindedAt = reminded?.since.toISOString() ?? null;
  }
  return rosters;
}
