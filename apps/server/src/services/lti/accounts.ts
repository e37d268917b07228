/**
 * One Listboard account per (platform, sub): made at the user's first launch with the name and
 * e-mail the platform sends, kept up to date at later ones. Such an account has no password; it
 * signs in through the platform.
 */
import { and, eq, sql } from 'drizzle-orm';
import { must, shownName, type Role } from '@listboard/core';
import type { Db } from '../../db/client';
import { ltiUsers, users } from '../../db/schema';
import { RESERVED_NAMES, usernameTaken } from '../accounts/accounts';
import type { UserRow } from '../accounts/users';
import type { LaunchClaims } from './claims';

/** A user name from the person's name ("Ada Lovelace" → "ada.lovelace"), free and not reserved. */
async function freeUsername(db: Db, name: string, sub: string): Promise<string> {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 40);
  const base = slug || `lti.${sub.replace(/[^A-Za-z0-9]/g, '').slice(0, 12) || 'user'}`;
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}.${String(n)}`;
    if (RESERVED_NAMES.includes(candidate)) continue;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  return `lti.${crypto.randomUUID()}`;
}

async function emailFree(db: Db, email: string, userId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row === undefined || row.id === userId;
}

function nameFields(fullname: string): Record<string, unknown> {
  const [firstname = '', ...rest] = fullname.trim().split(/\s+/);
  return { fullname, firstname, lastname: rest.join(' ') };
}

/**
 * The account of the launching user, made at the first launch. An instructor's account gets the
 * author role, so that they can make boards for their course. An e-mail address another
 * account already holds is not copied (addresses are unique).
 */
export async function accountFor(
  db: Db,
  platformId: string,
  claims: Pick<LaunchClaims, 'sub' | 'name' | 'email' | 'role'>,
  now: Date,
): Promise<UserRow> {
  const [known] = await db
    .select({ user: users })
    .from(ltiUsers)
    .innerJoin(users, eq(users.id, ltiUsers.userId))
    .where(and(eq(ltiUsers.platformId, platformId), eq(ltiUsers.sub, claims.sub)));
  const fullname = shownName(claims.name);
  if (known) {
    const u = known.user;
    const change: Partial<typeof users.$inferInsert> = {};
    if (fullname && fullname !== u.fullname) {
      change.fullname = fullname;
      change.fields = { ...u.fields, ...nameFields(fullname) };
    }
    if (claims.email && claims.email !== u.email && (await emailFree(db, claims.email, u.id)))
      change.email = claims.email;
    if (claims.role === 'instructor' && !u.roles.some((r) => r === 'author' || r === 'lbadmin'))
      change.roles = [...u.roles.filter((r) => r !== 'reader'), 'author'];
    if (Object.keys(change).length === 0) return u;
    const [row] = await db
      .update(users)
      .set({ ...change, modified: now })
      .where(eq(users.id, u.id))
      .returning();
    return must(row, 'the account');
  }
  const username = await freeUsername(db, fullname, claims.sub);
  const email = claims.email && (await emailFree(db, claims.email)) ? claims.email : null;
  const roles: Role[] = [claims.role === 'instructor' ? 'author' : 'reader'];
  const [row] = await db
    .insert(users)
    .values({
      username,
      email,
      roles,
      fullname,
      fields: nameFields(fullname),
      created: now,
      modified: now,
    })
    .returning();
  const user = must(row, 'the new account');
  await db.insert(ltiUsers).values({ platformId, sub: claims.sub, userId: user.id, created: now });
  return user;
}
