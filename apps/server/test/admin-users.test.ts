/**
 * The admin's users page, the users board (presence from live connections) and the dashboard
 * board every signed-in user gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Agent, createTestApp, SEED_PASSWORD, type TestContext } from './harness';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createBoard } from '../src/services/boards/create';
import { presence, users as usersTable } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';

let t: TestContext;
let admin: Agent;
let reader: Agent;

interface UserRow {
  username: string;
  roles: string[];
  circle: string | null;
  groups: string[];
  lastSeen: string | null;
  online: boolean;
}

const users = async (): Promise<UserRow[]> => {
  const res = await admin.post('/api/admin/users', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const base = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** Opens the live connection a browser keeps while it shows boards; resolves once it is open. */
async function connect(agent: Agent) {
  const ctrl = new AbortController();
  const res = await fetch(`${base(t.app)}/api/events?boards=`, {
    headers: { cookie: agent.cookie! },
    signal: ctrl.signal,
  });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  await reader.read();
  return () => ctrl.abort();
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = new Agent(t.app);
  await admin.signIn('admin');
  reader = new Agent(t.app);
  await reader.signIn('reader');
});
afterAll(async () => t.close());

describe('admin users page', () => {
  it('lists every user with roles, circle, groups and when last seen', async () => {
    await reader.post('/api/forms/create_group', { name: 'Evening class' });
    const all = await users();
    expect(all.map((u) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'author', 'demo', 'guest', 'reader']),
    );
    const sam = all.find((u) => u.username === 'reader')!;
    expect(sam).toMatchObject({ roles: ['reader'], circle: 'Feature Test' });
    expect(sam.groups).toContain('Evening class');
    expect(Date.now() - Date.parse(sam.lastSeen!)).toBeLessThan(60_000);
    expect(all.find((u) => u.username === 'demo')!.lastSeen).toBeNull();
  });

  it('changes a user’s roles through user.custom.update.admin', async () => {
    const res = await admin.post('/api/display/user.custom.update.admin', {
      username: 'demo',
      roles: ['demo', 'reader', 'contributor'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await users()).find((u) => u.username === 'demo')!.roles).toEqual([
      'demo',
      'reader',
      'contributor',
    ]);
    const calls = (await admin.post('/api/admin/activity', { user: 'admin' })).json().rows;
    expect(calls[0]).toMatchObject({
      call: '/api/display/user.custom.update.admin',
      details: { username: 'demo', roles: ['demo', 'reader', 'contributor'] },
    });
  });

  it('removes another user with their boards, never the admin, the guest or oneself', async () => {
    const made = await admin.post('/api/auth/create_user', {
      username: 'leaving',
      password: 'secret-1',
      email: 'leaving@example.org',
      profile: { role: 'author' },
    });
    expect(made.statusCode, made.body).toBe(200);
    await createBoard(t.database.db, { owner: 'leaving', title: 'Old notes', lists: [] });
    const listed = () => admin.post('/api/forms/list_multilists', { owner: 'leaving' });
    expect((await listed()).json()).toHaveLength(1);
    const res = await admin.post('/api/admin/deregister_user', { username: 'leaving' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await users()).map((u) => u.username)).not.toContain('leaving');
    expect((await listed()).json()).toEqual([]);

    for (const username of ['admin', 'guest']) {
      expect((await admin.post('/api/admin/deregister_user', { username })).statusCode).toBe(403);
    }
    const missing = await admin.post('/api/admin/deregister_user', { username: 'nobody-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Not a registered user: nobody-here');
    expect((await reader.post('/api/admin/deregister_user', { username: 'demo' })).statusCode).toBe(
      403,
    );
  });
});

describe('users board', () => {
  it('shows who has a live connection open, and drops them when it closes', async () => {
    const online = async () =>
      ((await reader.post('/api/display/users_online', {})).json() as { username: string }[]).map(
        (u) => u.username,
      );
    expect(await online()).not.toContain('reader');
    const close = await connect(reader);
    expect(await online()).toContain('reader');
    expect((await users()).find((u) => u.username === 'reader')!.online).toBe(true);
    close();
    for (let i = 0; i < 50 && (await online()).includes('reader'); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await online()).not.toContain('reader');
  });

  it('drops a connection whose page went while it was being set up', async () => {
    // The stream is set up over several queries before it answers. A page closed in between
    // (a tab shut while the board loads) must not leave its user counted as here.
    const { db, pool } = t.database;
    const author = new Agent(t.app);
    await author.signIn('author');
    const [me] = await db.select().from(usersTable).where(eq(usersTable.username, 'author'));
    const rowsOf = async (userId: string) =>
      (await db.select().from(presence).where(eq(presence.userId, userId))).length;
    expect(await rowsOf(me!.id)).toBe(0);
    // A row long stale, which the stream's setup clears as its last step: when it is gone, the
    // setup has run to the end.
    const [someone] = await db.select().from(usersTable).where(eq(usersTable.username, 'demo'));
    const stale = new Date(Date.now() - 60 * 60_000);
    const marker = randomUUID();
    await db
      .insert(presence)
      .values({ id: marker, userId: someone!.id, connected: stale, lastBeat: stale });

    // Hold the presence table, so the setup waits on it (on PGlite, on any query).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`lock table presence in exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    const connections = () =>
      new Promise<number>((r) => t.app.server.getConnections((_e, n) => r(n)));
    const before = await connections();
    const req = http.request(`${base(t.app)}/api/events?boards=`, {
      headers: { cookie: author.cookie! },
    });
    req.on('error', () => {});
    req.end();
    // The request is in and waiting: on PostgreSQL its insert waits for the lock; on PGlite
    // every query waits for the transaction, and the request has had time to be read.
    if (pool) {
      await expect
        .poll(async () => (await pool.query('select 1 from pg_locks where not granted')).rowCount)
        .toBeGreaterThan(0);
    } else {
      await expect.poll(connections).toBe(before + 1);
      await new Promise((r) => setTimeout(r, 300));
    }
    req.destroy();
    await expect.poll(connections).toBe(before);
    release();
    await holding;

    await expect
      .poll(async () => (await db.select().from(presence).where(eq(presence.id, marker))).length)
      .toBe(0);
    await expect.poll(() => rowsOf(me!.id)).toBe(0);
  });

  it('does not count visitors on the shared guest account', async () => {
    const guest = new Agent(t.app);
    await guest.signInGuest();
    const close = await connect(guest);
    const res = await reader.post('/api/display/users_online', {});
    expect(res.json().map((u: { username: string }) => u.username)).not.toContain('guest');
    expect((await guest.post('/api/display/users_online', {})).statusCode).toBe(401);
    close();
  });
});

describe('dashboard board', () => {
  it('is made for a user on first opening their home, once, and recorded', async () => {
    // Fixture users get theirs at seed time; an account made later gets it on first visit.
    await t.database.db.insert(usersTable).values({
      username: 'newcomer',
      email: 'newcomer@example.org',
      passwordHash: await hashPassword(SEED_PASSWORD),
      roles: ['reader'],
    });
    const newcomer = new Agent(t.app);
    await newcomer.signIn('newcomer');
    const open = () =>
      newcomer
        .post('/api/dbload/load_multilists', { addresses: ['/newcomer/home'] })
        .then((r) => r.json());
    const [first] = await Promise.all([open(), open()]);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ owner: 'newcomer', title: 'home' });
    const [again] = await open();
    expect(again!._id).toBe(first[0]!._id);
    const rows = (await admin.post('/api/admin/activity', { user: 'newcomer' })).json().rows;
    expect(rows.filter((r) => r.board === 'newcomer/home')).toHaveLength(1);
  });

  it('is not made by someone else opening it, nor for the guest', async () => {
    const other = await reader.post('/api/dbload/load_multilists', {
      addresses: ['/author/nothing;nobody/home'],
    });
    expect(other.json()).toEqual([]);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    const res = await guest.post('/api/dbload/load_multilists', { addresses: ['/guest/home'] });
    expect(res.json()).toEqual([]);
  });
});
