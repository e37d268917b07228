import { afterEach, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from './browser';

const base = inject('baseUrl');
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

async function signIn(page: Page, username: string) {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill('listboard');
  await page
    .getByRole('form', { name: 'Sign in' })
    .getByRole('button', { name: 'Sign in' })
    .click();
  await page.waitForURL(`**/${username}/home`);
}
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
}
const more = async (page: Page, item: string) => {
  await page.getByText('More', { exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
};
const prompt = (page: Page) => page.getByRole('region', { name: 'Prompt', exact: true });

describe('reader groups through the UI', () => {
  it('an author makes a group for a board; a reader joins and posts a note only the group and the author see', async () => {
    const { page } = b;
    await signIn(page, 'author');
    await page.goto(`${base}/author/course`);
    await more(page, 'New group');
    await page.getByLabel('Group name').fill('Tuesday Seminar');
    await page.getByRole('button', { name: 'Submit' }).click();
    await more(page, 'Assign group');
    await page.getByLabel('Group', { exact: true }).selectOption('Tuesday Seminar');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('form').count()).toBe(0);
    await signOut(page);

    await signIn(page, 'reader');
    await page.goto(`${base}/author/course`);
    // Before joining, a reader has no group to post to.
    await more(page, 'Post notes to a group');
    await page.getByText('You do not belong to any groups.').waitFor();
    await page.getByRole('button', { name: 'Groups', exact: true }).click();
    await page.getByLabel('Group', { exact: true }).selectOption('Tuesday Seminar');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('form').count()).toBe(0);
    await more(page, 'Post notes to a group');
    await page.getByLabel('Group', { exact: true }).selectOption('Tuesday Seminar');
    await page.getByRole('button', { name: 'Submit' }).click();
    await prompt(page).getByRole('article').nth(1).click();
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    await page.getByLabel('Your note').fill('For the seminar: two headlines from Monday.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await prompt(page).getByText('For the seminar: two headlines from Monday.').waitFor();
    await signOut(page);

    await signIn(page, 'demo');
    await page.goto(`${base}/author/course`);
    await prompt(page).waitFor();
    await expect(prompt(page).getByText('For the seminar').count()).resolves.toBe(0);
    await signOut(page);

    await signIn(page, 'author');
    await page.goto(`${base}/author/course`);
    await prompt(page).getByText('For the seminar: two headlines from Monday.').waitFor();
  });
});
