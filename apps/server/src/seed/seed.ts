import { and, eq, sql } from 'drizzle-orm';
import { pathTitle } from '@listboard/core';
import type { Db } from '../db/client';
import { multilists, users } from '../db/schema';
import { FIXTURE_USERS, DEFAULT_SEED_PASSWORD } from './fixtures/users';
import { FIXTURE_BOARDS } from './fixtures/boards';
import { hashPassword } from '../lib/passwords';
import { createBoard } from '../services/boards/create';
import { homeBoardSpec } from '../services/boards/dashboard';

export interface SeedResult {
  usersCreated: number;
  boardsCreated: number;
}

/**
 * Creates whatever fixture users and boards are missing, and a home board for each fixture user
 * who signs in and has none (so /{user} opens for a visitor before that user first signs in);
 * running it twice changes nothing. The fixture accounts' password is `password`, hashed here,
 * unless `passwordHash` is given already made.
 */
export async function seed(
  db: Db,
  opts: { password?: string; passwordHash?: string } = {},
): Promise<SeedResult> {
  const result: SeedResult = { usersCreated: 0, boardsCreated: 0 };
  const passwordHash =
    opts.passwordHash ?? (await hashPassword(opts.password ?? DEFAULT_SEED_PASSWORD));
  for (const u of FIXTURE_USERS) {
    const inserted = await db
      .insert(users)
      .values({
        username: u.username,
        email: u.email,
        emailVerified: u.email != null,
        passwordHash: u.hasPassword ? passwordHash : null,
        roles: u.roles,
        fullname: u.fullname,
        circle: u.circle,
        fixture: true,
        fields: u.fields,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    result.usersCreated += inserted.length;
  }
  const homes = FIXTURE_USERS.filter((u) => u.hasPassword).map((u) =>
    homeBoardSpec(u.username, u.fullname),
  );
  for (const b of [...FIXTURE_BOARDS, ...homes]) {
    const [exists] = await db
      .select({ id: multilists.id })
      .from(multilists)
      .where(and(eq(multilists.owner, b.owner), eq(multilists.ptitle, pathTitle(b.title))))
      .limit(1);
    if (exists) continue;
    await createBoard(db, b);
    result.boardsCreated++;
  }
  return result;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.fixture, true));
  return (row?.n ?? 0) >= FIXTURE_USERS.length;
}
