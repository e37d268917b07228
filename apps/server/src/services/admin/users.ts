/**
 * The admin's users page: every account with its roles, circle, groups and when it was last
 * seen, and removing an account. Changing roles and fields is user.custom.update.admin
 * (services/accounts/profile.ts); adding a user is create_user (services/accounts/accounts.ts).
 */
import { asc, eq, max } from 'drizzle-orm';
import { ADMIN_USER, GUEST_USER, coauthorMsg, fieldMsg, type Role } from '@listboard/core';
import type { AdminAccount } from '@listboard/core/api/routes';
import type { Db } from '../../db/client';
import { auditLog, groupMembers, groups, sessions, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { onlineUsers } from '../../realtime/presence';
import type { Actor } from '../accounts/users';
import { findUserByUsername } from '../accounts/users';
import { removeAccount } from '../accounts/remove';

export async function listUsers(db: Db, now = new Date()): Promise<AdminAccount[]> {
  const [rows, memberships, seen, wrote, online] = await Promise.all([
    db.select().from(users).orderBy(asc(users.username)),
    db
      .select({ userId: groupMembers.userId, name: groups.name })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .orderBy(asc(groups.name)),
    db
      .select({ userId: sessions.userId, at: max(sessions.lastSeen) })
      .from(sessions)
      .groupBy(sessions.userId),
    db
      .select({ userId: auditLog.userId, at: max(auditLog.at) })
      .from(auditLog)
      .groupBy(auditLog.userId),
    onlineUsers(db, now),
  ]);
  const here = new Set(online.map((o) => o.username));
  const latest = new Map<string, Date>();
  for (const r of [...seen, ...wrote]) {
    if (!r.userId || !r.at) continue;
    const before = latest.get(r.userId);
    if (!before || r.at > before) latest.set(r.userId, r.at);
  }
  return rows.map((u) => ({
    _id: u.id,
    username: u.username,
    fullname: u.fullname,
    email: u.email,
    emailVerified: u.emailVerified,
    roles: u.roles as Role[],
    circle: u.circle,
    groups: memberships.filter((m) => m.userId === u.id).map((m) => m.name),
    fields: Object.fromEntries(
      (['title', 'phone', 'bio'] as const)
        .filter((k) => typeof u.fields[k] === 'string')
        .map((k) => [k, u.fields[k] as string]),
    ),
    fixture: u.fixture,
    created: u.created.toISOString(),
    lastSeen: latest.get(u.id)?.toISOString() ?? null,
    online: here.has(u.username),
  }));
}

/**
 * The admin removes someone else's account, as its owner would (removeAccount); its live
 * connections go with it through their foreign keys. The
 * admin and guest accounts hold the site's own boards and visitors, so they stay.
 */
export async function deregisterByAdmin(db: Db, actor: Actor, username: string): Promise<string> {
  const name = username.trim();
  if (!name) throw badRequest(fieldMsg.requiredField('username'));
  const user = await findUserByUsername(db, name);
  if (!user) throw notFound(coauthorMsg.notRegisteredUser(name));
  if (user.id === actor.id) {
    throw forbidden('Use your own profile to remove your own account.');
  }
  if (user.username === ADMIN_USER || user.username === GUEST_USER) {
    throw forbidden(`The ${user.username} account cannot be removed.`);
  }
  await removeAccount(db, user);
  return user.username;
}
