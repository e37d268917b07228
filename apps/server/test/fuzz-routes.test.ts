/**
 * A fuzz run over every route the API documents, with bodies made from each route's own schema
 * (fuzz/schema-arbitrary.ts): wrong types, strings past their limits, text from all of Unicode
 * (lone surrogates, NUL, right-to-left text, emoji; now and then a megabyte of it), deep JSON,
 * prototype-reaching keys, and ids of real rows. Whatever comes in:
 *
 * - the answer is never a 5xx, and an error answer is `{error}` with no stack trace in it;
 * - an answer that refuses (4xx) changed no row (a trigger counts every row written);
 * - a write that succeeds left exactly one audit row (plugins/audit.ts says which calls write);
 * - no object's prototype is polluted.
 *
 * `FUZZ_RUNS` sets the cases per route signed in (by default 50 on PostgreSQL and 20 on PGlite,
 * which runs them four times as slowly: 70 a run, each driver from a random seed of its own, so
 * each run of the suite tries new ones; the suite's budget; a longer hunt is
 * `FUZZ_RUNS=2000 npx vitest run fuzz-routes`), with an eighth of that as a visitor with no
 * session (most of whose calls stop at 401).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext, ifStarted } from './harness';
import { SESSION_COOKIE } from '../src/plugins/session';
import { createSession } from '../src/services/accounts/sessions';
import { fromSchema, wellFormed } from './fuzz/schema-arbitrary';
import {
  bodySchemaOf,
  documentedRoutes,
  queryParamsOf,
  urlWith,
  type DocumentedRoute,
} from './fuzz/openapi';
import { installRowCounter, rowsOf, type Written } from './fuzz/row-counter';
import { recordedWrites } from './fuzz/write-calls';

const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DB === 'postgres' ? 50 : 20));
/** Tables a refused request may still write: sessions and the sign-in failure counters. */
const MAY_CHANGE_ON_REFUSAL = new Set(['sessions', 'auth_throttle']);
/** The live stream, which never ends. */
const SKIP = new Set(['GET /api/events']);
/** A megabyte string's weight among a body field's values (out of about 600). */
const HUGE_WEIGHT = 1;

let t: TestContext;
let dataDir: string;
let routes: DocumentedRoute[];
let writes: Set<string>;
let ids: string[];
let own: Record<'board' | 'list' | 'item' | 'block' | 'user', string[]>;
let names: string[];
let written: () => Promise<Written>;
let authorId: string;
/** What the app logged as errors since the request in hand began: a 5xx says why by it. */
let logged: string[] = [];
const db = () => t.database.db;

/** The app's error log, kept line by line (pino's JSON: its message and, for a throw, its stack). */
const errorLog = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { stack?: string } };
        // The cause first: a failed query's own text would push the database's reason out of view.
        const [thrown = '', ...causes] = (entry.err?.stack ?? entry.msg ?? line).split(
          /\ncaused by: /,
        );
        logged.push([...causes, thrown].join(' ← '));
      } catch {
        logged.push(line);
      }
    }
    done();
  },
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-fuzz-'));
  t = await createTestApp(
    {
      DATA_DIR: dataDir,
      SIGNIN_RATE_LIMIT: '1000000',
      ACCOUNT_RATE_LIMIT: '1000000',
      LOAD_TIMEOUT_MS: '300',
      LOG_LEVEL: 'error',
    },
    errorLog,
  );
  const db = t.database.db;
  written = await installRowCounter(db, MAY_CHANGE_ON_REFUSAL);
  ids = (
    await rowsOf<{ id: string }>(
      db,
      sql`
        select id::text as id from multilists union all select id::text from lists
        union all (select id::text from items limit 60) union all (select id::text from blocks limit 30)
        union all select id::text from users union all select id::text from groups`,
    )
  ).map((r) => r.id);
  names = (
    await rowsOf<{ name: string }>(
      db,
      sql`select username as name from users union all select name from groups union all select title from multilists`,
    )
  ).map((r) => r.name);
  const [author] = await rowsOf<{ id: string }>(
    db,
    sql`select id::text as id from users where username = 'author'`,
  );
  authorId = author!.id;
  // Ids in the author's own boards, for well-formed bodies that get as far as a write.
  const kind = async (q: ReturnType<typeof sql>) =>
    (await rowsOf<{ id: string }>(db, q)).map((r) => r.id);
  own = {
    board: await kind(sql`select id::text as id from multilists where owner = 'author'`),
    list: await kind(
      sql`select l.id::text as id from lists l join multilists m on m.id = l.multilist_id where m.owner = 'author'`,
    ),
    item: await kind(
      sql`select i.id::text as id from items i join lists l on l.id = i.list_id join multilists m on m.id = l.multilist_id where m.owner = 'author' limit 40`,
    ),
    block: await kind(
      sql`select b.id::text as id from blocks b join items i on i.id = b.item_id join lists l on l.id = i.list_id join multilists m on m.id = l.multilist_id where m.owner = 'author' limit 40`,
    ),
    user: [authorId],
  };
  const all = documentedRoutes(t.app);
  writes = recordedWrites(all, t.config);
  // Calls that delete go last, so the others meet the seeded boards whole.
  const deletes = (r: DocumentedRoute) => /delete|remove|deregister/.test(r.url);
  routes = all
    .filter((r) => !SKIP.has(`${r.method} ${r.url}`))
    .sort((a, b) => Number(deletes(a)) - Number(deletes(b)));
}, 120_000);

afterAll(async () => {
  await ifStarted(t)?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The author's own ids of the kind a field names. */
function idsFor(key: string): string[] {
  if (/multilist/i.test(key)) return own.board;
  if (/list/i.test(key)) return own.list;
  if (/user/i.test(key)) return own.user;
  if (/block/i.test(key)) return own.block;
  if (/item/i.test(key)) return own.item;
  return [...own.item, ...own.block];
}

/** Three bodies in four from the awkward corners of the schema, one that fits it. */
function requestArbitrary(route: DocumentedRoute) {
  const schema = bodySchemaOf(route);
  const body = fc.oneof(
    { weight: 3, arbitrary: fromSchema(schema, { ids, names, huge: HUGE_WEIGHT }) },
    { weight: 1, arbitrary: wellFormed(schema, { ids, names, idsFor }) },
  );
  // A megabyte in a URL says nothing a body does not; query strings stay short.
  const queryArb = fc.record(
    Object.fromEntries(
      queryParamsOf(route).map((p) => [
        p.name,
        fc.option(fromSchema(p.schema, { ids, names }), { freq: 6 }),
      ]),
    ),
  );
  return fc.record({
    body: route.method === 'POST' ? body : fc.constant(undefined),
    query: queryArb,
  });
}

/** Whether the call did what it was asked; a streamed load tells in its last line. */
function succeeded(route: DocumentedRoute, res: { statusCode: number; body: string }): boolean {
  if (res.statusCode >= 300) return false;
  if (route.url !== '/api/forms/load_stream') return true;
  const last = JSON.parse(res.body.trim().split('\n').pop()!) as { phase: string };
  return last.phase === 'done';
}

/**
 * The author, signed in by a session made directly: signing in through the API costs a password
 * hash, and the fuzzed sign-in calls soon lock the name anyway.
 */
async function authorAgent(): Promise<Agent> {
  const agent = new Agent(t.app);
  agent.cookie = `${SESSION_COOKIE}=${(await createSession(db(), authorId)).token}`;
  agent.userId = authorId;
  return agent;
}

async function fuzzAs(who: 'author' | 'visitor', runs: number) {
  let requests = 0;
  for (const route of routes) {
    // A fresh session per route: a route may end or replace the session it was given.
    const agent = who === 'author' ? await authorAgent() : new Agent(t.app);
    let before = await written();
    const isWrite = writes.has(route.url);
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route), async ({ body, query }) => {
        const url = urlWith(route.url, query);
        logged = [];
        const res = await agent.request(route.method, url, body);
        requests++;
        const after = await written();
        try {
          // Said only when a check fails: a body may hold a megabyte.
          const where = () =>
            `${route.method} ${url.slice(0, 300)} ${(JSON.stringify(body) as string | undefined)?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          const check = (ok: boolean, what: string) => {
            if (!ok) expect.fail(`${what}: ${where()}`);
          };
          check(
            res.statusCode < 500,
            `a 5xx answer (the server logged: ${logged.join(' | ').slice(0, 2000) || 'nothing'})`,
          );
          if (res.statusCode >= 400) {
            check(after.rows === before.rows, 'a refused request wrote rows');
            check(after.audits === before.audits, 'a refused request left an audit row');
            const err = res.json<{ error?: unknown }>();
            check(typeof err.error === 'string', 'an error answer without {error}');
            check(!/\n\s+at /.test(String(err.error)), 'a stack trace in an answer');
          } else if (isWrite && succeeded(route, res)) {
            check(after.audits - before.audits === 1, 'a write without exactly one audit row');
          }
          check(({} as Record<string, unknown>).polluted === undefined, 'a polluted prototype');
        } finally {
          before = after;
        }
      }),
      { numRuns: runs, endOnFailure: true },
    );
  }
  return requests;
}

describe('every documented route, fuzzed', () => {
  it('signed in as a board author: no 5xx, no write on refusal, an audit row for every write', async () => {
    expect(routes.length).toBeGreaterThan(60);
    const requests = await fuzzAs('author', RUNS);
    expect(requests).toBe(routes.length * RUNS);
  }, 900_000);

  it('as a visitor with no session', async () => {
    await fuzzAs('visitor', Math.max(2, Math.floor(RUNS / 8)));
  }, 900_000);

  it('deep and huge JSON bodies get clear 4xx answers', async () => {
    const agent = await authorAgent();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const deepObject = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    for (const payload of [deep, deepObject]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/forms/insert_item',
        headers: { 'content-type': 'application/json', cookie: agent.cookie! },
        payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const huge = await agent.post('/api/forms/insert_note', {
      listId: ids[1],
      itemId: ids[2],
      noteSpec: { text: 'x'.repeat(2_000_000) },
    });
    expect(huge.statusCode).toBe(413);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/display/update_multilistvs',
      headers: { 'content-type': 'application/json', cookie: agent.cookie! },
      payload: `{"query":{"userId":"${agent.userId}","multilistId":"${ids[0]}"},"doc":{"$set":{"__proto__":{"polluted":true}}}}`,
    });
    expect(poisoned.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
