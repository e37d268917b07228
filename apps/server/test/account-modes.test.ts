import { afterAll, describe, expect, it } from 'vitest';
import {
  createAccountApp,
  expectNoSecretsInResponses,
  lastMailTo,
  type AccountTestContext,
} from './account-harness';
import type { Refusal } from './harness';

const opened: AccountTestContext[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

async function appWith(env: Record<string, string>) {
  const t = await createAccountApp(env);
  opened.push(t);
  return t;
}

const person = (n: string, domain = 'example.org') => ({
  username: n,
  email: `${n}@${domain}`,
  password: 'secret-1',
});

async function adminOf(t: AccountTestContext) {
  const a = t.agent();
  await a.signIn('admin');
  return a;
}

describe('SIGNUP_MODE=invitees', () => {
  it('lets invited addresses and domains register, and no one else', async () => {
    const t = await appWith({
      SIGNUP_MODE: 'invitees',
      SIGNUP_INVITEES: 'ivy@example.org, @school.edu',
    });
    const session = (await t.agent().get('/api/auth/session')).json();
    expect(session).toMatchObject({
      signupMode: 'invitees',
      emailVerification: true,
      resetToGuest: false,
    });

    const check = (email: string) => t.agent().post('/api/auth/check_invitee', { email });
    expect((await check('IVY@example.org')).json()).toEqual({ invited: true });
    expect((await check('pat@school.edu')).json()).toEqual({ invited: true });
    expect((await check('pat@example.org')).json()).toEqual({ invited: false });

    expect((await t.agent().post('/api/auth/register', person('ivy'))).statusCode).toBe(200);
    expect(
      (await t.agent().post('/api/auth/register', person('pat', 'school.edu'))).statusCode,
    ).toBe(200);
    const stranger = await t.agent().post('/api/auth/register', person('pat'));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error).toBe('This email address has not been invited to sign up.');
  });

  it('leaves adding users to the admin', async () => {
    const t = opened[0]!;
    const visitor = await t.agent().post('/api/auth/create_user', person('quin'));
    expect(visitor.statusCode).toBe(403);
    const admin = await adminOf(t);
    const res = await admin.post('/api/auth/create_user', {
      ...person('quin'),
      profile: { role: 'reader' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('SIGNUP_MODE=prescreened', () => {
  it('turns signup away towards the add user form, which a visitor may use without a role', async () => {
    const t = await appWith({ SIGNUP_MODE: 'prescreened' });
    const register = await t.agent().post('/api/auth/register', person('rae'));
    expect(register.statusCode).toBe(403);
    expect(register.json().error).toBe('New accounts are made with the add user form.');

    const visitor = t.agent();
    await visitor.signInGuest();
    const res = await visitor.post('/api/auth/create_user', {
      ...person('rae'),
      profile: { fullname: 'Rae Sremmurd', phone: '555-0199', bio: 'Studies film.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ verificationSent: true });
    expect(lastMailTo(t, 'rae@example.org')?.text).toContain('?verifyEmailToken=');
    const notice = lastMailTo(t, 'admin@listboard.local')!;
    expect(notice.text).toContain('phone: 555-0199');
    expect(notice.text).toContain('bio: Studies film.');

    const withRole = await visitor.post('/api/auth/create_user', {
      ...person('sal'),
      profile: { role: 'lbadmin' },
    });
    expect(withRole.statusCode).toBe(403);
    expect(withRole.json().error).toBe('Only the site admin may choose a role.');
  });
});

describe('SIGNUP_MODE=disabled', () => {
  it('refuses signup and visitor add user; the admin still adds users', async () => {
    const t = await appWith({ SIGNUP_MODE: 'disabled' });
    for (const path of ['/api/auth/register', '/api/auth/create_user']) {
      const res = await t.agent().post(path, person('tom'));
      expect(res.statusCode, path).toBe(403);
      expect(res.json<Refusal>().error, path).toBe('Signup is disabled.');
    }
    const admin = await adminOf(t);
    const res = await admin.post('/api/auth/create_user', {
      ...person('tom'),
      profile: { role: 'author' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.agent().post('/api/auth/check_invitee', { email: 'x@example.org' })).json(),
    ).toEqual({ invited: false });
  });
});

describe('EMAIL_VERIFICATION=off', () => {
  it('signs a new account in at once and tells the admin it is active', async () => {
    const t = await appWith({ EMAIL_VERIFICATION: 'off' });
    const a = t.agent();
    await a.signInGuest();
    const res = await a.post('/api/auth/register', person('uma'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      verificationSent: false,
      user: { username: 'uma', emailVerified: true },
    });
    expect((await a.get('/api/auth/session')).json().user!.username).toBe('uma');
    expect(lastMailTo(t, 'uma@example.org')).toBeUndefined();
    expect(lastMailTo(t, 'admin@listboard.local')?.subject).toBe(
      'New Listboard user: uma (active)',
    );
  });

  it('keeps the full name given at sign-up, split into first and last name; it is optional', async () => {
    const t = opened.at(-1)!;
    const named = await t
      .agent()
      .post('/api/auth/register', { ...person('wes'), fullname: '  Wes Ada Moreno ' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().user).toMatchObject({
      fullname: 'Wes Ada Moreno',
      fields: { fullname: 'Wes Ada Moreno', firstname: 'Wes', lastname: 'Ada Moreno' },
    });
    const unnamed = await t.agent().post('/api/auth/register', person('xan'));
    expect(unnamed.json().user).toMatchObject({ fullname: '', fields: { firstname: '' } });
  });

  it('an account the admin adds can sign in straight away; the admin stays the admin', async () => {
    const t = opened.at(-1)!;
    const admin = await adminOf(t);
    const res = await admin.post('/api/auth/create_user', {
      ...person('vic'),
      profile: { role: 'author' },
    });
    expect(res.json().user).toBeUndefined();
    expect((await admin.get('/api/auth/session')).json().user!.username).toBe('admin');
    await t.agent().signIn('vic', 'secret-1');
  });
});

describe('responses', () => {
  it('never carry a password hash, a token or a token hash', async () => {
    for (const t of opened) await expectNoSecretsInResponses(t);
  });
});

describe('RESET_SESSION=on', () => {
  it('tells the client that each visit starts as guest', async () => {
    const t = await appWith({ RESET_SESSION: 'on' });
    expect((await t.agent().get('/api/auth/session')).json()).toMatchObject({
      resetToGuest: true,
    });
  });
});
