import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/seed';
import { createTestApp, type OpenApiDoc, type TestContext, type Refusal } from './harness';

let t: TestContext;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Listboard</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the app shell', () => {
  it('reports health with the driver in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      db: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('publishes an OpenAPI document generated from the route schemas, and a docs page', async () => {
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<OpenApiDoc>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/session',
        '/api/auth/signin',
        '/api/dbload/load_multilists',
      ]),
    );
    expect(
      doc.paths['/api/dbload/load_multilists']?.post?.requestBody?.content['application/json']
        ?.schema.properties,
    ).toHaveProperty('addresses');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves the web app for board addresses, including chained ones', async () => {
    for (const url of ['/', '/author/home;course', '/admin/home;help?--searched--', '/privacy']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('has the page asked for again on every visit, and answers a bundle that is not there with 404', async () => {
    // A page kept for an hour names the bundles of the deploy before, which are gone after one.
    for (const url of ['/', '/author/home;course'])
      expect((await t.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe(
        'no-cache',
      );
    const gone = await t.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('<div id="root">');
  });

  it('sends a page address typed with a stray % to the same address escaped, where the web app answers', async () => {
    const cases: [string, string][] = [
      ['/author/50%-off', '/author/50%25-off'],
      ['/author/50%-off;course?x=1', '/author/50%25-off;course?x=1'],
      ['/author/caf%C3%A9%', '/author/caf%C3%A9%25'],
      ['/author/%FF', '/author/%25FF'],
    ];
    for (const [typed, escaped] of cases) {
      const res = await t.app.inject({ method: 'GET', url: typed });
      expect(res.statusCode, typed).toBe(302);
      expect(res.headers.location, typed).toBe(escaped);
      const page = await t.app.inject({ method: 'GET', url: escaped });
      expect(page.statusCode, escaped).toBe(200);
      expect(page.body).toContain('<div id="root">');
    }
    // Never to another site, whatever the address's start (sent as typed, over a socket: the
    // injector would read '//host' as a host).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const typed of ['//elsewhere.example/50%', '/\\elsewhere.example/50%']) {
      const location = await new Promise<string | undefined>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: typed }, (res) => {
            res.resume();
            resolve(res.headers.location);
          })
          .on('error', reject);
      });
      expect(location, typed).toBe('/elsewhere.example/50%25');
    }
    // An API call gets a plain answer in the API's own shape.
    const api = await t.app.inject({ method: 'POST', url: '/api/dbload/50%', payload: {} });
    expect(api.statusCode).toBe(400);
    expect(api.json<Refusal>().error).toBe(
      "The address /api/dbload/50% cannot be read: a '%' in it must start an escape such as %20.",
    );
  });

  it('answers unknown API paths with JSON 404, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json<Refusal>().error).toContain('/api/nope');
  });

  it('sends security headers whose CSP forbids inline script but allows own media and fonts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/media-src 'self'/);
    expect(csp).toMatch(/font-src 'self' data:/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends Strict-Transport-Security only when PUBLIC_URL is https', async () => {
    expect(t.config.PUBLIC_URL).toMatch(/^http:/);
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers).not.toHaveProperty('strict-transport-security');
    const secure = await createTestApp({ PUBLIC_URL: 'https://boards.example.org' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });

  it('seeds idempotently: a second run creates nothing', async () => {
    const again = await seed(t.database.db);
    expect(again).toEqual({ usersCreated: 0, boardsCreated: 0 });
  });

  it('has an index for every lookup the calls make', async () => {
    const res = await t.database.db.execute(
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    const names = (res as { rows: { indexname: string }[] }).rows.map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        'multilists_owner_ptitle_key',
        'lists_multilist_order_idx',
        'items_list_order_idx',
        'items_search_idx',
        'items_text_trgm_idx',
        'blocks_item_order_idx',
      ]),
    );
  });

  it('finds items by full text', async () => {
    const res = await t.database.db.execute(
      sql`select text from items where search_vector @@ plainto_tsquery('simple', 'fact-checker')`,
    );
    expect((res as { rows: { text: string }[] }).rows[0]?.text).toContain(
      'Interview with a fact-checker',
    );
  });
});
