/**
 * Checks in the style of the OWASP list, at the API: cross-site request forgery, session
 * fixation, secrets in logs, path traversal in file addresses. (Brute-force lockout, secrets in
 * responses and server-side request forgery have files of their own: account-limits,
 * account-tokens and load; XSS is checked in a browser, e2e/xss.e2e.ts.)
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storableTextMsg } from '@listboard/core';
import { CROSS_SITE_REFUSED } from '../src/plugins/same-origin';
import { createAccountApp, lastMailTo, tokenIn, type AccountTestContext } from './account-harness';
import type { Agent, Refusal } from './harness';

let t: AccountTestContext;
let log = '';
let author: Agent;
let listId: string;

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => (log += d.toString()));
  t = await createAccountApp({ LOG_LEVEL: 'debug' }, { logStream: stream });
  author = t.agent();
  await author.signIn('author');
  const course = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
  ).json()[0]!;
  listId = course.lists[0]!._id;
});
afterAll(async () => t.close());

const itemTexts = async () => {
  const course = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
  ).json()[0]!;
  return course.lists[0]!.items.map((i) => i.text);
};

describe('cross-site request forgery', () => {
  const write = (headers: Record<string, string>, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/forms/insert_item',
      headers: { cookie: author.cookie!, ...headers },
      payload,
    });
  const json = JSON.stringify({ listId: '', text: 'forged' });

  it('refuses a write whose Origin is another site, or null, and changes nothing', async () => {
    const body = JSON.stringify({ listId, text: 'forged from elsewhere' });
    for (const origin of [
      'https://evil.example',
      'null',
      'http://boards.example.edu.evil.example',
    ]) {
      const res = await write({ 'content-type': 'application/json', origin }, body);
      expect(res.statusCode).toBe(403);
      expect(res.json<Refusal>().error).toBe(CROSS_SITE_REFUSED);
    }
    expect(await itemTexts()).not.toContain('forged from elsewhere');
  });

  it('refuses the bodies an HTML form can send without asking first (no Origin: older browsers)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await write({ 'content-type': type }, json.replace('""', `"${listId}"`));
      expect(res.statusCode).toBe(415);
    }
    expect(await itemTexts()).not.toContain('forged');
  });

  it('takes the same write from the app’s own pages', async () => {
    const res = await write(
      { 'content-type': 'application/json', origin: 'https://boards.example.edu' },
      JSON.stringify({ listId, text: 'written on our own page' }),
    );
    expect(res.statusCode).toBe(200);
    expect(await itemTexts()).toContain('written on our own page');
  });
});

describe('text the database cannot hold', () => {
  it('answers 400 with a message for a NUL character, and stores nothing', async () => {
    const before = await itemTexts();
    for (const text of ['before\u0000after', '\u0000']) {
      const res = await author.post('/api/forms/insert_item', { listId, text });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json().error).toBe(storableTextMsg.unstorable('text'));
    }
    expect(await itemTexts()).toEqual(before);
  });
});

describe('session fixation', () => {
  it('never takes up a session id chosen before sign-in', async () => {
    const planted = 'lb_session=planted-by-someone-else-0123456789abcdef';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json', cookie: planted },
      payload: JSON.stringify({ username: 'reader', password: 'listboard' }),
    });
    expect(res.statusCode).toBe(200);
    const issued = res.cookies.find((c) => c.name === 'lb_session')!.value;
    expect(`lb_session=${issued}`).not.toBe(planted);
    const withPlanted = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: planted },
    });
    expect(withPlanted.json<{ user: unknown }>().user).toBeNull();
  });
});

describe('secrets in the log', () => {
  it('never writes a password, a verification token or a reset token to the log', async () => {
    const a = t.agent();
    const password = 'Sekrit-Passw0rd-1';
    expect(
      (
        await a.post('/api/auth/register', {
          username: 'logcheck',
          email: 'logcheck@example.org',
          password,
        })
      ).statusCode,
    ).toBe(200);
    const verify = tokenIn(lastMailTo(t, 'logcheck@example.org'), 'verifyEmailToken');
    expect((await a.get(`/api/auth/verify_email?token=${verify}`)).statusCode).toBe(200);
    await a.post('/api/auth/signin', { username: 'logcheck', password: 'wrong-password-9' });
    await a.signIn('logcheck', password);
    await a.post('/api/auth/forgot', { email: 'logcheck@example.org' });
    const reset = tokenIn(lastMailTo(t, 'logcheck@example.org'), 'resetPasswordToken');
    await a.get(`/api/auth/validate_reset_token?token=${reset}`);
    const newPassword = 'Another-Sekrit-2';
    expect(
      (await a.post('/api/auth/reset_password', { token: reset, password: newPassword }))
        .statusCode,
    ).toBe(200);
    // The log did record these requests, with the secrets taken out.
    expect(log).toContain('/api/auth/verify_email?token=[redacted]');
    for (const secret of [password, 'wrong-password-9', newPassword, verify, reset]) {
      expect(log.includes(secret), `log holds ${secret}`).toBe(false);
    }
  });
});

describe('path traversal in file addresses', () => {
  it('serves nothing outside the file store, however the path is spelled', async () => {
    const paths = [
      '/files/../../../../etc/passwd',
      '/files/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/files/..%2F..%2F..%2Fpackage.json',
      '/files/author/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/files/%252e%252e/%252e%252e/etc/passwd',
      '/files/author/%00.png',
      '/api/files/..%2F..%2Fpackage.json?exp=9999999999&max=1&sig=x',
    ];
    for (const url of paths) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: author.cookie! } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toMatch(/root:x:0:0|"name": ?"listboard"/);
    }
  });

  it('refuses to sign an upload address that climbs out of the user’s folder', async () => {
    for (const bucketPath of [
      'author/../admin/x.png',
      '../author/x.png',
      'author/%2e%2e/admin/x.png',
      'author\\..\\admin\\x.png',
      '/etc/x.png',
      'author/x.png\u0000.txt',
    ]) {
      const res = await author.post('/api/upload/s3', { bucketPath, fileType: 'image/png' });
      expect(res.statusCode, bucketPath).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bucketPath).toBeLessThan(500);
    }
  });
});
