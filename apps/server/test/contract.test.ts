/**
 * The API and its contracts (core api/contracts) agree: every route the app serves under /api/
 * (and the LTI endpoints under /lti/)
 * is registered from a contract and every contract is served; every operation of the OpenAPI
 * document declares its answer; and real answers, at least one call per domain, parse with their
 * contract's output schema.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { methodsOf, type ApiContract } from '@listboard/core/api/contract';
import { API_CONTRACTS } from '@listboard/core/api/contracts/index';
import * as accounts from '@listboard/core/api/contracts/accounts';
import * as admin from '@listboard/core/api/contracts/admin';
import * as auth from '@listboard/core/api/contracts/auth';
import * as boards from '@listboard/core/api/contracts/boards';
import * as display from '@listboard/core/api/contracts/display';
import * as exported from '@listboard/core/api/contracts/export';
import * as groups from '@listboard/core/api/contracts/groups';
import * as items from '@listboard/core/api/contracts/items';
import * as lists from '@listboard/core/api/contracts/lists';
import * as lti from '@listboard/core/api/contracts/lti';
import * as load from '@listboard/core/api/contracts/load';
import * as media from '@listboard/core/api/contracts/media';
import * as notes from '@listboard/core/api/contracts/notes';
import * as system from '@listboard/core/api/contracts/system';
import * as uploads from '@listboard/core/api/contracts/uploads';
import { Agent, createTestApp, type TestContext } from './harness';

/** The documentation pages @fastify/swagger-ui serves: no API call, so no contract. */
const DOCS_PAGES = /^\/api\/docs(\/|$)/;

/**
 * Every route under /api/ as 'METHOD path', read from the router's tree: each line is one node,
 * its path the parts of the nodes above it and its own; the nodes with methods are routes. HEAD
 * is left out, as Fastify adds it to every GET.
 */
function servedRoutes(app: FastifyInstance): Set<string> {
  const out = new Set<string>();
  const parts: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    parts.length = depth;
    parts.push(m[2]!);
    const path = parts.join('');
    if (!m[3] || !/^\/(api|lti)\//.test(path) || DOCS_PAGES.test(path)) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.add(`${method} ${path}`);
  }
  return out;
}

const routesOf = (contracts: readonly ApiContract[]) =>
  new Set(
    contracts.flatMap((c) =>
      methodsOf(c)
        .filter((m) => m !== 'HEAD')
        .map((m) => `${m} ${c.path}`),
    ),
  );

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestContext;
let author: Agent;
let adminAgent: Agent;
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  adminAgent = new Agent(t.app);
  await adminAgent.signIn('admin');
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => t.close());

describe('routes and contracts', () => {
  it('every route under /api/ is a contract, and every contract is a route', () => {
    const served = servedRoutes(t.app);
    const declared = routesOf(API_CONTRACTS);
    expect(served.size).toBeGreaterThan(90);
    expect([...served].filter((r) => !declared.has(r)).sort()).toEqual([]);
    expect([...declared].filter((r) => !served.has(r)).sort()).toEqual([]);
  });

  it('the OpenAPI document holds exactly the contracts not hidden', () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    expect(documented).toEqual(routesOf(API_CONTRACTS.filter((c) => !c.hidden)));
  });

  it('every operation in the OpenAPI document declares its 2xx answer', () => {
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const answers = Object.entries(op.responses ?? {}).filter(([code]) => code.startsWith('2'));
        const declared = answers.some(([, r]) =>
          Object.values(r.content ?? {}).some((c) => c.schema !== undefined),
        );
        if (!declared) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('a call that answers something other than JSON says what it produces', () => {
    const sse = doc.paths['/api/events']?.get?.responses?.['200']?.content;
    expect(Object.keys(sse ?? {})).toEqual(['text/event-stream']);
    const ndjson = doc.paths['/api/forms/load_stream']?.post?.responses?.['200']?.content;
    expect(Object.keys(ndjson ?? {})).toEqual(['application/x-ndjson']);
  });
});

/** The answer, once it has answered 2xx and parsed with its contract's output schema. */
function answer<C extends ApiContract>(c: C, res: LightMyRequestResponse): z.output<C['output']> {
  expect(res.statusCode, `${c.path}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  const parsed = c.output.safeParse(res.json());
  expect(parsed.error?.issues ?? [], c.path).toEqual([]);
  return res.json<z.output<C['output']>>();
}

describe('real answers fit their contracts', () => {
  let board: { multilistId: string; ptitle: string };
  let loaded: {
    lists: { _id: string; items: { _id: string; text: string }[] }[];
  };

  it('accounts and auth', async () => {
    answer(auth.session, await author.get(auth.session.path));
    answer(system.health, await author.get(system.health.path));
    answer(
      accounts.getUserBasic,
      await author.get(`${accounts.getUserBasic.path}?username=reader`),
    );
    const profile = await author.post(accounts.editProfile.path, { profile: { title: 'Dr' } });
    expect(answer(accounts.editProfile, profile).user.username).toBe('author');
    answer(
      accounts.isRegisteredUsername,
      await author.post(accounts.isRegisteredUsername.path, { username: 'reader' }),
    );
  });

  it('boards, lists and items', async () => {
    board = answer(
      boards.insertMultilist,
      await author.post(boards.insertMultilist.path, { titleText: 'Contract check' }),
    );
    const mine = answer(
      boards.listMultilists,
      await author.post(boards.listMultilists.path, { owner: 'author' }),
    );
    expect(mine.length).toBeGreaterThan(0);
    answer(
      boards.editMultilist,
      await author.post(boards.editMultilist.path, {
        multilistId: board.multilistId,
        descText: 'Checked against its contract.',
      }),
    );
    answer(
      lists.insertList,
      await author.post(lists.insertList.path, {
        multilistId: board.multilistId,
        titleText: 'Clips',
        itemText: '/media/lecture.webm ~ clip\n\ntwo',
      }),
    );
    const address = `/author/${board.ptitle}`;
    loaded = answer(
      load.loadMultilists,
      await author.post(load.loadMultilists.path, { addresses: [address] }),
    )[0]!;
    expect(loaded.lists[0]!.items).toHaveLength(2);
    answer(
      load.loadMultilists,
      await author.get(`${load.loadMultilists.path}?addresses=${address}`),
    );
    answer(
      load.loadSection,
      await author.post(load.loadSection.path, { address, sectionIndex: 0 }),
    );
    const listId = loaded.lists[0]!._id;
    const item = answer(
      items.insertItem,
      await author.post(items.insertItem.path, { listId, text: 'three' }),
    );
    answer(
      items.editItem,
      await author.post(items.editItem.path, { itemId: item.itemId, text: 'three!' }),
    );
    answer(
      display.updateMultilistvs,
      await author.post(display.updateMultilistvs.path, {
        query: { userId: author.userId, multilistId: board.multilistId },
        doc: { $set: { zoom: 2 } },
      }),
    );
  });

  it('notes, groups and media', async () => {
    const [clip, text] = loaded.lists[0]!.items;
    answer(
      notes.insertAnno,
      await author.post(notes.insertAnno.path, {
        listId: loaded.lists[0]!._id,
        itemId: text!._id,
        annoSpec: { text: 'An annotation.' },
      }),
    );
    answer(
      groups.createGroup,
      await author.post(groups.createGroup.path, { name: 'Contract readers' }),
    );
    answer(groups.myGroups, await author.post(groups.myGroups.path, {}));
    answer(
      media.addMediaMarker,
      await author.post(media.addMediaMarker.path, {
        itemId: clip!._id,
        timecode: '0:05',
        title: 'five',
      }),
    );
    answer(uploads.signUpload, await author.post(uploads.signUpload.path, { bucketPath: 'a.png' }));
  });

  it('lti', async () => {
    expect(answer(lti.jwks, await author.get(lti.jwks.path)).keys).toHaveLength(1);
    answer(lti.config, await author.get(lti.config.path));
    answer(lti.canvasConfig, await author.get(lti.canvasConfig.path));
    answer(lti.platforms, await adminAgent.post(lti.platforms.path));
  });

  it('search, the load form, export and the admin', async () => {
    const results = answer(
      load.loadSearch,
      await author.post(load.loadSearch.path, {
        address: '/x/home;results?searchStr=three&users=all',
      }),
    );
    expect(results.search?.count).toBeGreaterThan(0);
    const listing = answer(
      load.loadSearch,
      await author.post(load.loadSearch.path, { address: '/author/home?code=myBoards' }),
    );
    expect(listing.search).toBeUndefined();
    answer(
      load.load,
      await author.post(load.load.path, {
        fileinfo: { name: 'notes.md', data: Buffer.from('# Week one\n\nRead.').toString('base64') },
      }),
    );
    const file = answer(
      exported.exportBoard,
      await author.post(exported.exportBoard.path, {
        multilistId: board.multilistId,
        format: 'md',
      }),
    );
    expect(file.content).toContain('Clips');
    const dump = answer(
      exported.dumpMultilists,
      await adminAgent.post(exported.dumpMultilists.path, { multilistId: board.multilistId }),
    );
    expect(dump.lists[0]!.items[0]!.mediaMarkers).toHaveLength(1);
    answer(admin.users, await adminAgent.post(admin.users.path, {}));
    const activity = answer(admin.activity, await adminAgent.post(admin.activity.path, {}));
    expect(activity.rows.length).toBeGreaterThan(0);
  });
});
