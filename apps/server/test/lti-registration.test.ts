/**
 * Registering LTI platforms (the admin's calls and the LTI_PLATFORMS file), the tool's keys
 * (JWKS, rotation), the configuration values, the cross-site rule (only /lti/login and
 * /lti/launch take form posts from another site) and the iframe cookie under https.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlatformFile } from '../src/services/lti/platforms';
import { Agent, createTestApp, ifStarted, type TestContext } from './harness';
import {
  launchAs,
  postForm,
  PLATFORM_ORIGIN,
  ROLE,
  startPlatform,
  type SimPlatform,
} from './lti-platform';

let t: TestContext;
let admin: Agent;
let platform: SimPlatform;

beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app);
  await admin.signIn('admin');
  platform = await startPlatform();
});
afterAll(async () => {
  await ifStarted(platform)?.close();
  await ifStarted(t)?.close();
});

interface PlatformAnswer {
  id: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  source: string;
}

describe('platforms, by the admin', () => {
  it('with no platform, no other site may frame the app', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/lti/open?token=x' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self';");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('only the admin may list, register or remove platforms', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    expect((await author.post('/api/lti/platforms')).statusCode).toBe(403);
    expect(
      (await author.post('/api/lti/register_platform', platform.registration)).statusCode,
    ).toBe(403);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await guest.post('/api/lti/rotate_key')).statusCode).toBe(401);
  });

  it('registers, changes, lists and removes a platform', async () => {
    const res = await admin.post('/api/lti/register_platform', platform.registration);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<{ platform: PlatformAnswer }>().platform;
    expect(first).toMatchObject({ issuer: platform.issuer, source: 'admin' });
    const changed = await admin.post('/api/lti/register_platform', {
      ...platform.registration,
      deploymentIds: ['deployment-1', 'deployment-2'],
    });
    expect(changed.json<{ platform: PlatformAnswer }>().platform).toMatchObject({
      id: first.id,
      deploymentIds: ['deployment-1', 'deployment-2'],
    });
    const list = (await admin.post('/api/lti/platforms')).json<{ platforms: PlatformAnswer[] }>();
    expect(list.platforms.map((p) => p.id)).toEqual([first.id]);
    expect((await admin.post('/api/lti/remove_platform', { id: first.id })).statusCode).toBe(200);
    const after = (await admin.post('/api/lti/platforms')).json<{ platforms: unknown[] }>();
    expect(after.platforms).toEqual([]);
    expect((await admin.post('/api/lti/remove_platform', { id: first.id })).statusCode).toBe(404);
  });

  it('refuses a registration with a missing field or a bad URL', async () => {
    const bad = await admin.post('/api/lti/register_platform', {
      ...platform.registration,
      keysetUrl: 'not a url',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('keysetUrl');
    const none = await admin.post('/api/lti/register_platform', {
      ...platform.registration,
      deploymentIds: [],
    });
    expect(none.statusCode).toBe(400);
  });
});

describe("the tool's keys and configuration", () => {
  it('publishes its public key at /lti/jwks, never the private parts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lti/jwks' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json<{ keys: Record<string, string>[] }>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi'])
      expect(keys[0]).not.toHaveProperty(secret);
  });

  it('rotates, keeping the previous public key published', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/lti/jwks' })).json<{
      keys: { kid: string }[];
    }>().keys;
    const res = await admin.post('/api/lti/rotate_key');
    expect(res.statusCode, res.body).toBe(200);
    const kid = res.json<{ kid: string }>().kid;
    const after = (await t.app.inject({ method: 'GET', url: '/lti/jwks' })).json<{
      keys: { kid: string }[];
    }>().keys;
    expect(after.map((k) => k.kid)).toEqual([kid, before[0]?.kid]);
  });

  it('gives the URLs a platform admin enters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lti/config' });
    expect(res.json()).toEqual({
      title: 'Listboard',
      description: expect.any(String) as unknown,
      loginUrl: 'http://localhost:3000/lti/login',
      launchUrl: 'http://localhost:3000/lti/launch',
      redirectUris: ['http://localhost:3000/lti/launch'],
      deepLinkingUrl: 'http://localhost:3000/lti/launch',
      jwksUrl: 'http://localhost:3000/lti/jwks',
      canvasConfigUrl: 'http://localhost:3000/lti/canvas.json',
      domain: 'localhost:3000',
    });
  });

  it('gives Canvas its developer-key configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lti/canvas.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      oidc_initiation_url: 'http://localhost:3000/lti/login',
      target_link_uri: 'http://localhost:3000/lti/launch',
      public_jwk_url: 'http://localhost:3000/lti/jwks',
      extensions: [
        {
          platform: 'canvas.instructure.com',
          privacy_level: 'public',
          settings: {
            placements: [
              { placement: 'link_selection', message_type: 'LtiDeepLinkingRequest' },
              { placement: 'assignment_selection', message_type: 'LtiDeepLinkingRequest' },
            ],
          },
        },
      ],
    });
  });
});

describe('cross-site posts', () => {
  it('the login and launch take form posts from the platform', async () => {
    const res = await postForm(t.app, '/lti/launch', { id_token: 'x', state: 'y' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('not one Listboard started');
  });

  it('every other route keeps the JSON-only and same-origin rules', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/lti/register_platform',
      payload: new URLSearchParams({ issuer: 'x' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: admin.cookie ?? '' },
    });
    expect(form.statusCode).toBe(415);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: new URLSearchParams({ username: 'admin', password: 'x' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signin.statusCode).toBe(415);
    const foreign = await admin.post('/api/lti/rotate_key', {}, { origin: PLATFORM_ORIGIN });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('platforms from the LTI_PLATFORMS file', () => {
  let dir = '';
  let filed: TestContext | undefined;
  afterAll(async () => {
    await filed?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are registered at start-up, can launch, and are not removed through the API', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-lti-'));
    const file = path.join(dir, 'platforms.json');
    fs.writeFileSync(file, JSON.stringify([platform.registration]));
    // A built web app of one page, so that the board's address answers the app's HTML.
    const web = path.join(dir, 'web');
    fs.mkdirSync(web);
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Listboard</title>');
    filed = await createTestApp({
      LTI_PLATFORMS: file,
      PUBLIC_URL: 'https://listboard.example',
      WEB_DIST: web,
    });
    const a = new Agent(filed.app);
    await a.signIn('admin');
    const list = (await a.post('/api/lti/platforms')).json<{ platforms: PlatformAnswer[] }>();
    expect(list.platforms).toMatchObject([{ issuer: platform.issuer, source: 'file' }]);
    const removed = await a.post('/api/lti/remove_platform', { id: list.platforms[0]?.id });
    expect(removed.statusCode).toBe(400);
    expect(removed.json<{ error: string }>().error).toContain('LTI_PLATFORMS');

    // Under https the session cookie works inside the platform's frame: SameSite=None; Secure.
    const person = { sub: 's1', name: 'Ina Teacher', email: 'ina@x.edu', role: ROLE.instructor };
    const { launch, target } = await launchAs(filed.app, platform, person);
    const cookie = launch.cookies.find((c) => c.name === 'lb_session');
    expect(cookie).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true });
    expect(String(launch.headers['set-cookie'])).toContain('; Partitioned');

    // The board's page itself may be shown in the platform's frame, by no other site.
    const page = await filed.app.inject({ method: 'GET', url: target });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Listboard</title>');
    const ancestors = /frame-ancestors ([^;]*)/.exec(
      String(page.headers['content-security-policy']),
    )?.[1];
    expect(ancestors?.split(' ').sort()).toEqual(
      ["'self'", platform.issuer, PLATFORM_ORIGIN].sort(),
    );
    expect(page.headers['x-frame-options']).toBeUndefined();
  });

  it('a file that is not a list of platforms stops start-up saying why', async () => {
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, JSON.stringify([{ issuer: 'x' }]));
    // The app's start-up reads the file through this, and fails with its message.
    await expect(readPlatformFile(file)).rejects.toThrow(/LTI_PLATFORMS: .*bad\.json: 0\.clientId/);
    await expect(readPlatformFile(path.join(dir, 'none.json'))).rejects.toThrow(/cannot read/);
  });
});
