import { and, eq, inArray, sql } from 'drizzle-orm';
import { groupFormMsg, groupMsg, must, shownName } from '@listboard/core';
import type { Db } from '../../db/client';
import { groupMembers, groups, multilists, users, viewStates } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { BoardRow } from '../boards/access';
import { userGroupNames } from './visibility';
import { findUserByUsername, type Actor } from '../accounts/users';

/**
 * Names that look alike are one: spaces inside a name are one space, accents are composed one way
 * (NFC), invisible characters go (joiners too), and case does not count.
 */
const groupName = (typed: string) => shownName(typed).replace(/[\u200C\u200D]/g, '');
const sameName = (name: string) => sql`lower(${groups.name}) = lower(${groupName(name)})`;

export async function createGroup(
  db: Db,
  actor: Actor,
  args: { name: string; description?: string; isPrivate?: boolean },
) {
  const name = groupName(args.name);
  if (!name) throw badRequest('Please fill in name field.');
  const [exists] = await db.select({ id: groups.id }).from(groups).where(sameName(name));
  if (exists) throw conflict(`A group named ${name} already exists.`);
  const [row] = await db
    .insert(groups)
    .values({
      name,
      description: args.description ?? '',
      isPrivate: args.isPrivate ?? false,
      owner: actor.username,
    })
    .returning();
  const g = must(row, 'the new group');
  await db.insert(groupMembers).values({ groupId: g.id, userId: actor.id });
  return { name: g.name, isPrivate: g.isPrivate };
}

/** The group a typed name means: its exact name first, then one that differs only in case or spaces. */
async function groupByName(db: Db, name: string) {
  const rows = await db.select().from(groups).where(sameName(name));
  const g = rows.find((r) => r.name === groupName(name)) ?? rows[0];
  if (!g) throw notFound(`No group named ${groupName(name)}.`);
  return g;
}

/**
 * Boards reference groups by name; only the board owner assigns them (policy: assignGroup). A
 * private group is given only by its members (a course's group by those in the course) or a site
 * admin; to anyone else it is not there, as a group never made is not.
 */
export async function assignGroup(db: Db, actor: Actor, board: BoardRow, name: string) {
  const g = await groupByName(db, name);
  if (
    g.isPrivate &&
    !actor.roles.includes('lbadmin') &&
    !(await userGroupNames(db, actor.id)).includes(g.name)
  )
    throw notFound(`No group named ${groupName(name)}.`);
  if (!board.groups.includes(g.name)) {
    await db
      .update(multilists)
      .set({ groups: [...board.groups, g.name] })
      .where(eq(multilists.id, board.id));
  }
  return {
    groups: board.groups.includes(g.name) ? board.groups : [...board.groups, g.name],
    name: g.name,
    isPrivate: g.isPrivate,
  };
}

/** The board's groups this user may join: the open ones and the ones they are already in. */
export async function joinableGroups(db: Db, board: BoardRow, actor: Actor) {
  if (board.groups.length === 0) throw badRequest(groupMsg.boardReferencesNoGroups);
  const mine = await userGroupNames(db, actor.id);
  const rows = await db.select().from(groups).where(inArray(groups.name, board.groups));
  return rows
    .filter((g) => !g.isPrivate || mine.includes(g.name))
    .map((g) => ({
      name: g.name,
      description: g.description,
      isPrivate: g.isPrivate,
      member: mine.includes(g.name),
    }));
}

export async function joinGroup(db: Db, board: BoardRow, actor: Actor, name: string) {
  const offered = await joinableGroups(db, board, actor);
  const row = await groupByName(db, name);
  if (!offered.some((o) => o.name === row.name))
    throw forbidden(groupFormMsg.cannotJoin(groupName(name)));
  await db.insert(groupMembers).values({ groupId: row.id, userId: actor.id }).onConflictDoNothing();
  return { groups: await userGroupNames(db, actor.id) };
}

/**
 * Out of a group: its members go, and the boards whose notes they had sent there (each board's
 * view state keeps the group chosen for it) send their notes to no group, as on a board never
 * given one. Without it, a note there would be refused, far from where the group was left.
 */
async function takeOut(db: Db, groupId: string, name: string, userId: string) {
  const gone = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .returning({ id: groupMembers.groupId });
  if (gone.length === 0) return false;
  await db
    .update(viewStates)
    .set({ state: sql`${viewStates.state} - 'selectedGroup'` })
    .where(
      and(
        eq(viewStates.userId, userId),
        eq(viewStates.kind, 'multilist'),
        sql`${viewStates.state}->>'selectedGroup' = ${name}`,
      ),
    );
  return true;
}

/**
 * Leaving a group: the group's notes are no longer read by, or sent to, the one who left; the
 * notes they posted to it stay its own. The owner stays in their group.
 */
export async function leaveGroup(db: Db, actor: Actor, name: string) {
  const g = await groupByName(db, name);
  if (g.owner === actor.username) throw forbidden(groupFormMsg.ownerStays(g.name));
  if (!(await takeOut(db, g.id, g.name, actor.id))) throw badRequest(groupFormMsg.notIn(g.name));
  return { groups: await userGroupNames(db, actor.id) };
}

/** A group as its owner (or a site admin) may change its members. */
async function ownedGroup(db: Db, actor: Actor, name: string, refusal: string) {
  const g = await groupByName(db, name);
  if (g.owner !== actor.username && !actor.roles.includes('lbadmin')) throw forbidden(refusal);
  return g;
}

const memberCount = async (db: Db, groupId: string) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return row?.n ?? 0;
};

/** Private groups take members by name, added by the group's owner. */
export async function addGroupMember(db: Db, actor: Actor, name: string, username: string) {
  const g = await ownedGroup(db, actor, name, 'Only the group’s owner can add members.');
  const user = await findUserByUsername(db, username);
  if (!user) throw notFound(`Not a registered user: ${username}`);
  await db.insert(groupMembers).values({ groupId: g.id, userId: user.id }).onConflictDoNothing();
  return { name: g.name, members: await memberCount(db, g.id) };
}

/**
 * The owner takes someone out of their group (one who joined from a link they should not have
 * had, a student of another section): the group's notes are no longer theirs to read.
 */
export async function removeGroupMember(db: Db, actor: Actor, name: string, username: string) {
  const g = await ownedGroup(db, actor, name, 'Only the group’s owner can remove members.');
  const user = await findUserByUsername(db, username);
  if (!user) throw notFound(`Not a registered user: ${username}`);
  if (user.username === g.owner) throw forbidden(groupFormMsg.ownerStays(g.name));
  if (!(await takeOut(db, g.id, g.name, user.id)))
    throw badRequest(groupFormMsg.memberNotIn(user.username, g.name));
  return { name: g.name, members: await memberCount(db, g.id) };
}

/** The groups the caller owns, each with its members, the owner first, then by name. */
export async function ownedGroupMembers(db: Db, actor: Actor) {
  const rows = await db
    .select({ group: groups.name, username: users.username, fullname: users.fullname })
    .from(groups)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groups.owner, actor.username))
    .orderBy(groups.name, users.username);
  const byGroup = new Map<string, { username: string; fullname: string }[]>();
  for (const r of rows) {
    const members = byGroup.get(r.group) ?? [];
    members.push({ username: r.username, fullname: r.fullname });
    byGroup.set(r.group, members);
  }
  return [...byGroup].map(([name, members]) => ({
    name,
    members: [
      ...members.filter((m) => m.username === actor.username),
      ...members.filter((m) => m.username !== actor.username),
    ],
  }));
}

export async function myGroups(db: Db, actor: Actor) {
  const rows = await db
    .select({
      name: groups.name,
      description: groups.description,
      isPrivate: groups.isPrivate,
      owner: groups.owner,
      // A group's roster is its owner's: the others are not told how many are in it.
      members: sql<number | null>`case when ${groups.owner} = ${actor.username}
        then (select count(*)::int from ${groupMembers} m where m.group_id = ${groups.id}) end`,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, actor.id))
    .orderBy(groups.name);
  return rows;
}
