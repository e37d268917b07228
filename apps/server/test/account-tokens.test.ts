import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccountApp,
  expectNoSecretsInResponses,
  lastMailTo,
  tokenIn,
  type AccountTestContext,
} from './account-harness';
import type { Refusal } from './harness';

const HOUR = 60 * 60 * 1000;

let t: AccountTestContext;
beforeAll(async () => {
  t = await createAccountApp();
});
afterAll(async () => t.close());

async function register(name: string) {
  const res = await t.agent().post('/api/auth/register', {
    username: name,
    email: `${name}@example.org`,
    password: 'first-pass',
  });
  expect(res.statusCode).toBe(200);
  return tokenIn(lastMailTo(t, `${name}@example.org`), 'verifyEmailToken');
}

const verify = (token?: string) =>
  t.agent().get(`/api/auth/verify_email${token === undefined ? '' : `?token=${token}`}`);

describe('verify_email statuses (spec section 8)', () => {
  it('error_invalid_token for a missing token', async () => {
    for (const res of [await verify(), await verify('')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error_invalid_token',
        message: 'Invalid or missing verification token.',
        error: 'Invalid or missing verification token.',
      });
    }
  });

  it('error_invalid_or_expired for an unknown token and for a used one', async () => {
    const unknown = await verify('not-a-real-token');
    expect(unknown.json()).toMatchObject({
      status: 'error_invalid_or_expired',
      error: 'Invalid or expired verification token.',
    });
    const token = await register('vera');
    expect((await verify(token)).json<{ status: string }>().status).toBe('success');
    const reused = await verify(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      status: 'error_invalid_or_expired',
      error: 'Invalid or expired verification token.',
    });
  });

  it('error_expired after 48 hours, with the error that asks the client to resend', async () => {
    const token = await register('walt');
    t.advance(48 * HOUR + 1000);
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error_expired',
      message: 'Verification link has expired.',
      error: 'Verification link expired',
      email: 'walt@example.org',
    });
    // The client then asks for a new link for that address.
    const resend = await t.agent().post('/api/auth/resend_verification', {
      email: 'walt@example.org',
    });
    expect(resend.json()).toEqual({ ok: true });
    const fresh = tokenIn(lastMailTo(t, 'walt@example.org'), 'verifyEmailToken');
    expect(fresh).not.toBe(token);
    expect((await verify(fresh)).json<{ status: string }>().status).toBe('success');
    const a = t.agent();
    expect(
      (await a.post('/api/auth/signin', { username: 'walt', password: 'first-pass' })).statusCode,
    ).toBe(200);
  });

  it('a resent link retires the one before it', async () => {
    const first = await register('xena');
    await t.agent().post('/api/auth/resend_verification', { email: 'xena@example.org' });
    const second = tokenIn(lastMailTo(t, 'xena@example.org'), 'verifyEmailToken');
    expect((await verify(first)).json<{ status: string }>().status).toBe(
      'error_invalid_or_expired',
    );
    expect((await verify(second)).json<{ status: string }>().status).toBe('success');
  });

  it('resend_verification answers the same for any address, and mails only the unverified', async () => {
    const before = t.mails.length;
    for (const email of ['nobody@example.org', 'author@listboard.local', 'vera@example.org']) {
      const res = await t.agent().post('/api/auth/resend_verification', { email });
      expect(res.json()).toEqual({ ok: true });
    }
    expect(t.mails.length).toBe(before);
    const bad = await t.agent().post('/api/auth/resend_verification', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please enter a valid email address.');
  });
});

describe('password reset', () => {
  const forgot = (email: string) => t.agent().post('/api/auth/forgot', { email });

  it('refuses a bad address with the spec message', async () => {
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad email address.');
  });

  it('answers an unknown address as a known one, without sending anything', async () => {
    const before = t.mails.length;
    const res = await forgot('stranger@example.org');
    expect(res.json()).toEqual({ ok: true, message: 'Password reset email sent!' });
    expect(t.mails.length).toBe(before);
  });

  it('mails a link; the link validates, changes the password once, signs in and ends old sessions', async () => {
    const old = t.agent();
    await old.signIn('reader');
    expect((await forgot('Reader@listboard.local')).json()).toEqual({
      ok: true,
      message: 'Password reset email sent!',
    });
    const mail = lastMailTo(t, 'reader@listboard.local')!;
    expect(mail.text).toContain('https://boards.example.edu/?resetPasswordToken=');
    const token = tokenIn(mail, 'resetPasswordToken');

    const b = t.agent();
    const valid = await b.get(`/api/auth/validate_reset_token?token=${token}`);
    expect(valid.json()).toEqual({ valid: true, username: 'reader' });

    const short = await b.post('/api/auth/reset_password', { token, password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Your password should be 6 characters or longer.');

    const done = await b.post('/api/auth/reset_password', { token, password: 'brand-new-1' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toBe(true);
    expect((await b.get('/api/auth/session')).json().user!.username).toBe('reader');
    // The session opened with the old password is over.
    expect((await old.get('/api/auth/session')).json().user).toBeNull();

    const wrong = await t
      .agent()
      .post('/api/auth/signin', { username: 'reader', password: 'listboard' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid credentials for: reader');
    await t.agent().signIn('reader', 'brand-new-1');

    const again = await t
      .agent()
      .post('/api/auth/reset_password', { token, password: 'other-pw-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(
      'Reset link invalid or expired. Please try your password reset request again.',
    );
    const revalidate = await t.agent().get(`/api/auth/validate_reset_token?token=${token}`);
    expect(revalidate.statusCode).toBe(400);
  });

  it('refuses a link after one hour', async () => {
    await forgot('demo@listboard.local');
    const token = tokenIn(lastMailTo(t, 'demo@listboard.local'), 'resetPasswordToken');
    t.advance(HOUR + 1000);
    const invalid = 'Reset link invalid or expired. Please try your password reset request again.';
    const check = await t.agent().get(`/api/auth/validate_reset_token?token=${token}`);
    expect(check.statusCode).toBe(400);
    expect(check.json<Refusal>().error).toBe(invalid);
    const reset = await t
      .agent()
      .post('/api/auth/reset_password', { token, password: 'later-pw-1' });
    expect(reset.json().error).toBe(invalid);
    await t.agent().signIn('demo');
  });

  it('refuses a missing or made-up token', async () => {
    expect((await t.agent().get('/api/auth/validate_reset_token')).statusCode).toBe(400);
    const res = await t
      .agent()
      .post('/api/auth/reset_password', { token: 'made-up', password: 'whatever-1' });
    expect(res.statusCode).toBe(400);
  });

  it('a verification token is no reset token, and the other way round', async () => {
    await forgot('author@listboard.local');
    const reset = tokenIn(lastMailTo(t, 'author@listboard.local'), 'resetPasswordToken');
    expect((await verify(reset)).json<{ status: string }>().status).toBe(
      'error_invalid_or_expired',
    );
    const verifyToken = await register('yuri');
    const res = await t
      .agent()
      .post('/api/auth/reset_password', { token: verifyToken, password: 'sneaky-pw' });
    expect(res.statusCode).toBe(400);
  });

  it('sends at most three mails an hour to one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await forgot('admin@listboard.local')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await forgot('ADMIN@listboard.local');
    expect(res.json().error).toBe(
      'Too many requests for this email address. Please try again later.',
    );
    t.advance(HOUR + 1000);
    expect((await forgot('admin@listboard.local')).statusCode).toBe(200);
  });
});

describe('responses', () => {
  it('never carry a password hash, a token or a token hash', async () => {
    await expectNoSecretsInResponses(t);
  });
});
