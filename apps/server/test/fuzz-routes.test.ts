/**
 * A fuzz run over every route the API documents, with bodies made from each route's own schema
 * (fuzz/schema-arbitrary.ts): wrong types, strings past their limits, unicode corners, deep JSON,
 * prototype-reaching keys, and ids of real rows. Whatever comes in:
 *
 * - the answer is never a 5xx, and an error answer is `{error}` with no stack trace in it;
 * - an answer that refuses (4xx) changed no row (a trigger counts every row written);
 * - no object's prototype is polluted.
 *
 * `FUZZ_RUNS` sets the cases per route (default 10 signed in, a quarter of that as a visitor).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext } from './harness';
import { fromSchema, type JsonSchema } from './fuzz/schema-arbitrary';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
/** Tables a refused request may still write: sessions and the sign-in failure counters. */
const MAY_CHANGE_ON_REFUSAL = new Set(['sessions', 'auth_throttle']);
/** Streams that never end, and the call that ends the fuzzer's own session. */
const SKIP = new Set(['GET /api/events', 'POST /api/auth/signout']);

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
}

let t: TestContext;
let dataDir: string;
let routes: { method: 'GET' | 'POST'; url: string; op: Operation }[];
let ids: string[];
let names: string[];

async function rowsWritten(): Promise<number> {
  const r = await t.database.db.execute(sql`select n from fuzz_rows_written`);
  const rows =
    (r as unknown as { rows?: { n: number | string }[] }).rows ?? (r as unknown as { n: number }[]);
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-fuzz-'));
  t = await createTestApp({
    DATA_DIR: dataDir,
    SIGNIN_RATE_LIMIT: '1000000',
    ACCOUNT_RATE_LIMIT: '1000000',
    LOAD_TIMEOUT_MS: '300',
  });
  const db = t.database.db;
  // Count every row written to the tables a refused request must leave alone.
  await db.execute(sql`create table fuzz_rows_written (n bigint not null)`);
  await db.execute(sql`insert into fuzz_rows_written values (0)`);
  await db.execute(sql`
    create function fuzz_count() returns trigger language plpgsql as $$
    begin update fuzz_rows_written set n = n + 1; return null; end $$`);
  const tables = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_rows_written'`,
  )) as unknown as { rows: { tablename: string }[] };
  for (const { tablename } of tables.rows) {
    if (MAY_CHANGE_ON_REFUSAL.has(tablename) || tablename.startsWith('__drizzle')) continue;
    await db.execute(
      sql.raw(
        `create trigger fuzz_count after insert or update or delete on "${tablename}" for each row execute function fuzz_count()`,
      ),
    );
  }
  const idRows = (await db.execute(sql`
    select id::text as id from multilists union all select id::text from lists
    union all (select id::text from items limit 60) union all (select id::text from blocks limit 30)
    union all select id::text from users union all select id::text from groups`)) as unknown as {
    rows: { id: string }[];
  };
  ids = idRows.rows.map((r) => r.id);
  const nameRows = (await db.execute(
    sql`select username as name from users union all select name from groups union all select title from multilists`,
  )) as unknown as { rows: { name: string }[] };
  names = nameRows.rows.map((r) => r.name);

  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).flatMap(([url, ops]) =>
    Object.entries(ops)
      .filter(([m]) => m === 'get' || m === 'post')
      .map(([m, op]) => ({ method: m.toUpperCase() as 'GET' | 'POST', url, op }))
      .filter((r) => !SKIP.has(`${r.method} ${r.url}`)),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function requestArbitrary(route: (typeof routes)[number]) {
  const opts = { ids, names };
  const bodySchema = route.op.requestBody?.content?.['application/json']?.schema;
  const query = (route.op.parameters ?? []).filter((p) => p.in === 'query');
  const queryArb = fc.record(
    Object.fromEntries(
      query.map((p) => [p.name, fc.option(fromSchema(p.schema, opts), { freq: 6 })]),
    ),
  );
  return fc.record({
    body: route.method === 'POST' ? fromSchema(bodySchema, opts) : fc.constant(undefined),
    query: queryArb,
  });
}

function urlWith(url: string, query: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) {
      params.append(k, typeof one === 'string' ? one : JSON.stringify(one));
    }
  }
  const q = params.toString();
  return q ? `${url}?${q}` : url;
}

async function fuzzAs(who: 'author' | 'visitor', runs: number) {
  let requests = 0;
  for (const route of routes) {
    const agent = new Agent(t.app);
    if (who === 'author') await agent.signIn('author').catch(() => agent.signInGuest());
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route), async ({ body, query }) => {
        const before = await rowsWritten();
        const url = urlWith(route.url, query as Record<string, unknown>);
        const res = await agent.request(route.method, url, body);
        requests++;
        const where = `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(await rowsWritten(), `a refused request wrote rows: ${where}`).toBe(before);
          const err = res.json() as { error?: unknown };
          expect(typeof err.error, where).toBe('string');
          expect(String(err.error), where).not.toMatch(/\n\s+at /);
        }
        expect(({} as Record<string, unknown>).polluted, where).toBeUndefined();
      }),
      { numRuns: runs, endOnFailure: true },
    );
  }
  return requests;
}

describe('every documented route, fuzzed', () => {
  it('signed in as a board author: no 5xx, no write on refusal, no prototype pollution', async () => {
    expect(routes.length).toBeGreaterThan(60);
    const requests = await fuzzAs('author', RUNS);
    expect(requests).toBe(routes.length * RUNS);
  }, 600_000);

  it('as a visitor with no session', async () => {
    await fuzzAs('visitor', Math.max(2, Math.floor(RUNS / 4)));
  }, 600_000);

  it('deep and huge JSON bodies get clear 4xx answers', async () => {
    const agent = new Agent(t.app);
    await agent.signIn('author');
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
