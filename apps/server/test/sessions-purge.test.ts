/** Expired sessions do not pile up: an instance sweeps them as it starts (and hourly after). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { sessions } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('expired sessions', () => {
  it('are removed when an instance starts, while live ones keep working', async () => {
    const expired = new Agent(t.app);
    await expired.signInGuest();
    const live = new Agent(t.app);
    await live.signInGuest();
    const db = t.database.db;
    const before = await db.select().from(sessions);
    // Age the first visitor's session past its expiry.
    const token = /lb_session=([^;]+)/.exec(expired.cookie!)![1]!;
    const oldId = hashToken(decodeURIComponent(token));
    const aged = await db
      .update(sessions)
      .set({ expires: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, oldId))
      .returning();
    expect(aged).toHaveLength(1);

    const next = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      database: t.database,
    });
    await next.ready();
    await next.close();

    const after = await db.select({ id: sessions.id, expires: sessions.expires }).from(sessions);
    expect(after.some((s) => s.id === oldId)).toBe(false);
    expect(after.every((s) => s.expires.getTime() > Date.now())).toBe(true);
    expect(after.length).toBe(before.length - 1);
    expect((await live.get('/api/auth/session')).json().user!.username).toBe('guest');
    expect((await expired.get('/api/auth/session')).json().user).toBeNull();
  });
});
