/**
 * The account links as a user gets them: through a real SMTP server on loopback, read out of
 * the delivered message and then opened.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer';
import { verificationMail } from '../src/mail/account-mail';
import {
  Agent,
  createTestApp,
  matcher,
  ifStarted,
  SEED_PASSWORD,
  type TestContext,
} from './harness';
import { startSmtpSink, type Delivered, type SmtpSink } from './smtp-sink';

let smtp: SmtpSink;
let t: TestContext;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://boards.example.edu',
    ACCOUNT_RATE_LIMIT: '1000',
  });
});
afterAll(async () => {
  await t.close();
  await ifStarted(smtp)?.close();
});

const mailTo = (address: string, subject: RegExp) => smtp.mailTo(address, subject);

/** The link a person would click, as it stands in the delivered mail. */
function linkIn(mail: Delivered, param: string): URL {
  const match = mail.text.match(new RegExp(`https://boards\\.example\\.edu/\\?${param}=[\\w-]+`));
  if (!match) throw new Error(`no ${param} link in:\n${mail.text}`);
  return new URL(match[0]);
}

describe('account mail through a real SMTP server', () => {
  it('delivers a verification link that verifies the account, and tells the admin', async () => {
    const visitor = new Agent(t.app);
    await visitor.signInGuest();
    const res = await visitor.post('/api/auth/register', {
      username: 'zoe',
      email: 'zoe@example.org',
      password: 'first-pass-1',
    });
    expect(res.json().message).toBe(
      'Registration successful! Please check your email for a verification link.',
    );
    const mail = await mailTo('zoe@example.org', /Subject: Verify your email/);
    const link = linkIn(mail, 'verifyEmailToken');
    expect(link.pathname).toBe('/');

    // What the web app does when it starts at that address.
    const token = link.searchParams.get('verifyEmailToken')!;
    const verified = await visitor.get(`/api/auth/verify_email?token=${encodeURIComponent(token)}`);
    expect(verified.json()).toEqual({
      status: 'success',
      message: 'Email verified successfully! You can now log in.',
      username: 'zoe',
    });
    await visitor.signIn('zoe', 'first-pass-1');

    const notice = await mailTo('admin@listboard.local', /Subject: New Listboard user: zoe/);
    expect(notice.text).toContain('email: zoe@example.org');
  });

  it('delivers a reset link that sets a new password; the old one stops working', async () => {
    const a = new Agent(t.app);
    await a.signInGuest();
    const sent = await a.post('/api/auth/forgot', { email: 'zoe@example.org' });
    expect(sent.json().message).toBe('Password reset email sent!');
    const mail = await mailTo('zoe@example.org', /Subject: Reset your Listboard password/);
    const token = linkIn(mail, 'resetPasswordToken').searchParams.get('resetPasswordToken')!;

    const valid = await a.get(`/api/auth/validate_reset_token?token=${encodeURIComponent(token)}`);
    expect(valid.json()).toEqual({ valid: true, username: 'zoe' });
    const reset = await a.post('/api/auth/reset_password', { token, password: 'second-pass-2' });
    expect(reset.json()).toBe(true);
    expect((await a.get('/api/auth/session')).json().user!.username).toBe('zoe');

    const old = await new Agent(t.app).post('/api/auth/signin', {
      username: 'zoe',
      password: 'first-pass-1',
    });
    expect(old.statusCode).toBe(401);
    await new Agent(t.app).signIn('zoe', 'second-pass-2');
  });

  it('admin add user mails the new user their verification link', async () => {
    const admin = new Agent(t.app);
    await admin.signIn('admin', SEED_PASSWORD);
    await admin.post('/api/auth/create_user', {
      username: 'yan',
      password: 'yan-pass-1',
      email: 'yan@example.org',
      profile: { role: 'reader', fullname: 'Yan Li' },
    });
    const mail = await mailTo('yan@example.org', /Subject: Verify your email/);
    const token = linkIn(mail, 'verifyEmailToken').searchParams.get('verifyEmailToken')!;
    const res = await new Agent(t.app).get(`/api/auth/verify_email?token=${token}`);
    expect(res.json<{ status: string }>().status).toBe('success');
  });
});

describe('the default outbox', () => {
  it('writes the verification mail, link included, to DATA_DIR/outbox', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-outbox-'));
    const local = await createTestApp({ DATA_DIR: dir, ACCOUNT_RATE_LIMIT: '1000' });
    try {
      await new Agent(local.app).post('/api/auth/register', {
        username: 'una',
        email: 'una@example.org',
        password: 'una-pass-1',
      });
      const files = fs.readdirSync(path.join(dir, 'outbox'));
      const mails = files.map(
        (f) =>
          JSON.parse(fs.readFileSync(path.join(dir, 'outbox', f), 'utf8')) as {
            to: string;
            text: string;
          },
      );
      const mail = mails.find((m) => m.to === 'una@example.org');
      expect(mail).toMatchObject({
        from: matcher(expect.any(String)),
        subject: matcher(expect.any(String)),
      });
      expect(mail?.text).toMatch(/http:\/\/localhost:3000\/\?verifyEmailToken=[\w-]+/);
    } finally {
      await local.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs the links of each message in development', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-outbox-'));
    const logged: object[] = [];
    try {
      const mailer = createMailer(
        { DATA_DIR: dir, APP_VERSION: 'DEVELOPMENT' },
        { info: (obj) => logged.push(obj) },
      );
      await mailer.send(
        verificationMail({
          to: 'dev@example.org',
          username: 'dev',
          publicUrl: 'http://localhost:5173/',
          token: 'tok-123',
        }),
      );
      expect(logged).toEqual([
        expect.objectContaining({
          to: 'dev@example.org',
          links: ['http://localhost:5173/?verifyEmailToken=tok-123'],
        }),
      ]);
      const quiet = createMailer(
        { DATA_DIR: dir, APP_VERSION: 'PRODUCTION' },
        { info: (obj) => logged.push(obj) },
      );
      await quiet.send({ to: 'p@example.org', subject: 's', text: 'http://x.example/' });
      expect(logged).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
