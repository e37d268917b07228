/**
 * Sign-up says which field is wrong: under each wrong field what is wrong with it, beside the
 * spec's message for the form; what only the server knows (a name taken, an address in use)
 * shows under its field too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { appUrl } from './session';

const base = appUrl();
let b: Browser | undefined;
afterEach(async () => b?.close());

/** The problem shown under a field of the form, if it is marked invalid. */
async function problemOf(page: Page, label: string): Promise<string | null> {
  const field = page.getByRole('form', { name: 'Sign up' }).getByLabel(label, { exact: true });
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
  const id = ids.find((i) => i.endsWith('-error'));
  return id ? page.locator(`[id="${id}"]`).innerText() : null;
}

async function openSignup(page: Page) {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  return page.getByRole('form', { name: 'Sign up' });
}

describe('sign-up errors', () => {
  it('name the wrong fields, from the form’s own checks and from the server', async () => {
    b = await openBrowser();
    const { page } = b;
    const form = await openSignup(page);
    await form.getByLabel('User name', { exact: true }).fill('new reader');
    await form.getByLabel('Email', { exact: true }).fill('new.reader@example.org');
    await form.getByLabel('Password', { exact: true }).fill('short');
    await form.getByLabel('Repeat password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Sign up', exact: true }).click();
    await form.getByRole('alert').getByText('Bad username, email address, or password.').waitFor();
    expect(await problemOf(page, 'User name')).toBe(
      'A user name is up to 64 letters, digits, dots, dashes and underscores, and starts with a letter, a digit or an underscore.',
    );
    expect(await problemOf(page, 'Email')).toBeNull();
    expect(await problemOf(page, 'Password')).toBe(
      'Your password should be 6 characters or longer.',
    );
    await screenshot(page, 'signup-field-errors');

    // Fixing a field takes its problem away; the server names a taken name under its field.
    await form.getByLabel('User name', { exact: true }).fill('author');
    expect(await problemOf(page, 'User name')).toBeNull();
    await form.getByLabel('Password', { exact: true }).fill('long enough');
    await form.getByLabel('Repeat password', { exact: true }).fill('long enough');
    await form.getByRole('button', { name: 'Sign up', exact: true }).click();
    await form
      .getByRole('alert')
      .getByText('Oops: unable to create user author: that user name is taken')
      .waitFor();
    expect(await problemOf(page, 'User name')).toBe(
      'That user name is taken. Please choose another.',
    );
    expect(await problemOf(page, 'Password')).toBeNull();

    // An address in use: the spec's message, under the Email field.
    await form.getByLabel('User name', { exact: true }).fill(`fresh${Date.now()}`);
    await form.getByLabel('Email', { exact: true }).fill('author@listboard.local');
    await form.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect.poll(() => problemOf(page, 'Email')).toBe('This email is already in use.');
    await expect(form.getByRole('alert').innerText()).resolves.toBe(
      'This email is already in use.',
    );
  });

  it('fit a phone', async () => {
    b = await openPhone('iPhone 13');
    const { page } = b;
    const form = await openSignup(page);
    await form.getByLabel('User name', { exact: true }).fill('a b');
    await form.getByLabel('Email', { exact: true }).fill('nowhere');
    await form.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect.poll(() => problemOf(page, 'Email')).toBe('Please enter a valid email address.');
    expect(await problemOf(page, 'Password')).toBe('Please fill in password field.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => window.innerWidth),
    );
    await screenshot(page, 'signup-field-errors-phone');
  });
});
