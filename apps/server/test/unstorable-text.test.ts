/**
 * Text PostgreSQL cannot store (a NUL, a lone UTF-16 surrogate) is refused before anything is
 * written, with a 400 naming the field, on every route: for each route the app documents, each
 * string field of its body and query (found in the route's own schema) gets the bad text in an
 * otherwise plausible request from a signed-in board author, and a trigger on every table shows
 * that no row was written.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storableTextMsg } from '@listboard/core';
import { Agent, createTestApp, type TestContext, ifStarted } from './harness';
import {
  bodySchemaOf,
  documentedRoutes,
  queryParamsOf,
  urlWith,
  type DocumentedRoute,
} from './fuzz/openapi';
import { installRowCounter, rowsOf, type Written } from './fuzz/row-counter';
import { bodyWith, stringFieldPaths } from './fuzz/schema-fields';
import { isUnstorableText } from '../src/lib/db-errors';

let t: TestContext;
let author: Agent;
let routes: DocumentedRoute[];
let written: () => Promise<Written>;
let idFor: (key: string) => string;

beforeAll(async () => {
  t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000000', ACCOUNT_RATE_LIMIT: '1000000' });
  author = new Agent(t.app);
  await author.signIn('author');
  const db = t.database.db;
  const [row] = await rowsOf<Record<string, string>>(
    db,
    sql`select m.id::text as board, l.id::text as list, i.id::text as item, b.id::text as block,
          u.id::text as "user"
        from multilists m join lists l on l.multilist_id = m.id join items i on i.list_id = l.id
        join blocks b on b.item_id = i.id join users u on u.username = m.owner
        where m.owner = 'author' limit 1`,
  );
  const ids = row!;
  idFor = (key) => {
    if (/multilist/i.test(key)) return ids.board!;
    if (/list/i.test(key)) return ids.list!;
    if (/user/i.test(key)) return ids.user!;
    if (/block/i.test(key)) return ids.block!;
    return ids.item!;
  };
  written = await installRowCounter(db);
  routes = documentedRoutes(t.app);
}, 120_000);

afterAll(async () => ifStarted(t)?.close());

interface Case {
  route: DocumentedRoute;
  field: string;
  url: string;
  body: unknown;
}

/** One request per string field of each route's body, and per query parameter. */
function cases(bad: string, inQuery: boolean): Case[] {
  return routes.flatMap((route) => {
    const out: Case[] = [];
    const schema = bodySchemaOf(route);
    if (route.method === 'POST') {
      for (const path of stringFieldPaths(schema)) {
        out.push({
          route,
          field: path.join('.'),
          url: route.url,
          body: bodyWith(schema, path, bad, idFor),
        });
      }
    }
    if (inQuery) {
      for (const p of queryParamsOf(route)) {
        for (const path of stringFieldPaths(p.schema)) {
          const value = path.length ? [bad] : bad;
          out.push({
            route,
            field: p.name,
            url: urlWith(route.url, { [p.name]: value }),
            body: route.method === 'POST' ? {} : undefined,
          });
        }
      }
    }
    return out;
  });
}

function errorOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: unknown }).error;
  } catch {
    return body;
  }
}

async function refusedEverywhere(bad: string, inQuery: boolean) {
  const all = cases(bad, inQuery);
  const failures: string[] = [];
  for (const c of all) {
    const before = (await written()).rows;
    const res = await author.request(c.route.method, c.url, c.body);
    const wrote = (await written()).rows - before;
    const error = errorOf(res.body);
    if (res.statusCode !== 400 || error !== storableTextMsg.unstorable(c.field) || wrote !== 0) {
      failures.push(
        `${c.route.method} ${c.route.url} [${c.field}] → ${res.statusCode} ${String(error).slice(0, 120)}; ${wrote} rows written`,
      );
    }
  }
  return { tried: all.length, failures };
}

describe('text the database cannot store, in every string field of every route', () => {
  it('a lone surrogate: 400 naming the field, nothing written', async () => {
    // A URL cannot carry a lone surrogate (it has no UTF-8 form to percent-encode), so only
    // bodies are tried; the query string's own decoding turns stray bytes into U+FFFD.
    const { tried, failures } = await refusedEverywhere('before\ud800after', false);
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(250);
  });

  it('a NUL: 400 naming the field, nothing written, in bodies and query strings', async () => {
    const { tried, failures } = await refusedEverywhere('before\u0000after', true);
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(250);
  });

  it('a low surrogate before its high half, and bad text in a field name', async () => {
    const base = { query: { userId: author.userId, multilistId: idFor('multilistId') } };
    const reversed = await author.post('/api/display/update_multilistvs', {
      ...base,
      doc: { $set: { selectedText: '\ude00\ud83d' } },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toBe(storableTextMsg.unstorable('doc.$set.selectedText'));
    const key = await author.post('/api/display/update_multilistvs', {
      ...base,
      doc: { $set: { 'zoom\u0000': 3 } },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().error).toBe(storableTextMsg.unstorable('doc.$set.zoom\ufffd'));
  });

  it('still takes whole characters of every kind: emoji, right-to-left text, combining marks', async () => {
    const text = '🧑🏽‍🏫 \u202eשלום\u202c e\u0301 \ud83d\ude00';
    const res = await author.post('/api/forms/insert_item', { listId: idFor('listId'), text });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsOf<{ text: string }>(
      t.database.db,
      sql`select text from items where id = ${res.json().itemId}`,
    );
    expect(row!.text).toBe(text);
  });

  it('keeps the database’s own refusal of such text as a 400 behind the check (backstop)', async () => {
    const db = t.database.db;
    const refusals = [
      sql`select ${'a\u0000b'}::text`,
      sql`select ${JSON.stringify({ a: '\u0000' })}::jsonb`,
      sql`select ${JSON.stringify({ a: '\ud800' })}::jsonb`,
    ];
    for (const query of refusals) {
      const err = await db.execute(query).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, JSON.stringify(query.queryChunks)).not.toBeNull();
      expect(isUnstorableText(err), (err as Error).message).toBe(true);
    }
  });
});
