/**
 * Sign-in limits against someone trying to get round them: many guesses at once, addresses
 * forged in X-Forwarded-For, names probed by how long the answer takes, and one user locking
 * another out. Password checks are counted by wrapping verifyPassword, never by timing them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { GUEST_USER } from '@listboard/core';
import { SEED_PASSWORD, type Refusal } from './harness';
import { hashPassword } from '../src/lib/passwords';
import { createAccountApp, lastMailTo, tokenIn, type AccountTestContext } from './account-harness';

const checks = vi.hoisted(() => ({ hashes: [] as (string | null | undefined)[] }));
vi.mock('../src/lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/passwords')>();
  return {
    ...real,
    verifyPassword: (password: string, stored: string | null | undefined) => {
      checks.hashes.push(stored);
      return real.verifyPassword(password, stored);
    },
  };
});

const locked = (name: string) =>
  `Too many failed sign-in attempts for ${name}. Please wait 15 minutes and try again.`;
const tooMany = 'Too many requests. Please wait a moment and try again.';

/** A browser at one client address; `forwarded` is what it writes in X-Forwarded-For. */
class Client {
  cookie: string | null = null;
  constructor(
    private readonly app: FastifyInstance,
    readonly address = '203.0.113.1',
  ) {}

  async post(url: string, body: object, forwarded?: string): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method: 'POST',
      url,
      payload: body,
      remoteAddress: this.address,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
      },
    });
    const set = res.cookies.find((c) => c.name === 'lb_session');
    if (set) this.cookie = set.value ? `lb_session=${set.value}` : null;
    return res;
  }

  signin(username: string, password: string, forwarded?: string) {
    return this.post('/api/auth/signin', { username, password }, forwarded);
  }
}

const at = (t: AccountTestContext, address?: string) => new Client(t.app, address);
const statuses = (rs: LightMyRequestResponse[]) => rs.map((r) => r.statusCode);
const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

beforeEach(() => {
  checks.hashes.length = 0;
});

describe('many guesses at once', () => {
  let one: AccountTestContext;
  let two: AccountTestContext;
  beforeAll(async () => {
    one = await createAccountApp();
    // A second instance on the same database, as behind a load balancer.
    two = await createAccountApp({}, { database: one.database });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('checks no more than 5 of 50 with scrypt, and the right one at 45 does not get in', async () => {
    const address = '198.51.100.50';
    const res = await Promise.all(
      times(50, (i) =>
        at(i % 2 ? two : one, address).signin('author', i === 45 ? SEED_PASSWORD : `guess-${i}`),
      ),
    );
    expect(checks.hashes).toHaveLength(5);
    expect(statuses(res).filter((s) => s === 401)).toHaveLength(5);
    expect(statuses(res).filter((s) => s === 429)).toHaveLength(45);
    expect(res[45]!.statusCode).toBe(429);
    expect(res[45]!.json<Refusal>().error).toBe(locked('author'));
    expect(res[45]!.cookies.find((c) => c.name === 'lb_session')?.value).toBeFalsy();
    // Still locked afterwards, on both instances, and the lock costs no further check.
    for (const t of [one, two]) {
      expect((await at(t, address).signin('author', SEED_PASSWORD)).statusCode).toBe(429);
    }
    expect(checks.hashes).toHaveLength(5);
  });

  it('leaves the owner a way in from another address', async () => {
    expect((await at(one, '198.51.100.51').signin('author', SEED_PASSWORD)).statusCode).toBe(200);
  });

  it('checks an unknown name, and one without a password, exactly once like a known one', async () => {
    const client = at(one, '198.51.100.52');
    expect((await client.signin('demo', 'wrong')).statusCode).toBe(401);
    expect(checks.hashes).toHaveLength(1);
    const real = checks.hashes[0];
    // The parameters every password the app stores has (the fixture accounts of the test
    // databases are stored cheaper: fixture-password.ts).
    const stored = (await hashPassword('any password')).split('$').slice(0, 4);
    for (const name of ['no-such-user', 'nobody-else', GUEST_USER]) {
      checks.hashes.length = 0;
      const res = await client.signin(name, 'wrong');
      expect(res.statusCode).toBe(401);
      expect(res.json<Refusal>().error).toBe(`Invalid credentials for: ${name}`);
      expect(checks.hashes).toHaveLength(1);
      // A real scrypt hash, with the parameters real passwords have.
      expect(checks.hashes[0]!.split('$').slice(0, 4)).toEqual(stored);
      expect(checks.hashes[0]).not.toBe(real);
    }
  });
});

describe('client addresses with TRUST_PROXY off (the default)', () => {
  let t: AccountTestContext;
  let limited: AccountTestContext;
  beforeAll(async () => {
    t = await createAccountApp();
    limited = await createAccountApp({ SIGNIN_RATE_LIMIT: '3', ACCOUNT_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await limited.close();
    await t.close();
  });

  it('ignores X-Forwarded-For: rotating it does not get round the sign-in lockout', async () => {
    const client = at(t, '203.0.113.20');
    const res = [];
    for (let i = 0; i < 5; i++) res.push(await client.signin('demo', `x${i}`, `192.0.2.${i}`));
    expect(statuses(res)).toEqual([401, 401, 401, 401, 401]);
    const right = await client.signin('demo', SEED_PASSWORD, '192.0.2.99');
    expect(right.statusCode).toBe(429);
    expect(right.json<Refusal>().error).toBe(locked('demo'));
  });

  it('nor the per-address sign-in and forgot limits', async () => {
    const client = at(limited, '203.0.113.21');
    const signins = [];
    for (let i = 0; i < 4; i++) signins.push(await client.signin('nobody', 'x', `192.0.2.${i}`));
    expect(statuses(signins)).toEqual([401, 401, 401, 429]);
    expect(signins[3]!.json<Refusal>().error).toBe(tooMany);
    const forgots = [];
    for (let i = 0; i < 3; i++) {
      forgots.push(
        await client.post('/api/auth/forgot', { email: 'nobody@example.org' }, `192.0.2.${i}`),
      );
    }
    expect(statuses(forgots)).toEqual([200, 200, 429]);
    expect(forgots[2]!.json<Refusal>().error).toBe(tooMany);
    // Another real address has its own allowance.
    const other = await at(limited, '203.0.113.22').post('/api/auth/forgot', {
      email: 'nobody@example.org',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('client addresses behind a trusted proxy', () => {
  let t: AccountTestContext;
  const proxy = '127.0.0.1';
  beforeAll(async () => {
    t = await createAccountApp({ TRUST_PROXY: proxy });
  });
  afterAll(async () => t.close());

  it('counts each forwarded address on its own', async () => {
    const client = at(t, proxy);
    const res = [];
    for (let i = 0; i < 6; i++) res.push(await client.signin('demo', `x${i}`, '198.51.100.1'));
    expect(statuses(res)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await client.signin('demo', SEED_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    expect((await client.signin('demo', SEED_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('believes only the proxy: a client reaching the app directly is counted by its own address', async () => {
    const direct = at(t, '203.0.113.30');
    for (let i = 0; i < 5; i++) await direct.signin('demo', `y${i}`, `192.0.2.${i}`);
    expect((await direct.signin('demo', SEED_PASSWORD, '192.0.2.200')).statusCode).toBe(429);
  });

  it('stops guesses spread over many addresses at the per-name ceiling of 25', async () => {
    const client = at(t, proxy);
    const res = [];
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < 5; i++) res.push(await client.signin('author', `z${i}`, `192.0.2.${a}`));
    }
    expect(statuses(res).every((s) => s === 401)).toBe(true);
    expect(checks.hashes).toHaveLength(25);
    const fresh = await client.signin('author', SEED_PASSWORD, '192.0.2.77');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json<Refusal>().error).toBe(locked('author'));
    expect(checks.hashes).toHaveLength(25);
  });

  it('opens a locked name with the reset link, from every address', async () => {
    const client = at(t, proxy);
    expect(
      (await client.post('/api/auth/forgot', { email: 'author@listboard.local' }, '192.0.2.80'))
        .statusCode,
    ).toBe(200);
    const token = tokenIn(lastMailTo(t, 'author@listboard.local'), 'resetPasswordToken');
    const reset = await client.post(
      '/api/auth/reset_password',
      { token, password: 'a new secret' },
      '192.0.2.80',
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toBe(true);
    // The link signed this browser in, and the name is open again everywhere.
    const session = await t.app.inject({
      url: '/api/auth/session',
      remoteAddress: proxy,
      headers: { cookie: client.cookie!, 'x-forwarded-for': '192.0.2.80' },
    });
    expect(session.json<{ user: { username: string } }>().user.username).toBe('author');
    for (const from of ['192.0.2.81', '192.0.2.0', '192.0.2.4']) {
      expect((await at(t, proxy).signin('author', 'a new secret', from)).statusCode).toBe(200);
    }
  });

  it('does not let one address hammering past its own limit lock the name elsewhere', async () => {
    const client = at(t, proxy);
    const res = [];
    for (let i = 0; i < 40; i++) res.push(await client.signin('reader', `w${i}`, '192.0.2.90'));
    expect(statuses(res).filter((s) => s === 401)).toHaveLength(5);
    expect(checks.hashes).toHaveLength(5);
    expect((await client.signin('reader', SEED_PASSWORD, '192.0.2.91')).statusCode).toBe(200);
  });
});

describe('passwords typed to deregister', () => {
  let t: AccountTestContext;
  beforeAll(async () => {
    t = await createAccountApp();
  });
  afterAll(async () => t.close());

  const deregister = (c: Client, password: string) =>
    c.post('/api/forms/deregister_user', { email: 'reader@listboard.local', password });

  it('lock only the user’s own name at their own address', async () => {
    const a = at(t, '192.0.2.10');
    expect((await a.signin('reader', SEED_PASSWORD)).statusCode).toBe(200);
    checks.hashes.length = 0;
    const res = [];
    for (let i = 0; i < 6; i++) res.push(await deregister(a, `guess-${i}`));
    expect(statuses(res)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(res[5]!.json<Refusal>().error).toBe(locked('reader'));
    expect(checks.hashes).toHaveLength(5);
    // Someone else at that address signs in; so does the user from elsewhere.
    expect((await at(t, '192.0.2.10').signin('demo', SEED_PASSWORD)).statusCode).toBe(200);
    expect((await at(t, '192.0.2.11').signin('reader', SEED_PASSWORD)).statusCode).toBe(200);
    // At that address the name is locked, as five failed sign-ins there would lock it.
    expect((await at(t, '192.0.2.10').signin('reader', SEED_PASSWORD)).statusCode).toBe(429);
  });

  it('never count towards the name’s ceiling, from however many addresses', async () => {
    const session = at(t, '192.0.2.12');
    expect((await session.signin('reader', SEED_PASSWORD)).statusCode).toBe(200);
    for (let a = 20; a < 27; a++) {
      const moved = new Client(t.app, `192.0.2.${a}`);
      moved.cookie = session.cookie;
      for (let i = 0; i < 5; i++) expect((await deregister(moved, `g${i}`)).statusCode).toBe(401);
    }
    // 35 wrong passwords, more than the ceiling of 25; the user still signs in elsewhere.
    expect((await at(t, '192.0.2.30').signin('reader', SEED_PASSWORD)).statusCode).toBe(200);
  });

  it('cannot be aimed at another user’s name', async () => {
    const a = at(t, '192.0.2.40');
    expect((await a.signin('demo', SEED_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) {
      const res = await a.post('/api/forms/deregister_user', {
        username: 'author',
        email: 'author@listboard.local',
        password: `g${i}`,
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await at(t, '192.0.2.40').signin('author', SEED_PASSWORD)).statusCode).toBe(200);
  });
});
