import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import {
  createAccountApp,
  expectNoSecretsInResponses,
  lastMailTo,
  tokenIn,
  type AccountTestContext,
} from './account-harness';
import type { OpenApiDoc, Refusal } from './harness';
import { accountMsg, storableTextMsg } from '@listboard/core';
import { NOTICE_NOT_SENT } from '../src/services/admin/notice';

let t: AccountTestContext;
beforeAll(async () => {
  t = await createAccountApp();
});
afterAll(async () => t.close());

const signup = (n: string) => ({
  username: n,
  email: `${n}@example.org`,
  password: 'secret-1',
});

describe('register (SIGNUP_MODE default, verification on)', () => {
  it('makes the account, mails a verification link and keeps it from signing in until opened', async () => {
    const a = t.agent();
    await a.signInGuest();
    const res = await a.post('/api/auth/register', signup('ann'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      username: 'ann',
      verificationSent: true,
      message: 'Registration successful! Please check your email for a verification link.',
    });
    // Still the guest: the account is not signed in before its address is verified.
    expect((await a.get('/api/auth/session')).json().user!.username).toBe('guest');

    const mail = lastMailTo(t, 'ann@example.org')!;
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.text).toContain('https://boards.example.edu/?verifyEmailToken=');

    const early = await a.post('/api/auth/signin', { username: 'ann', password: 'secret-1' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toMatch(/verify your email address/);

    const verified = await a.get(
      `/api/auth/verify_email?token=${tokenIn(mail, 'verifyEmailToken')}`,
    );
    expect(verified.statusCode).toBe(200);
    // The account verified is named, for the page to offer its sign-in.
    expect(verified.json()).toEqual({
      status: 'success',
      message: 'Email verified successfully! You can now log in.',
      username: 'ann',
    });
    const signedIn = await a.post('/api/auth/signin', { username: 'ann', password: 'secret-1' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      username: 'ann',
      email: 'ann@example.org',
      emailVerified: true,
      roles: ['reader'],
      fields: { emailAlerts: true, textAlerts: false },
    });
    // A password the app stores takes the full scrypt cost; only the fixture accounts of the
    // test databases are stored cheaper (fixture-password.ts).
    const [ann] = await t.database.db.select().from(users).where(eq(users.username, 'ann'));
    expect(ann!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    const [author] = await t.database.db.select().from(users).where(eq(users.username, 'author'));
    expect(author!.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  it('tells the site admin of the new account, once per status', async () => {
    const notice = lastMailTo(t, 'admin@listboard.local');
    expect(notice?.subject).toBe('New Listboard user: ann (pending)');
    expect(notice?.text).toContain('email: ann@example.org');
    expect(notice?.text).toContain('https://boards.example.edu/ann');
    const before = t.mails.length;
    const again = await t
      .agent()
      .post('/api/auth/notify_admin_of_new_user', { email: 'ann@example.org', status: 'pending' });
    expect(again.json()).toEqual({ ok: true, sent: false });
    const verified = await t
      .agent()
      .post('/api/auth/notify_admin_of_new_user', { email: 'ann@example.org', status: 'verified' });
    expect(verified.json()).toEqual({ ok: true, sent: true });
    expect(t.mails.length).toBe(before + 1);
    expect(lastMailTo(t, 'admin@listboard.local')?.subject).toBe(
      'New Listboard user: ann (verified)',
    );
    const stranger = await t
      .agent()
      .post('/api/auth/notify_admin_of_new_user', { email: 'nobody@example.org', status: 'x' });
    expect(stranger.json()).toEqual({ ok: true, sent: false });
  });

  it('answers a character the database cannot hold with a 400, not a failed notice', async () => {
    const res = await t
      .agent()
      .post('/api/auth/notify_admin_of_new_user', { email: '\u0000', status: 'pending' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(storableTextMsg.unstorable('email'));
  });

  it('answers 502 when the notice cannot be mailed, and sends it on a later try', async () => {
    let down = false;
    const sent: string[] = [];
    const u = await createAccountApp(
      {},
      {
        mailer: {
          send(mail) {
            if (down) return Promise.reject(new Error('mail server away'));
            sent.push(mail.subject);
            return Promise.resolve();
          },
        },
      },
    );
    try {
      expect((await u.agent().post('/api/auth/register', signup('bea'))).statusCode).toBe(200);
      down = true;
      const notice = () =>
        u.agent().post('/api/auth/notify_admin_of_new_user', {
          email: 'bea@example.org',
          status: 'verified',
        });
      const failed = await notice();
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error).toBe(NOTICE_NOT_SENT);
      down = false;
      expect((await notice()).json()).toEqual({ ok: true, sent: true });
      expect(sent).toContain('New Listboard user: bea (verified)');
    } finally {
      await u.close();
    }
  });

  it('refuses an address already in use with a 403 and the spec message', async () => {
    const res = await t.agent().post('/api/auth/register', {
      ...signup('ann2'),
      email: 'ANN@example.org',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'This email is already in use.',
      fields: { email: 'This email is already in use.' },
    });
  });

  it('refuses a taken or reserved user name', async () => {
    const taken = await t
      .agent()
      .post('/api/auth/register', { ...signup('Author'), email: 'x@example.org' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Oops: unable to create user Author: that user name is taken');
    expect((taken.json() as { fields?: unknown }).fields).toEqual({
      username: 'That user name is taken. Please choose another.',
    });
    const reserved = await t.agent().post('/api/auth/register', signup('privacy'));
    expect(reserved.json().error).toBe(
      'Oops: unable to create user privacy: that user name is reserved',
    );
    expect((reserved.json() as { fields?: unknown }).fields).toEqual({
      username: 'That user name is reserved. Please choose another.',
    });
  });

  it.each([
    [
      'a bad user name',
      { username: 'a b' },
      {
        username:
          'A user name is up to 64 letters, digits, dots, dashes and underscores, and starts with a letter, a digit or an underscore.',
      },
    ],
    [
      'a user name of dots',
      { username: '..' },
      {
        username:
          'A user name is up to 64 letters, digits, dots, dashes and underscores, and starts with a letter, a digit or an underscore.',
      },
    ],
    ['a blank user name', { username: '' }, { username: 'Please fill in username field.' }],
    ['a bad address', { email: 'bob@' }, { email: 'Please enter a valid email address.' }],
    [
      'a short password',
      { password: 'abc' },
      { password: 'Your password should be 6 characters or longer.' },
    ],
  ])('answers %s with the signup message, naming the wrong field', async (_, change, fields) => {
    const res = await t.agent().post('/api/auth/register', { ...signup('bob'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad username, email address, or password.', fields });
  });

  it('tells a signed-in user who signs up with their own address that they are registered', async () => {
    const a = t.agent();
    await a.signIn('reader');
    const res = await a.post('/api/auth/register', {
      ...signup('reader2'),
      email: 'reader@listboard.local',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Already registered and logged in: reader');
  });

  it('answers whether a user name is registered', async () => {
    const a = t.agent();
    expect(
      (await a.post('/api/display/is_registered_username', { username: 'ANN' })).json(),
    ).toEqual({ registered: true });
    expect(
      (await a.post('/api/display/is_registered_username', { username: 'nobody' })).json(),
    ).toEqual({ registered: false });
  });
});

describe('create_user (add user form)', () => {
  it('lets the site admin add a user with a role and profile; the admin stays signed in', async () => {
    const admin = t.agent();
    await admin.signIn('admin');
    const res = await admin.post('/api/auth/create_user', {
      username: 'carl',
      password: 'secret-2',
      email: 'carl@example.org',
      profile: { role: 'author', fullname: 'Carl Jung', phone: '555-0100', bio: 'Writes.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, username: 'carl', verificationSent: true });
    expect(res.json().user).toBeUndefined();
    expect((await admin.get('/api/auth/session')).json().user!.username).toBe('admin');
    const mail = lastMailTo(t, 'carl@example.org')!;
    await t.agent().get(`/api/auth/verify_email?token=${tokenIn(mail, 'verifyEmailToken')}`);
    const carl = t.agent();
    const signedIn = await carl.post('/api/auth/signin', {
      username: 'carl',
      password: 'secret-2',
    });
    expect(signedIn.json().user).toMatchObject({
      roles: ['author'],
      fullname: 'Carl Jung',
      fields: { fullname: 'Carl Jung', firstname: 'Carl', lastname: 'Jung', phone: '555-0100' },
    });
  });

  it.each([
    [{ profile: { role: 'wizard' } }, 'wizard is not a valid role.'],
    [{ profile: {} }, 'Please fill in role field.'],
    [{ password: 'abc' }, 'Your password should be 6 characters or longer.'],
    [{ password: '' }, 'Please fill in password field.'],
    [{ email: 'dee@' }, 'Please enter a valid email address.'],
    [{ email: '' }, 'Please fill in email field.'],
    [{ username: ' ' }, 'Please fill in username field.'],
  ])('answers the admin %j with the spec message', async (change, message) => {
    const admin = t.agent();
    await admin.signIn('admin');
    const res = await admin.post('/api/auth/create_user', {
      username: 'dee',
      password: 'secret-3',
      email: 'dee@example.org',
      profile: { role: 'reader' },
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('is the admin’s alone in default mode', async () => {
    const a = t.agent();
    await a.signIn('reader');
    const res = await a.post('/api/auth/create_user', signup('eve'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Only the site admin may add users.');
  });
});

describe('get_user_basic', () => {
  it('shows a user’s public profile to anyone with a session, the address only to self and admin', async () => {
    expect((await t.agent().get('/api/auth/get_user_basic?username=author')).statusCode).toBe(401);
    const guest = t.agent();
    await guest.signInGuest();
    const seen = (await guest.get('/api/auth/get_user_basic?username=author')).json();
    expect(seen).toMatchObject({
      username: 'author',
      fullname: 'Maya Ortiz',
      email: null,
      roles: ['author'],
      fields: { title: 'Lecturer, Media Studies' },
    });
    expect(seen.fields).not.toHaveProperty('phone');
    const self = t.agent();
    await self.signIn('author');
    expect((await self.get('/api/auth/get_user_basic?username=author')).json().email).toBe(
      'author@listboard.local',
    );
    const missing = await guest.get('/api/auth/get_user_basic?username=nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Refusal>().error).toBe('Not a registered user: nobody');
  });

  it('answers 401 when X-Mongo-User-ID is not the session’s user', async () => {
    const a = t.agent();
    await a.signIn('reader');
    const other = '00000000-0000-0000-0000-000000000000';
    for (const [method, url, body] of [
      ['GET', '/api/auth/get_user_basic?username=author', undefined],
      ['POST', '/api/forms/edit_profile', { profile: { bio: 'x' } }],
      ['POST', '/api/display/update_user_fields_tourCateg', { tourCateg: 'home', value: true }],
      ['POST', '/api/forms/deregister_user', { email: 'reader@listboard.local', password: 'x' }],
    ] as const) {
      const res = await a.request(method, url, body, { 'x-mongo-user-id': other });
      expect(res.statusCode, url).toBe(401);
      // It says so in a way the page can act on: ask the user to sign in again.
      expect(res.json(), url).toEqual({ error: accountMsg.sessionEnded, sessionEnded: true });
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes every account call with a tag, a summary and its body', async () => {
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<OpenApiDoc>();
    const calls = [
      ['get', '/api/auth/get_user_basic'],
      ['post', '/api/auth/forgot'],
      ['post', '/api/auth/create_user'],
      ['post', '/api/auth/register'],
      ['post', '/api/auth/notify_admin_of_new_user'],
      ['get', '/api/auth/validate_reset_token'],
      ['post', '/api/auth/reset_password'],
      ['get', '/api/auth/verify_email'],
      ['post', '/api/auth/resend_verification'],
      ['post', '/api/auth/check_invitee'],
      ['post', '/api/forms/deregister_user'],
      ['post', '/api/display/is_registered_username'],
      ['post', '/api/forms/edit_profile'],
      ['post', '/api/display/update_user_fields_tourCateg'],
      ['post', '/api/display/user.custom.update.admin'],
    ] as const;
    for (const [method, path] of calls) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op?.tags, path).toContain('auth');
      expect(op?.summary, path).toMatch(/\w/);
      if (method === 'post') expect(op?.requestBody, path).toBeDefined();
    }
  });
});

describe('responses', () => {
  it('never carry a password hash, a token or a token hash', async () => {
    await expectNoSecretsInResponses(t);
  });
});
