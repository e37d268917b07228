/**
 * Names on notes: sign-up asks for an optional full name; a note is signed with it, or with the
 * user name when there is none.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { startServer, type RunningServer } from './server';
import { signOut } from './session';

let server: RunningServer;
let base: string;
beforeAll(async () => {
  // New accounts sign in at once, so the test needs no mailbox.
  server = await startServer(
    {
      EMAIL_VERIFICATION: 'off',
      SIGNIN_RATE_LIMIT: '1000',
      ACCOUNT_RATE_LIMIT: '1000',
    },
    { template: inject('dataTemplate') },
  );
  base = server.url;
});
afterAll(async () => (server as RunningServer | undefined)?.stop());

let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

const tipList = (page: Page) => page.getByRole('region', { name: 'Tip', exact: true });

async function signUp(page: Page, username: string, fullname: string) {
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('User name').fill(username);
  // Optional: left empty for one of the two accounts.
  if (fullname) await form.getByLabel('Full name').fill(fullname);
  await form.getByLabel('Email').fill(`${username}@example.org`);
  await form.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await form.getByLabel('Repeat password').fill('secret-pass-1');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await page.locator('.user-name', { hasText: username }).waitFor();
}

async function noteOnTip(page: Page, text: string) {
  await page.goto(`${base}/author/course`);
  await tipList(page).getByRole('article').first().click();
  await page.getByRole('button', { name: 'Note', exact: true }).click();
  await page.getByLabel('Your note').fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  return tipList(page).getByRole('listitem').filter({ hasText: text });
}

describe('names on notes', () => {
  it('signs a note with the full name given at sign-up, or with the user name when none was given', async () => {
    const { page } = b;
    const run = Date.now() % 1_000_000;
    const named = `ines${run}`;
    const unnamed = `otto${run}`;
    // The notes' words new on each try too: a retry finds the first try's notes on the course.
    const first = `Which week covers sources? ${run}`;
    const second = `Is there a reading list? ${run}`;
    await page.goto(`${base}/`);

    await signUp(page, named, 'Ines Varga');
    const signed = await noteOnTip(page, first);
    await signed.locator('.note-meta strong').getByText('Ines Varga', { exact: true }).waitFor();
    await signOut(page);

    await signUp(page, unnamed, '');
    const plain = await noteOnTip(page, second);
    await plain.locator('.note-meta strong').getByText(unnamed, { exact: true }).waitFor();
    await screenshot(page, 'names-on-notes');
    // After a reload both still carry their names, the full one and the user name.
    await page.reload();
    await tipList(page).waitFor();
    const names = await tipList(page)
      .getByRole('listitem')
      .filter({
        hasText: new RegExp(`(Which week covers sources|Is there a reading list)\\? ${run}`),
      })
      .locator('.note-meta strong')
      .allInnerTexts();
    expect(names).toEqual(['Ines Varga', unnamed]);
  });
});
