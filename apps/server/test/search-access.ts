/** The boards the fixture reader may search, as the search reckons them (search/access.ts). */
import { eq } from 'drizzle-orm';
import { must } from '@listboard/core';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { boardAccess } from '../src/services/search/access';

export async function readerAccess(db: Db) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'reader'));
  return boardAccess(db, {
    actor: { id: must(row, 'the reader').id, username: 'reader', roles: ['reader'] },
    sessionId: null,
    appVersion: 'PRODUCTION',
    groups: [],
  });
}
