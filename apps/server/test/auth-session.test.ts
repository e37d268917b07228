import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type OpenApiDoc, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('session', () => {
  it('has no user before anyone signs in', async () => {
    const res = await new Agent(t.app).get('/api/auth/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: null, rootBoard: 'home', adminUser: 'admin' });
  });

  it('signs a visitor in as guest, with the guest phone placeholder, in an httpOnly Lax cookie', async () => {
    const a = new Agent(t.app);
    const res = await a.signInGuest();
    expect(res.json().user).toMatchObject({
      username: 'guest',
      roles: ['guest'],
      fields: { phone: '{phone}' },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const session = await a.get('/api/auth/session');
    expect(session.json().user!.username).toBe('guest');
  });

  it('signs in with a password, rotates the cookie and signs out', async () => {
    const a = new Agent(t.app);
    await a.signInGuest();
    const guestCookie = a.cookie;
    await a.signIn('author');
    expect(a.cookie).not.toBe(guestCookie);
    // The old cookie no longer names anyone.
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: guestCookie! },
    });
    expect(stale.json<{ user: unknown }>().user).toBeNull();
    expect((await a.get('/api/auth/session')).json().user!.username).toBe('author');
    await a.post('/api/auth/signout');
    expect((await a.get('/api/auth/session')).json().user).toBeNull();
  });

  it('marks the cookie Secure exactly when PUBLIC_URL is https', async () => {
    const plain = String((await new Agent(t.app).signIn('author')).headers['set-cookie']);
    expect(plain).not.toMatch(/;\s*Secure/i);
    const https = await createTestApp({ PUBLIC_URL: 'https://boards.example.edu' });
    try {
      const res = await new Agent(https.app).signIn('author');
      expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    } finally {
      await https.close();
    }
  });

  it('destroys the session on sign-out: the old cookie, replayed, names no one', async () => {
    const a = new Agent(t.app);
    await a.signIn('author');
    const signedIn = a.cookie!;
    const out = await a.post('/api/auth/signout');
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/lb_session=;/);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: signedIn },
    });
    expect(replay.json<{ user: unknown }>().user).toBeNull();
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/forms/edit_profile',
      headers: { cookie: signedIn },
      payload: { profile: { bio: 'still here?' } },
    });
    expect(write.statusCode).toBe(401);
  });

  it('refuses a wrong password with the spec message, and a blank field with its own', async () => {
    const a = new Agent(t.app);
    const bad = await a.post('/api/auth/signin', { username: 'author', password: 'nope-nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('Invalid credentials for: author');
    const blank = await a.post('/api/auth/signin', { username: '', password: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Username or password missing.');
    // A password left out altogether is missing too, not a schema's complaint.
    const missing = await a.post('/api/auth/signin', { username: 'author' });
    expect([missing.statusCode, missing.json().error]).toEqual([
      400,
      'Username or password missing.',
    ]);
  });

  it('guest cannot sign in with a password at all', async () => {
    const res = await new Agent(t.app).post('/api/auth/signin', {
      username: 'guest',
      password: '',
    });
    expect(res.statusCode).toBe(400);
    const res2 = await new Agent(t.app).post('/api/auth/signin', {
      username: 'guest',
      password: 'anything',
    });
    expect(res2.statusCode).toBe(401);
  });

  it('answers 401 when X-Mongo-User-ID disagrees with the session', async () => {
    const a = new Agent(t.app);
    await a.signIn('reader');
    const res = await a.get('/api/auth/session', {
      'x-mongo-user-id': '00000000-0000-0000-0000-000000000000',
    });
    expect(res.statusCode).toBe(401);
    const ok = await a.get('/api/auth/session', { 'x-mongo-user-id': a.userId! });
    expect(ok.statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes the credentials calls: sign-in, sign-out, session and guest sign-in', async () => {
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<OpenApiDoc>();
    const signin = doc.paths['/api/auth/signin']?.post;
    expect(signin?.tags).toContain('auth');
    expect(signin?.summary).toMatch(/cookie/);
    const body = signin?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(['password', 'username']);
    expect(Object.keys(signin?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '429']),
    );
    for (const [method, path] of [
      ['post', '/api/auth/signout'],
      ['get', '/api/auth/session'],
      ['post', '/api/auth/guest'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op?.tags, path).toContain('auth');
      expect(op?.summary, path).toMatch(/\w/);
    }
    const session =
      doc.paths['/api/auth/session']?.get?.responses['200']?.content?.['application/json']?.schema
        .properties;
    expect(Object.keys(session ?? {})).toEqual(expect.arrayContaining(['user', 'signupMode']));
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with a clear message after too many attempts from one address', async () => {
    const limited = await createTestApp({ SIGNIN_RATE_LIMIT: '3' });
    try {
      const a = new Agent(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await a.post('/api/auth/signin', { username: 'author', password: 'wrong-password' }))
            .statusCode,
        );
      expect(codes).toEqual([401, 401, 401, 429]);
      const res = await a.post('/api/auth/signin', {
        username: 'author',
        password: 'wrong-password',
      });
      expect(res.json().error).toBe('Too many requests. Please wait a moment and try again.');
    } finally {
      await limited.close();
    }
  });
});
