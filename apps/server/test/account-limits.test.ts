import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD, type Refusal } from './harness';
import {
  createAccountApp,
  expectNoSecretsInResponses,
  type AccountTestContext,
} from './account-harness';

const MINUTE = 60 * 1000;

let one: AccountTestContext;
let two: AccountTestContext;
beforeAll(async () => {
  one = await createAccountApp();
  // A second app instance on the same database, as behind a load balancer.
  two = await createAccountApp({}, { database: one.database });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

/** The address an agent's requests come from (app.inject's default). */
const AGENT_ADDRESS = '127.0.0.1';

const signin = (t: AccountTestContext, username: string, password: string, ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('sign-in lockout per user name and address', () => {
  it('locks a name at an address after 5 failures in 15 minutes, across instances', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = i % 2 ? two : one;
      const name = i % 2 ? 'AUTHOR' : 'author';
      codes.push((await signin(t, name, `guess-${i}`)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    for (const t of [one, two]) {
      const res = await signin(t, 'author', SEED_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.json<Refusal>().error).toBe(
        'Too many failed sign-in attempts for author. Please wait 15 minutes and try again.',
      );
    }
    // Another name is not affected.
    expect((await signin(one, 'demo', SEED_PASSWORD)).statusCode).toBe(200);
  });

  it('opens again once the window has passed', async () => {
    for (const t of [one, two]) t.advance(15 * MINUTE + 1000);
    expect((await signin(two, 'author', SEED_PASSWORD)).statusCode).toBe(200);
  });

  it('starts counting afresh after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await signin(one, 'author', `nope-${i}`);
    expect((await signin(one, 'author', SEED_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await signin(two, 'author', `nope-again-${i}`)).statusCode).toBe(401);
    }
    expect((await signin(one, 'author', SEED_PASSWORD)).statusCode).toBe(200);
  });

  it('counts unknown names the same way, so the answer tells nothing about who exists', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signin(one, 'no-such-user', `x${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts wrong passwords given to deregister at the user’s own address', async () => {
    const a = one.agent();
    await a.signIn('reader');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (
          await a.post('/api/forms/deregister_user', {
            email: 'reader@listboard.local',
            password: `guess-${i}`,
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signin(one, 'reader', SEED_PASSWORD, AGENT_ADDRESS)).statusCode).toBe(429);
    // They lock no one else, and not the name anywhere else (see auth-limits.test.ts).
    expect((await signin(one, 'demo', SEED_PASSWORD, AGENT_ADDRESS)).statusCode).toBe(200);
    expect((await signin(one, 'reader', SEED_PASSWORD)).statusCode).toBe(200);
  });
});

describe('per-address rate limits', () => {
  let limited: AccountTestContext;
  beforeAll(async () => {
    limited = await createAccountApp({ ACCOUNT_RATE_LIMIT: '2' });
  });
  afterAll(async () => limited.close());

  const codes = async (n: number, call: () => Promise<{ statusCode: number }>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await call()).statusCode);
    return out;
  };

  it('limits forgot, reset_password and the other token calls per client address', async () => {
    const a = limited.agent();
    const forgot = () => a.post('/api/auth/forgot', { email: 'nobody@example.org' });
    expect(await codes(3, forgot)).toEqual([200, 200, 429]);
    expect((await forgot()).json().error).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    const reset = () => a.post('/api/auth/reset_password', { token: 'x', password: 'abcdef' });
    expect(await codes(3, reset)).toEqual([400, 400, 429]);
    const verify = () => a.get('/api/auth/verify_email?token=x');
    expect(await codes(3, verify)).toEqual([400, 400, 429]);
    const register = () =>
      a.post('/api/auth/register', { username: 'a b', email: 'x', password: 'y' });
    expect(await codes(3, register)).toEqual([400, 400, 429]);
  });

  it('counts each address on its own', async () => {
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/forgot',
      payload: { email: 'nobody@example.org' },
      remoteAddress: '192.0.2.44',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('responses', () => {
  it('never carry a password hash, a token or a token hash', async () => {
    await expectNoSecretsInResponses(one);
    await expectNoSecretsInResponses(two);
  });
});
