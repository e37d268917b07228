/**
 * An account's whole life through the UI, with its mail delivered by a real SMTP server on
 * loopback: sign up, verify, sign in, edit the profile, sign out, reset the password, delete
 * the account.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { startSmtpSink, type Delivered, type SmtpSink } from '../apps/server/test/smtp-sink';
import { freePort, startServer, type RunningServer } from './server';
import { apiAs, more, signOut } from './session';

const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let smtp: SmtpSink;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(
    {
      PORT: String(port),
      PUBLIC_URL: base,
      SMTP_URL: smtp.url,
      SIGNIN_RATE_LIMIT: '1000',
      ACCOUNT_RATE_LIMIT: '1000',
    },
    { template: inject('dataTemplate') },
  );
});
afterAll(async () => {
  // Either may be missing when starting them failed.
  await (server as RunningServer | undefined)?.stop();
  await (smtp as SmtpSink | undefined)?.close();
});

let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

const mailTo = (address: string, about: RegExp) => smtp.mailTo(address, about);

/** The link as it stands in the mail, to be opened as a person would click it. */
function linkIn(mail: Delivered, param: string): string {
  const match = mail.text.match(new RegExp(`${base}/\\?${param}=[\\w-]+`));
  if (!match) throw new Error(`no ${param} link in:\n${mail.text}`);
  return match[0];
}

const form = (page: Page, name: string) => page.getByRole('form', { name });
const header = (page: Page) => page.getByLabel('Signed in as');
const seen = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function signIn(page: Page, username: string, password: string) {
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const f = form(page, 'Sign in');
  await f.getByLabel('User name').fill(username);
  await f.getByLabel('Password').fill(password);
  await f.getByRole('button', { name: 'Sign in' }).click();
}

describe('an account from signup to deregister', () => {
  it('signs up, verifies by mail, edits the profile, resets the password and deregisters', async () => {
    const { page } = b;
    // A name of its own per run, so a retried run does not meet the first run's account.
    const nina = `nina${Date.now() % 1_000_000}`;
    const email = `${nina}@example.org`;
    await page.goto(`${base}/`);
    await header(page).getByText('guest').waitFor();

    // Sign up; a mismatched repeat is caught before anything is sent.
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    const signup = form(page, 'Sign up');
    await signup.getByLabel('User name').fill(nina);
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await signup.getByLabel('Repeat password').fill('first-pass-2');
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await signup.getByText('Passwords must match.').waitFor();
    await screenshot(page, 'accounts-signup-mismatch');
    await signup.getByLabel('Repeat password').fill('first-pass-1');
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await seen(page, 'Registration successful! Please check your email for a verification link.');
    await expect.poll(() => signup.count()).toBe(0);

    // The link comes by mail; until it is opened the account cannot sign in.
    const verification = await mailTo(email, /verifyEmailToken=/);
    await signIn(page, nina, 'first-pass-1');
    await form(page, 'Sign in')
      .getByText('Please verify your email address first', { exact: false })
      .waitFor();
    await form(page, 'Sign in').getByRole('button', { name: 'Cancel' }).click();
    await page.goto(linkIn(verification, 'verifyEmailToken'));
    await seen(page, 'Email verified successfully! You can now log in.');
    await screenshot(page, 'accounts-verified');
    // The token does not stay in the address bar.
    expect(page.url()).not.toContain('verifyEmailToken');
    // The admin hears of the new account.
    await mailTo('admin@listboard.local', new RegExp(nina));

    // The sign-in form opens by itself, the account's name filled in and the password next.
    await expect(form(page, 'Sign in').getByLabel('User name').inputValue()).resolves.toBe(nina);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
      .toBe('password');
    // A wrong password keeps the form with the message and what was typed.
    await page.keyboard.type('not-my-password');
    await form(page, 'Sign in').getByRole('button', { name: 'Sign in' }).click();
    await form(page, 'Sign in').getByText(`Invalid credentials for: ${nina}`).waitFor();
    await expect(form(page, 'Sign in').getByLabel('User name').inputValue()).resolves.toBe(nina);
    await form(page, 'Sign in').getByLabel('Password').fill('first-pass-1');
    await form(page, 'Sign in').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/${nina}/home`);
    await header(page).getByText(nina, { exact: true }).waitFor();
    await header(page).getByText(email).waitFor();

    // Edit profile: an alert must stay on; a photo that is not an image is skipped.
    await more(page, 'Edit profile');
    const profile = form(page, 'Edit profile');
    await profile.getByLabel('Full name').fill('Nina Vale');
    await profile.getByLabel('Email alerts').uncheck();
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile
      .getByText('Please enable (check) either text alert, email alerts, or both.')
      .waitFor();
    await profile.getByLabel('Text alerts').check();
    await profile.getByLabel('Photo').setInputFiles({
      name: 'my notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await profile.getByRole('button', { name: 'Save' }).click();
    await seen(page, 'The photo my-notes.txt was skipped: its file type is not a supported image.');
    await seen(page, 'Your profile has been saved.');
    // A real image goes up into the user's folder (size and content checked by the server).
    await more(page, 'Edit profile');
    await profile.getByLabel('Photo').setInputFiles({
      name: 'my photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
    });
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => profile.count()).toBe(0);
    await more(page, 'Edit profile');
    await expect(profile.getByLabel('Full name').inputValue()).resolves.toBe('Nina Vale');
    await expect(profile.getByLabel('Text alerts').isChecked()).resolves.toBe(true);
    await expect(profile.getByLabel('Email alerts').isChecked()).resolves.toBe(false);
    // E-mail alerts on again, with her groups' notes, gathered into one mail a day (offered only
    // while they are on).
    await expect(profile.getByLabel('One mail a day').count()).resolves.toBe(0);
    await profile.getByLabel('Email alerts').check();
    await profile.getByLabel('My groups’ notes').check();
    await profile.getByLabel('One mail a day').check();
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => profile.count()).toBe(0);
    await page.goto(`${base}/${nina}/home?code=profile`);
    await page.getByText('On, with my groups’ notes, one mail a day').waitFor();

    // Sign out: the form says what will happen, then the browser is guest again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    const out = form(page, 'Sign out');
    await out.getByText(`You are signed in as ${nina}.`, { exact: false }).waitFor();
    await out.getByRole('button', { name: 'Sign out' }).click();
    await header(page).getByText('guest').waitFor();

    // Forgot password, from the sign-in form.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await form(page, 'Sign in').getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = form(page, 'Forgot password');
    await forgot.getByLabel('Email').fill('nina@');
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('Bad email address.').waitFor();
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await seen(page, 'Password reset email sent!');

    // The reset link opens the reset form; the new password signs in and goes home.
    const reset = await mailTo(email, /resetPasswordToken=/);
    await page.goto(linkIn(reset, 'resetPasswordToken'));
    const choose = form(page, 'Choose a new password');
    await choose.getByLabel('Password', { exact: true }).fill('second-pass-2');
    await choose.getByLabel('Repeat password').fill('second-pass-3');
    await choose.getByRole('button', { name: 'Change password' }).click();
    await choose.getByText('Bad password.').waitFor();
    await screenshot(page, 'accounts-reset-form');
    await choose.getByLabel('Repeat password').fill('second-pass-2');
    await choose.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`**/${nina}/home`);
    expect(page.url()).not.toContain('resetPasswordToken');
    await header(page).getByText(nina, { exact: true }).waitFor();
    await seen(page, 'Your password has been changed (and you are now logged in).');

    // The old password fails, the new one works.
    await signOut(page);
    await signIn(page, nina, 'first-pass-1');
    await form(page, 'Sign in').getByText(`Invalid credentials for: ${nina}`).waitFor();
    await form(page, 'Sign in').getByLabel('Password').fill('second-pass-2');
    await form(page, 'Sign in').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/${nina}/home`);

    // Deregister: the typed address must be this account's.
    await more(page, 'Delete my account');
    const leave = form(page, 'Delete my account');
    await leave.getByLabel('Your email').fill('someone@example.org');
    await leave.getByLabel('Password').fill('second-pass-2');
    await leave.getByRole('button', { name: 'Delete my account' }).click();
    await leave.getByText('You must be logged in to deregister.').waitFor();
    await leave.getByLabel('Your email').fill(email);
    await leave.getByRole('button', { name: 'Delete my account' }).click();
    await seen(page, 'You have been logged out and your account has been deleted.');
    await header(page).getByText('guest').waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    // The account is gone.
    await signIn(page, nina, 'second-pass-2');
    await form(page, 'Sign in').getByText(`Invalid credentials for: ${nina}`).waitFor();
  }, 180_000);

  it('tells an expired or spent verification link apart, and shows the status parameter', async () => {
    const { page } = b;
    await page.goto(`${base}/?verifyEmailToken=made-up-token#somewhere`);
    await seen(page, 'Invalid or expired verification token.');
    expect(page.url()).not.toContain('made-up-token');
    expect(page.url()).not.toContain('#somewhere');
    await page.goto(`${base}/?verifyEmailStatus=error_expired`);
    await seen(page, 'Verification link has expired.');
    await page.goto(`${base}/?resetPasswordToken=made-up-token`);
    await seen(
      page,
      'Reset link invalid or expired. Please try your password reset request again.',
    );
    await expect(page.getByRole('form', { name: 'Choose a new password' }).count()).resolves.toBe(
      0,
    );
  });

  it('signing out leaves none of the account’s boards on screen while the guest’s load', async () => {
    const { page } = b;
    await page.goto(`${base}/`);
    await signIn(page, 'author', 'listboard');
    await page.waitForURL('**/author/home');
    const post = async (path: string, data: object) => {
      const res = await page.request.post(`${base}${path}`, { data });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as Record<string, string>;
    };
    const secret = `Staff-room minutes ${Date.now()}`;
    const made = await post('/api/forms/insert_multilist', {
      titleText: `Staff room ${Date.now()}`,
      listed: false,
    });
    const { listId } = await post('/api/forms/insert_list', {
      multilistId: made.multilistId!,
      titleText: 'Minutes',
    });
    await post('/api/forms/insert_item', { listId, text: secret, isPrivate: true });
    await page.goto(`${base}/author/${made.ptitle}`);
    await seen(page, secret);
    // A slow connection: the guest's boards take their time.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/dbload\/load_multilists/, async (route) => {
      await held;
      await route.continue();
    });
    await signOut(page);
    // The header says guest; the author's board is not left showing under it.
    await expect.poll(() => page.getByText(secret).count()).toBe(0);
    // Signing out opens the guest's start, the site's home, once its boards come.
    release();
    await page.waitForURL('**/admin/home');
    await seen(page, 'Start here');
    await expect.poll(() => page.getByText(secret).count()).toBe(0);
  });

  it('a new account’s first board, made on a phone, is linked from its home board (iPhone 13)', async () => {
    const phone = await openPhone('iPhone 13');
    try {
      const p = phone.page;
      const dana = `dana${Date.now() % 1_000_000}`;
      await p.goto(`${base}/`);
      await p.getByRole('button', { name: 'Sign up', exact: true }).tap();
      const signup = form(p, 'Sign up');
      await signup.getByLabel('User name').fill(dana);
      await signup.getByLabel('Email').fill(`${dana}@example.org`);
      await signup.getByLabel('Password', { exact: true }).fill('dana-pass-1');
      await signup.getByLabel('Repeat password').fill('dana-pass-1');
      await signup.getByRole('button', { name: 'Sign up' }).tap();
      await p.goto(
        linkIn(await mailTo(`${dana}@example.org`, /verifyEmailToken=/), 'verifyEmailToken'),
      );
      await seen(p, 'Email verified successfully! You can now log in.');
      await form(p, 'Sign in').getByLabel('Password').fill('dana-pass-1');
      await form(p, 'Sign in').getByRole('button', { name: 'Sign in' }).tap();
      await p.waitForURL(`**/${dana}/home`);
      // The home board says where boards are made.
      const mine = p.getByRole('region', { name: 'My boards', exact: true });
      await mine.getByText('New board', { exact: true }).waitFor();

      await p.locator('nav.controls-bar summary', { hasText: 'Menu' }).tap();
      const panel = p.locator('.phone-menu .tool-menu-panel');
      await panel.locator('summary.tool-menu-group', { hasText: 'Edit' }).tap();
      await panel.getByRole('menuitem', { name: 'New board', exact: true }).tap();
      const make = form(p, 'New board');
      await make.getByLabel('Title').fill('Week by week');
      await make.getByLabel('Description').fill('One list a week.');
      await expect(make.getByLabel('Link it from my home board').isChecked()).resolves.toBe(true);
      await make.getByRole('button', { name: 'Submit' }).tap();
      await p.waitForURL(`**/${dana}/week-by-week`);
      await seen(p, '“Week by week” is added to your home board.');
      await screenshot(p, 'accounts-first-board-phone');

      // Next time, it is on the home board, and opens from there.
      await p.getByRole('button', { name: 'Home' }).tap();
      await p.waitForURL(`**/${dana}/home`);
      await mine.getByText('One list a week.').waitFor();
      await mine.getByRole('link', { name: 'Week by week' }).tap();
      // Opened beside the home board it was reached from, as a link between boards does.
      await p.waitForURL(new RegExp(`/${dana}/home;week-by-week$`));
      await p.getByText('This board has no lists yet.').waitFor();
    } finally {
      await phone.close();
    }
  });

  it('a new student who opens a group’s join link signs up, verifies by mail, and comes back to the board to join (iPhone 13)', async () => {
    // The teacher's group, given to the course board.
    const author = await apiAs(base, 'author');
    const group = `Friday Seminar ${Date.now() % 1_000_000}`;
    const [course] = await author.post<{ _id: string }[]>('/api/dbload/load_multilists', {
      addresses: ['/author/course'],
    });
    await author.post('/api/forms/create_group', { name: group });
    await author.post('/api/forms/assign_group', { multilistId: course!._id, groupName: group });

    const phone = await openPhone('iPhone 13');
    try {
      const p = phone.page;
      const eli = `eli${Date.now() % 1_000_000}`;
      await p.goto(`${base}/author/course?join=${encodeURIComponent(group)}`);
      await seen(p, `Sign in, or sign up, to join the group ${group}.`);
      await form(p, 'Sign in').getByRole('button', { name: 'Sign up', exact: true }).tap();
      const signup = form(p, 'Sign up');
      await signup.getByLabel('User name').fill(eli);
      await signup.getByLabel('Email').fill(`${eli}@example.org`);
      await signup.getByLabel('Password', { exact: true }).fill('eli-pass-1');
      await signup.getByLabel('Repeat password').fill('eli-pass-1');
      await signup.getByRole('button', { name: 'Sign up' }).tap();
      // The mail is opened in the same browser, a new page at the site's front.
      await p.goto(
        linkIn(await mailTo(`${eli}@example.org`, /verifyEmailToken=/), 'verifyEmailToken'),
      );
      await seen(p, 'Email verified successfully! You can now log in.');
      await form(p, 'Sign in').getByLabel('Password').fill('eli-pass-1');
      await form(p, 'Sign in').getByRole('button', { name: 'Sign in' }).tap();
      // Back on the course, asked to join the group the link named.
      await p.waitForURL(`**/author/course`);
      const join = form(p, 'Join a group of this board');
      await expect.poll(() => join.getByLabel('Group', { exact: true }).inputValue()).toBe(group);
      // A new account's home board has no link to the course yet: it is kept there as they join.
      await expect(join.getByLabel('Add this board to my home board').isChecked()).resolves.toBe(
        true,
      );
      await join.getByRole('button', { name: 'Submit' }).tap();
      await seen(
        p,
        `You joined ${group}. Your notes on this board go to ${group}. “course” is added to your home board.`,
      );
      await screenshot(p, 'accounts-join-link-phone');
      const mine = await apiAs(base, eli, 'eli-pass-1');
      const groups = await mine.post<{ name: string }[]>('/api/forms/my_groups', {});
      expect(groups.map((g) => g.name)).toEqual([group]);
    } finally {
      await phone.close();
    }
  });

  it('shows the user name and e-mail in the header, and on phones the name only', async () => {
    const { page } = b;
    await page.goto(`${base}/`);
    await signIn(page, 'author', 'listboard');
    await page.waitForURL('**/author/home');
    await header(page).getByText('author@listboard.local').waitFor();
    await screenshot(page, 'accounts-header-desktop');
    // The same user on a phone (device emulation: screen, scale, touch, mobile viewport).
    const phone = await openPhone('iPhone 13');
    try {
      await phone.page.goto(`${base}/`);
      await signIn(phone.page, 'author', 'listboard');
      await header(phone.page).getByText('author', { exact: true }).waitFor();
      await expect(header(phone.page).getByText('author@listboard.local').count()).resolves.toBe(0);
      await screenshot(phone.page, 'accounts-header-phone');
    } finally {
      await phone.close();
    }
  });
});
