/**
 * The audit log behind the admin's activity page: every successful write is recorded with who,
 * what, which board and when; reads are not; every write and its record commit together.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Multilist } from '@listboard/core';
import Fastify from 'fastify';
import { auditPlugin } from '../src/plugins/audit';
import {
  Agent,
  assertEveryWriteRecorded,
  createTestApp,
  SEED_PASSWORD,
  type TestContext,
  ifStarted,
} from './harness';
import { createAccountApp, lastMailTo, tokenIn, type AccountTestContext } from './account-harness';
import { documentedRoutes } from './fuzz/openapi';
import { installRowCounter, rowsOf } from './fuzz/row-counter';
import { recordedWrites, registeredCalls } from './fuzz/write-calls';

let t: TestContext;
let admin: Agent;
let author: Agent;
let reader: Agent;
let course: Multilist;

interface Row {
  at: string;
  username: string;
  call: string;
  board: string | null;
  multilistId: string | null;
  itemId: string | null;
  details: Record<string, unknown>;
}
interface Page {
  rows: Row[];
  page: number;
  pageSize: number;
  total: number;
  hasNext: boolean;
}

const activity = async (query: object = {}): Promise<Page> => {
  const res = await admin.post('/api/admin/activity', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const load = async (a: Agent, address: string): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: [address] })).json()[0]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app);
  await admin.signIn('admin');
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  course = await load(author, '/author/course');
});
afterAll(async () => t.close());

describe('audit log', () => {
  it('records a board write with who, what, which board and when', async () => {
    const before = Date.now();
    const res = await author.post('/api/forms/insert_item', {
      listId: course.lists[1]!._id,
      text: 'An extra tip',
    });
    expect(res.statusCode).toBe(200);
    const [row] = (await activity({ user: 'author' })).rows;
    expect(row).toMatchObject({
      username: 'author',
      call: '/api/forms/insert_item',
      board: 'author/course',
      multilistId: course._id,
      details: { listId: course.lists[1]!._id },
    });
    expect(Date.parse(row!.at)).toBeGreaterThanOrEqual(before - 1000);
    // Whole texts are not copied into the log.
    expect(JSON.stringify(row!.details)).not.toContain('An extra tip');
  });

  it('saves a write whose long title has an emoji where the log’s copy is cut', async () => {
    // 199 characters, then an emoji of two UTF-16 units across the cut at 200.
    const title = `${'Field trip plans, '.repeat(11)}+🎒 what to bring`;
    expect(title.indexOf('🎒')).toBe(199);
    const res = await author.post('/api/forms/insert_list', {
      multilistId: course._id,
      titleText: title,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await load(author, '/author/course');
    expect(after.lists.map((l) => l.title)).toContain(title);
    const [row] = (await activity({ user: 'author' })).rows;
    expect(row!.details.titleText).toBe(`${title.slice(0, 199)}🎒…`);
  });

  it('records writes outside boards: a new board, a group, a profile, sign-in', async () => {
    const made = (
      await reader.post('/api/forms/insert_multilist', { titleText: 'Reading log' })
    ).json();
    await reader.post('/api/forms/create_group', { name: 'Night owls' });
    await reader.post('/api/forms/edit_profile', { profile: { title: 'Night student' } });
    const again = new Agent(t.app);
    await again.signIn('reader');
    const calls = (await activity({ user: 'reader' })).rows.map((r) => r.call);
    expect(calls).toEqual(
      expect.arrayContaining([
        '/api/forms/insert_multilist',
        '/api/forms/create_group',
        '/api/forms/edit_profile',
        '/api/auth/signin',
      ]),
    );
    const created = (await activity({ user: 'reader' })).rows.find(
      (r) => r.call === '/api/forms/insert_multilist',
    );
    expect(created).toMatchObject({ board: 'reader/reading-log', multilistId: made.multilistId });
  });

  it('records what leaves a board unchanged yet matters: a group joined, a board unlocked, an item mailed', async () => {
    await author.post('/api/forms/create_group', { name: 'Open seminar' });
    await author.post('/api/forms/assign_group', {
      multilistId: course._id,
      groupName: 'Open seminar',
    });
    const shut = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Audit locked', listed: true })
    ).json();
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: shut.multilistId,
      password: 'sesame',
    });
    const item = course.lists[0]!.items[0]!;
    const answers = [
      await reader.post('/api/forms/join_group', {
        multilistId: course._id,
        groupName: 'Open seminar',
      }),
      await reader.post('/api/forms/board_password', {
        multilistId: shut.multilistId,
        password: 'sesame',
      }),
      await reader.post('/api/forms/email_an_item', {
        email: 'reader@example.org',
        multilistId: course._id,
        listId: item.listId,
        itemId: item._id,
      }),
    ];
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = (await activity({ user: 'reader', pageSize: 200 })).rows;
    expect(rows.find((r) => r.call === '/api/forms/join_group')).toMatchObject({
      multilistId: course._id,
    });
    expect(rows.find((r) => r.call === '/api/forms/board_password')).toMatchObject({
      multilistId: shut.multilistId,
    });
    expect(rows.find((r) => r.call === '/api/forms/email_an_item')).toMatchObject({
      multilistId: course._id,
      itemId: item._id,
    });
    // A wrong password unlocks nothing and leaves no row.
    const before = (await activity({ user: 'reader', pageSize: 200 })).total;
    const wrong = await reader.post('/api/forms/board_password', {
      multilistId: shut.multilistId,
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(403);
    expect((await activity({ user: 'reader', pageSize: 200 })).total).toBe(before);
  });

  it('never keeps a password in the log', async () => {
    const a = new Agent(t.app);
    await a.signIn('demo');
    const rows = (await activity({ user: 'demo' })).rows;
    expect(rows.map((r) => r.call)).toContain('/api/auth/signin');
    expect(JSON.stringify(rows)).not.toContain('listboard');
  });

  it('leaves out reads, view-state changes and failed calls', async () => {
    const a = new Agent(t.app);
    await a.signIn('author');
    const { total } = await activity({ user: 'author' });
    await a.post('/api/dbload/load_multilists', { addresses: ['/author/course'] });
    await a.post('/api/forms/list_multilists', { owner: 'author' });
    await a.post('/api/display/update_multilistvs', {
      query: { userId: a.userId, multilistId: course._id },
      doc: { $set: { zoom: 3 } },
    });
    const refused = await a.post('/api/forms/edit_item', { itemId: course._id, text: 'x' });
    expect(refused.statusCode).toBe(404);
    expect((await activity({ user: 'author' })).total).toBe(total);
  });

  it('keeps a board write and its record together: no record, no change', async () => {
    const list = course.lists[2]!._id;
    await t.database.db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      const res = await author.post('/api/forms/insert_item', { listId: list, text: 'Lost item' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toBe('Something went wrong. Please try again later.');
    } finally {
      await t.database.db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
    const board = await load(author, '/author/course');
    const texts = board.lists[2]!.items.map((i) => i.text);
    expect(texts).not.toContain('Lost item');
  });

  it('pages newest first and narrows by user and by day', async () => {
    for (let i = 0; i < 5; i++) {
      await author.post('/api/forms/insert_item', { listId: course.lists[0]!._id, text: `n${i}` });
    }
    const first = await activity({ user: 'AUTHOR', pageSize: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.hasNext).toBe(true);
    expect(first.total).toBeGreaterThanOrEqual(6);
    expect(first.rows.every((r) => r.username === 'author')).toBe(true);
    const second = await activity({ user: 'author', pageSize: 2, page: 1 });
    expect(Date.parse(second.rows[0]!.at)).toBeLessThanOrEqual(Date.parse(first.rows[1]!.at));
    expect(second.rows.map((r) => r.at)).not.toContain(first.rows[0]!.at);

    const today = new Date().toISOString().slice(0, 10);
    const todays = await activity({ start: today, stop: today, pageSize: 200 });
    expect(todays.total).toBeGreaterThan(0);
    expect(todays.rows.every((r) => r.at.startsWith(today))).toBe(true);
    const empty = await activity({ start: '2001-01-01', stop: '2001-01-31' });
    expect(empty).toMatchObject({ rows: [], total: 0, hasNext: false });
  });

  it('refuses a bad date with a message, not a 500', async () => {
    const res = await admin.post('/api/admin/activity', { start: '2024-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The start date must be a date as YYYY-MM-DD.');
    const backwards = await admin.post('/api/admin/activity', {
      start: '2024-03-02',
      stop: '2024-03-01',
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('is for the site admin only', async () => {
    expect((await reader.post('/api/admin/activity', {})).statusCode).toBe(403);
    expect((await author.post('/api/admin/activity', {})).statusCode).toBe(403);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await guest.post('/api/admin/activity', {})).statusCode).toBe(401);
  });
});

/**
 * Writes outside the board and site calls (board creation, loads, groups, accounts, admin edits,
 * uploads) record themselves in their own transaction too: with the audit insert made to fail
 * for one call, that call answers 5xx and leaves no row changed anywhere; without the failure it
 * succeeds and leaves exactly one row for itself.
 */
describe('every write records itself in its own transaction', () => {
  let a: AccountTestContext;
  let dataDir: string;
  let pages: http.Server;
  let pageUrl: string;
  let rowsWritten: () => Promise<number>;
  let asAdmin: Agent;
  let asAuthor: Agent;
  let asReader: Agent;
  let listId: string;
  let n = 0;

  interface Prepared {
    agent: Agent;
    body: unknown;
  }

  const signedIn = async (username: string) => {
    const agent = a.agent();
    await agent.signIn(username);
    return agent;
  };
  const guest = async () => {
    const agent = a.agent();
    await agent.signInGuest();
    return agent;
  };
  /** A new account, signed in (verification is off here); answers its agent and address. */
  const newAccount = async (name: string) => {
    const agent = await guest();
    const email = `${name}@example.org`;
    const res = await agent.post('/api/auth/register', {
      username: name,
      password: 'listboard',
      email,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { agent, email };
  };
  const markdown = (text: string) => ({
    data: Buffer.from(text).toString('base64'),
    name: 'notes.md',
  });

  /** One way to make each write succeed; `n` keeps names apart between tries. */
  const SAMPLES: Record<string, (n: number) => Prepared | Promise<Prepared>> = {
    '/api/auth/signin': () => ({
      agent: a.agent(),
      body: { username: 'reader', password: SEED_PASSWORD },
    }),
    '/api/auth/signout': async () => ({ agent: await signedIn('demo'), body: {} }),
    '/api/auth/register': async (n) => ({
      agent: await guest(),
      body: { username: `joiner${n}`, password: 'listboard', email: `joiner${n}@example.org` },
    }),
    '/api/auth/create_user': (n) => ({
      agent: asAdmin,
      body: {
        username: `added${n}`,
        password: 'listboard',
        email: `added${n}@example.org`,
        profile: { role: 'reader' },
      },
    }),
    '/api/auth/notify_admin_of_new_user': async (n) => ({
      agent: await guest(),
      body: { email: (await newAccount(`told${n}`)).email, status: `checked-${n}` },
    }),
    '/api/auth/resend_verification': async (n) => ({
      agent: await guest(),
      body: { email: (await newAccount(`resent${n}`)).email },
    }),
    '/api/auth/forgot': async (n) => ({
      agent: await guest(),
      body: { email: (await newAccount(`forgot${n}`)).email },
    }),
    '/api/auth/reset_password': async (n) => {
      const { email } = await newAccount(`reset${n}`);
      await (await guest()).post('/api/auth/forgot', { email });
      const token = tokenIn(lastMailTo(a, email), 'resetPasswordToken');
      return { agent: await guest(), body: { token, password: 'another-password' } };
    },
    '/api/forms/deregister_user': async (n) => {
      const { agent, email } = await newAccount(`leaver${n}`);
      return { agent, body: { email, password: 'listboard' } };
    },
    '/api/forms/edit_profile': (n) => ({
      agent: asReader,
      body: { profile: { title: `Title ${n}` } },
    }),
    '/api/display/update_user_fields_tourCateg': (n) => ({
      agent: asReader,
      body: { tourCateg: `tour${n}`, value: true },
    }),
    '/api/display/user.custom.update.admin': (n) => ({
      agent: asAdmin,
      body: { username: 'reader', fields: { title: `Set ${n}` } },
    }),
    '/api/forms/insert_multilist': (n) => ({
      agent: asAuthor,
      body: { titleText: `Audited ${n}` },
    }),
    '/api/display/create_blank_board': (n) => ({
      agent: asAuthor,
      body: { title: `Blank ${n}` },
    }),
    '/api/forms/create_group': (n) => ({ agent: asReader, body: { name: `Circle ${n}` } }),
    '/api/forms/add_group_member': async (n) => {
      await asReader.post('/api/forms/create_group', { name: `Club ${n}`, isPrivate: true });
      return { agent: asReader, body: { groupName: `Club ${n}`, username: 'author' } };
    },
    '/api/forms/remove_group_member': async (n) => {
      await asReader.post('/api/forms/create_group', { name: `Crew ${n}`, isPrivate: true });
      await asReader.post('/api/forms/add_group_member', {
        groupName: `Crew ${n}`,
        username: 'author',
      });
      return { agent: asReader, body: { groupName: `Crew ${n}`, username: 'author' } };
    },
    '/api/forms/leave_group': async (n) => {
      await asReader.post('/api/forms/create_group', { name: `Band ${n}`, isPrivate: true });
      await asReader.post('/api/forms/add_group_member', {
        groupName: `Band ${n}`,
        username: 'author',
      });
      return { agent: asAuthor, body: { groupName: `Band ${n}` } };
    },
    '/api/forms/load': (n) => ({
      agent: asAuthor,
      body: { fileinfo: markdown(`# Part ${n}\n\nA line.`), titleText: `Loaded ${n}` },
    }),
    '/api/forms/load_stream': (n) => ({
      agent: asAuthor,
      body: { fileinfo: markdown(`# Part ${n}\n\nA line.`), titleText: `Streamed ${n}` },
    }),
    '/api/forms/import_item_url': (n) => ({
      agent: asAuthor,
      body: { listId, url: `${pageUrl}/page-${n}.txt` },
    }),
    '/api/upload/record': async (n) => {
      const bucketPath = `author/audited-${n}.txt`;
      const content = Buffer.from(`Notes, take ${n}.\n`);
      const signed = (await asAuthor.post('/api/upload/s3', { bucketPath, fileType: '' })).json();
      const put = await a.app.inject({
        method: 'PUT',
        url: signed.url,
        headers: signed.headers,
        payload: content,
      });
      expect(put.statusCode, put.body).toBe(200);
      return { agent: asAuthor, body: { bucketPath, fileType: '', size: content.length } };
    },
  };

  /** A streamed load answers 200 at once; how it ended is its last line. */
  const outcome = (call: string, res: { statusCode: number; body: string }) => {
    if (call !== '/api/forms/load_stream' || res.statusCode !== 200) return res.statusCode;
    const last = JSON.parse(res.body.trim().split('\n').pop()!) as {
      phase: string;
      status?: number;
    };
    return last.phase === 'done' ? 200 : (last.status ?? 500);
  };
  const recordsOf = async (call: string) => {
    const [row] = await rowsOf<{ n: number | string }>(
      a.database.db,
      sql`select count(*) as n from audit_log where call = ${call}`,
    );
    return Number(row!.n);
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-audit-'));
    pages = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Fetched from ${req.url}.\n`);
    });
    await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r));
    pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    a = await createAccountApp({
      DATA_DIR: dataDir,
      EMAIL_VERIFICATION: 'off',
      LOAD_ALLOW_PRIVATE: 'true',
      SESSION_SECRET: 'a-test-session-secret-0123456789',
    });
    const db = a.database.db;
    // Sign-in failure counters are kept whatever the call does; everything else is counted.
    const written = await installRowCounter(db, new Set(['auth_throttle']));
    rowsWritten = async () => (await written()).rows;
    await db.execute(sql`create table audit_fails (call text primary key)`);
    await db.execute(sql`
      create function audit_fail() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from audit_fails where call = new.call) then
          raise exception 'audit row refused for %', new.call;
        end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger audit_fail before insert on audit_log for each row execute function audit_fail()`,
    );
    asAdmin = await signedIn('admin');
    asAuthor = await signedIn('author');
    asReader = await signedIn('reader');
    const course = (
      await asAuthor.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
    ).json()[0] as Multilist;
    listId = course.lists[0]!._id;
  }, 120_000);

  afterAll(async () => {
    await ifStarted(a)?.close();
    await new Promise((r) => ifStarted(pages)?.close(r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('catches a write route that answers without recording itself', async () => {
    const bare = Fastify();
    await bare.register(auditPlugin, { db: a.database.db });
    bare.post('/api/forms/forgetful_write', () => ({ ok: true }));
    bare.post('/api/forms/careful_write', (req) =>
      req.transact(() => Promise.resolve({ ok: true })),
    );
    await bare.ready();
    for (const url of ['/api/forms/forgetful_write', '/api/forms/careful_write']) {
      expect((await bare.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(200);
    }
    expect([...bare.unrecordedWrites]).toEqual(['/api/forms/forgetful_write']);
    expect(() => assertEveryWriteRecorded(bare)).toThrow(/forgetful_write/);
    await bare.close();
  });

  it('has a sample for every write that is not a board or site call', () => {
    const registered = new Set(registeredCalls(a.config).map((c) => c.path));
    const writes = [...recordedWrites(documentedRoutes(a.app), a.config)].filter(
      (p) => !registered.has(p),
    );
    expect(writes.sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it.each(Object.keys(SAMPLES))('%s: a failed audit row undoes the change', async (call) => {
    const db = a.database.db;
    const failing = await SAMPLES[call]!(++n);
    await db.execute(sql`insert into audit_fails values (${call})`);
    let res;
    const before = await rowsWritten();
    try {
      res = await failing.agent.post(call, failing.body);
    } finally {
      await db.execute(sql`delete from audit_fails`);
    }
    expect(outcome(call, res), res.body).toBeGreaterThanOrEqual(500);
    expect(await rowsWritten(), 'rows changed by the failed call').toBe(before);

    const working = await SAMPLES[call]!(++n);
    const records = await recordsOf(call);
    const ok = await working.agent.post(call, working.body);
    expect(outcome(call, ok), ok.body).toBe(200);
    expect(await recordsOf(call)).toBe(records + 1);
  });
});
