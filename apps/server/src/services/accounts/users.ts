import { eq, sql } from 'drizzle-orm';
import type { PublicUser, Role } from '@listboard/core';
import type { Db } from '../../db/client';
import { users, groupMembers, groups } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The acting user as services see it: identity and roles only, never from the client. */
export interface Actor {
  id: string;
  username: string;
  roles: Role[];
}

export function toActor(u: UserRow): Actor {
  return { id: u.id, username: u.username, roles: u.roles as Role[] };
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function groupNamesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(groups.name);
  return rows.map((r) => r.name);
}

export function toPublicUser(u: UserRow, groupNames: string[] = []): PublicUser {
  return {
    _id: u.id,
    username: u.username,
    email: u.email,
    roles: u.roles as Role[],
    fullname: u.fullname,
    circle: u.circle,
    groups: groupNames,
    nodashboard: u.nodashboard,
    emailVerified: u.emailVerified,
    fields: u.fields,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}
