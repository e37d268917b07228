/**
 * For account tests: an app on a fresh test database with a clock the test moves, a mailer that
 * keeps what it sends (and may pass it on), and a record of every response body, so a test can
 * check that none ever carried a password hash, a token or a token's hash.
 */
import { sql } from 'drizzle-orm';
import { must } from '@listboard/core';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import type { Mail, Mailer } from '../src/mail/mailer';
import { Agent, assertEveryWriteRecorded, openTestDatabase } from './harness';

export interface AccountTestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every mail sent, oldest first. */
  mails: Mail[];
  /** Every response body, in order. */
  bodies: string[];
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  agent(): Agent;
  close(): Promise<void>;
}

export interface AccountAppOptions {
  /** Mails are also handed to this one (a real SMTP mailer, say). */
  mailer?: Mailer;
  /** A database to share with another app instance; it is then not closed by this one. */
  database?: Database;
  /** Where the app's log goes. */
  logStream?: NodeJS.WritableStream;
}

/** Limits high enough that only the tests about limits meet them. */
const ROOMY = { ACCOUNT_RATE_LIMIT: '10000', SIGNIN_RATE_LIMIT: '10000' };

export async function createAccountApp(
  env: Record<string, string> = {},
  opts: AccountAppOptions = {},
): Promise<AccountTestContext> {
  const opened = opts.database ? null : await openTestDatabase();
  const database = opts.database ?? must(opened, 'the test database').database;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    PUBLIC_URL: 'https://boards.example.edu',
    ...ROOMY,
    ...env,
  });
  const mails: Mail[] = [];
  const bodies: string[] = [];
  let offset = 0;
  const mailer: Mailer = {
    async send(mail) {
      if (opts.mailer) await opts.mailer.send(mail);
      mails.push(mail);
    },
  };
  const app = await buildApp({
    config,
    database,
    mailer,
    clock: () => new Date(Date.now() + offset),
    logStream: opts.logStream,
  });
  app.addHook('onSend', async (_req, _reply, payload) => {
    if (typeof payload === 'string') bodies.push(payload);
    else if (Buffer.isBuffer(payload)) bodies.push(payload.toString('utf8'));
    return payload;
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mails,
    bodies,
    advance: (ms) => {
      offset += ms;
    },
    agent: () => new Agent(app),
    async close() {
      await app.close();
      await opened?.cleanup();
      assertEveryWriteRecorded(app);
    },
  };
}

/** The token a mailed link carries in the given start-path parameter. */
export function tokenIn(mail: Mail | undefined, param: 'verifyEmailToken' | 'resetPasswordToken') {
  const link = linkIn(mail, param);
  return must(new URL(link).searchParams.get(param), `the ${param} of ${link}`);
}

export function linkIn(mail: Mail | undefined, param: string): string {
  const match = mail?.text.match(new RegExp(`https?://\\S+\\?${param}=\\S+`));
  if (!match) throw new Error(`no ${param} link in ${JSON.stringify(mail)}`);
  return match[0];
}

export function lastMailTo(t: AccountTestContext, to: string): Mail | undefined {
  return [...t.mails].reverse().find((m) => m.to === to);
}

/**
 * No body may hold a password hash, a session or token hash from the database, a token from a
 * mail, or a field named like a hash (an error quoting a key the client sent is not one).
 */
export async function expectNoSecretsInResponses(t: AccountTestContext): Promise<void> {
  const rows = async (q: ReturnType<typeof sql>) =>
    (
      (await t.database.db.execute(q)) as {
        rows: { v: string | null }[];
      }
    ).rows
      .map((r) => r.v)
      .filter((v): v is string => !!v);
  const secrets = [
    ...(await rows(sql`select password_hash as v from users`)),
    ...(await rows(sql`select id as v from auth_tokens`)),
    ...(await rows(sql`select id as v from sessions`)),
    ...t.mails.flatMap((m) =>
      [...m.text.matchAll(/(?:verifyEmailToken|resetPasswordToken)=([\w-]+)/g)].map(
        (x) => x[1] ?? '',
      ),
    ),
  ];
  expect(t.bodies.length).toBeGreaterThan(0);
  expect(secrets.length).toBeGreaterThan(3);
  for (const body of t.bodies) {
    expect(body).not.toMatch(/scrypt\$|"password_?hash"\s*:|"token_?hash"\s*:/i);
    for (const secret of secrets) expect(body.includes(secret), `secret in ${body}`).toBe(false);
  }
}
