import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from './browser';
import { appUrl, more, signIn, signOut } from './session';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

const prompt = (page: Page) => page.getByRole('region', { name: 'Prompt', exact: true });

describe('reader groups through the UI', () => {
  it('an author makes a group for a board; a reader joins and posts a note only the group and the author see', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await page.goto(`${base}/author/course`);
    await more(page, 'New group');
    await page.getByLabel('Group name').fill('Tuesday Seminar');
    await page.getByRole('button', { name: 'Submit' }).click();
    await more(page, 'Assign group');
    await page.getByLabel('Group', { exact: true }).selectOption('Tuesday Seminar');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('form').count()).toBe(0);
    await signOut(page);

    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/course`);
    // Before joining, a reader has no group to post to.
    await more(page, 'Post notes to a group');
    await page.getByText('You do not belong to any groups.').waitFor();
    await more(page, 'Groups');
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

    await signIn(page, base, 'demo');
    await page.goto(`${base}/author/course`);
    await prompt(page).waitFor();
    await expect(prompt(page).getByText('For the seminar').count()).resolves.toBe(0);
    await signOut(page);

    await signIn(page, base, 'author');
    await page.goto(`${base}/author/course`);
    await prompt(page).getByText('For the seminar: two headlines from Monday.').waitFor();
  });
});
