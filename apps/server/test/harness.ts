/**
 * Test harness for API tests: the same suite runs against embedded PGlite and a real PostgreSQL
 * (project api-pglite / api-postgres). Each test file gets its own seeded database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApiOutput, ApiPath } from '@listboard/core/api/routes';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { DEFAULT_SEED_PASSWORD } from '../src/seed/fixtures/users';
import { TEMPLATE_DB } from './global-postgres';

export const SEED_PASSWORD = DEFAULT_SEED_PASSWORD;

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{
  database: Database;
  cleanup: () => Promise<void>;
}> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = inject('pgAdminUrl');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({
      databaseUrl: adminUrl.replace(/\/postgres$/, `/${name}`),
      dataDir: '',
    });
    return { database, cleanup: async () => database.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-pglite-'));
  fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  return {
    database,
    cleanup: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Fails when a write call answered 2xx without its audit row (plugins/audit.ts keeps the list):
 * checked as every API test file closes its app, so a route that forgets fails the suite.
 */
export function assertEveryWriteRecorded(app: FastifyInstance): void {
  const unrecorded = [...app.unrecordedWrites];
  if (unrecorded.length) {
    throw new Error(`write calls answered without an audit row: ${unrecorded.join(', ')}`);
  }
}

export async function createTestApp(
  env: Record<string, string> = {},
  /** Where the app's log goes, when env gives it a LOG_LEVEL (silent by default). */
  logStream?: NodeJS.WritableStream,
): Promise<TestContext> {
  const { database, cleanup } = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ config, database, logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await cleanup();
      assertEveryWriteRecorded(app);
    },
  };
}

/**
 * For clean-up after all tests: what a beforeAll sets up, which is missing when it failed before
 * getting there (so `await ifStarted(server)?.close()` does not hide that failure behind another).
 */
export const ifStarted = <T>(value: T): T | undefined => value;

/** Vitest's asymmetric matchers are typed any; put in an object, one is a value like another. */
export const matcher = (m: unknown): unknown => m;

/** What a refused call answers: its message, and for a form, the message of each field. */
export interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

/**
 * An answer whose json() is typed: the declared output of the call (core's ApiRoutes), with the
 * error a refusal carries, or unknown for a path the map does not name (a query built at run
 * time, a file). A test that expects another shape names it: `res.json<Refusal>()` (the
 * response's own generic json, which this signature comes before).
 */
export type Answer<T> = { json(): T } & LightMyRequestResponse;

type PathOf<U extends string> = U extends `${infer P}?${string}` ? P : U;
/** The declared answer of a call, by its path, or the refusal a failed call gives instead. */
export type OutputOf<U extends string> =
  PathOf<U> extends ApiPath ? ApiOutput<PathOf<U>> & Partial<Refusal> : unknown;

/** The parts of the OpenAPI document (/api/openapi.json) the tests read. */
export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Partial<Record<'get' | 'post', OpenApiOperation>>>;
}
interface OpenApiSchema {
  properties: Record<string, unknown>;
}
export interface OpenApiOperation {
  tags: string[];
  summary: string;
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
  responses: Record<string, { content?: Record<string, { schema: OpenApiSchema }> }>;
}

/** A client that keeps the session cookie between calls, as a browser would. */
export class Agent {
  cookie: string | null = null;
  userId: string | null = null;
  constructor(private readonly app: FastifyInstance) {}

  async request<U extends string>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: U,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<OutputOf<U>>> {
    const res: LightMyRequestResponse = await this.app.inject({
      method,
      url,
      payload: body as object | undefined,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
    });
    const set = res.cookies.find((c) => c.name === 'lb_session');
    if (set) this.cookie = set.value ? `lb_session=${set.value}` : null;
    return res;
  }

  post<U extends string>(url: U, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }

  get<U extends string>(url: U, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }

  async signIn(username: string, password = SEED_PASSWORD) {
    const res = await this.post('/api/auth/signin', { username, password });
    if (res.statusCode !== 200) throw new Error(`sign-in failed for ${username}: ${res.body}`);
    this.userId = res.json().user._id;
    return res;
  }

  async signInGuest() {
    const res = await this.post('/api/auth/guest');
    this.userId = res.json().user._id;
    return res;
  }
}

/** Agents signed in as these seeded accounts, in that order. */
export async function signedIn<Names extends string[]>(
  app: FastifyInstance,
  ...usernames: Names
): Promise<{ [K in keyof Names]: Agent }> {
  const agents = await Promise.all(
    usernames.map(async (username) => {
      const agent = new Agent(app);
      await agent.signIn(username);
      return agent;
    }),
  );
  return agents as { [K in keyof Names]: Agent };
}

/** A new board of `author`'s with one list (“Week 1”) holding one item, for the notes a test writes. */
export async function boardWithItem(
  author: Agent,
  spec: { title: string; item: string; listed?: boolean },
): Promise<{ multilistId: string; ptitle: string; listId: string; itemId: string }> {
  const board = (
    await author.post('/api/forms/insert_multilist', {
      titleText: spec.title,
      listed: spec.listed ?? true,
    })
  ).json<{ multilistId: string; ptitle: string }>();
  const { listId } = (
    await author.post('/api/forms/insert_list', {
      multilistId: board.multilistId,
      titleText: 'Week 1',
    })
  ).json<{ listId: string }>();
  const { itemId } = (
    await author.post('/api/forms/insert_item', { listId, text: spec.item })
  ).json<{ itemId: string }>();
  return { multilistId: board.multilistId, ptitle: board.ptitle, listId, itemId };
}

/**
 * A note (or, with `parentId` in `noteSpec`, a reply) written by `who` on an item, as the note
 * form sends it (`more`: `isPrivate`, a group); its id. A refusal fails the test.
 */
export async function writeNote(
  who: Agent,
  on: { listId: string; itemId: string },
  noteSpec: { text: string; parentId?: string; highlight?: unknown },
  more: { isPrivate?: boolean } = {},
): Promise<string> {
  const res = await who.post('/api/forms/insert_note', {
    listId: on.listId,
    itemId: on.itemId,
    noteSpec,
    ...more,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ itemId: string }>().itemId;
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
