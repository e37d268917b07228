import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { appUrl, more, signIn } from './session';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

/** Every list of the board on screen: its title and its items' text, in order. */
const boardText = (page: Page) =>
  page.locator('.board .list').evaluateAll((lists) =>
    lists.map((l) => ({
      title: l.getAttribute('aria-label'),
      items: [...l.querySelectorAll('article')].map((a) => a.innerText.trim()),
    })),
  );

describe('admin tools', () => {
  it('the admin sees activity for writes made in the test, changes a user’s role, dumps a board and loads it back identical', async () => {
    const { page } = b;
    const n = Date.now() % 1_000_000;
    await signIn(page, base, 'admin');

    // Writes through the UI: a new board with a list.
    await page.getByRole('button', { name: 'New board' }).click();
    await page.getByLabel('Title', { exact: true }).fill(`Audit trail ${n}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**/admin/audit-trail-${n}`);
    await page.getByRole('button', { name: 'Insert list', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill('Checked');
    await page.getByRole('textbox', { name: /^Items/ }).fill('one\n\ntwo');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('region', { name: 'Checked' }).waitFor();

    // The activity page lists them, newest first, with who, what and which board.
    await page.getByRole('button', { name: 'Activity' }).click();
    const rows = page.getByRole('table', { name: 'Activity' }).getByRole('row');
    const mine = rows.filter({ hasText: `admin/audit-trail-${n}` });
    await mine.filter({ hasText: 'insert list' }).first().waitFor();
    await expect(mine.filter({ hasText: 'insert multilist' }).count()).resolves.toBe(1);
    expect(await mine.first().innerText()).toMatch(/admin\s+insert list/);
    await screenshot(page, 'admin-activity');

    // Searching by another user leaves them out; by the admin and today keeps them.
    const search = page.getByRole('form', { name: 'Search activity' });
    await search.getByLabel('User').fill('reader');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => mine.count()).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    await search.getByLabel('User').fill('admin');
    await search.getByLabel('From').fill(today);
    await search.getByLabel('To').fill(today);
    await search.getByRole('button', { name: 'Search' }).click();
    await mine.filter({ hasText: 'insert list' }).first().waitFor();

    // A user's roles, changed on the users page.
    const username = `e2e-role-${n}`;
    const made = await page.request.post(`${base}/api/auth/create_user`, {
      data: {
        username,
        password: 'secret-1',
        email: `${username}@example.org`,
        profile: { role: 'reader' },
      },
    });
    expect(made.status()).toBe(200);
    await page.getByRole('button', { name: 'All users' }).click();
    const row = page.getByRole('row', { name: username });
    await expect(row.getByRole('cell').nth(1).innerText()).resolves.toBe('reader');
    await row.getByRole('button', { name: `Edit ${username}` }).click();
    await expect.poll(() => page.getByLabel('Roles').inputValue()).toBe('reader');
    await page.getByLabel('Roles').fill('reader, contributor');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => row.getByRole('cell').nth(1).innerText()).toBe('reader, contributor');
    await screenshot(page, 'admin-users');

    // A board dumped, then loaded back from the downloaded file: the same lists and items. The
    // board is the admin's own copy of the sample course (its videos, pictures and formats), which
    // no other test writes to while this one reads it.
    const [course] = (await (
      await page.request.post(`${base}/api/dbload/load_multilists`, {
        data: { addresses: ['/author/course'] },
      })
    ).json()) as { _id: string }[];
    const copied = await page.request.post(`${base}/api/forms/duplicate_multilist`, {
      data: { multilistId: course!._id },
    });
    expect(copied.status()).toBe(200);
    const copy = `/admin/${((await copied.json()) as { ptitle: string }).ptitle}`;
    await page.goto(`${base}${copy}`);
    await page.getByRole('region', { name: 'Tip', exact: true }).waitFor();
    // Read once it has settled: lists mount their items as they measure them, and a lazily
    // loaded player or renderer hides its item until it arrives.
    let original: Awaited<ReturnType<typeof boardText>> = [];
    let last = '';
    await expect
      .poll(
        async () => {
          original = await boardText(page);
          const now = JSON.stringify(original);
          return last === (last = now);
        },
        { interval: 300, timeout: 10_000 },
      )
      .toBe(true);
    await more(page, 'Dump');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download dump' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${copy.slice(1).replace('/', '-')}.json`);
    const dump = fs.readFileSync(await download.path());
    expect(JSON.parse(dump.toString('utf8'))).toMatchObject({ format: 'listboard-dump' });
    await more(page, 'Dump');
    await page.getByLabel('Load a dump file').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: dump,
    });
    await page.getByRole('button', { name: 'Load dump file' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/') && url.pathname !== copy);
    await page.getByRole('region', { name: 'Tip', exact: true }).waitFor();
    // Polled: while a lazily loaded player or renderer arrives, the items are briefly hidden,
    // and hidden text reads without its line breaks.
    await expect.poll(() => boardText(page), { timeout: 10_000 }).toEqual(original);
    expect(original.map((l) => l.title)).toEqual(['Week', 'Tip', 'Prompt']);

    // The learning platforms Listboard is registered with, from the same menu.
    await more(page, 'Learning platforms (LTI)');
    await page.waitForURL('**/lti/admin');
    await page.getByRole('heading', { name: 'LTI platforms', level: 1 }).waitFor();
    expect(await page.title()).toBe('LTI platforms · Listboard');
    await page.getByText('No course site is registered yet.').waitFor();
    // And a way back to the boards from it.
    await page.getByRole('link', { name: '← Home' }).click();
    await page.getByRole('region', { name: 'Welcome', exact: true }).waitFor();
  });

  it('a reader gets no admin controls, and the admin calls answer 403', async () => {
    const { page } = b;
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/course`);
    await page.getByRole('region', { name: 'Tip', exact: true }).waitFor();
    for (const name of ['Activity', 'All users']) {
      await expect(page.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
    }
    await page.getByText('Account', { exact: true }).click();
    await page.getByRole('menuitem', { name: 'Export' }).waitFor();
    for (const name of ['Dump', 'Deregister a user', 'Learning platforms (LTI)']) {
      await expect(page.getByRole('menuitem', { name, exact: true }).count()).resolves.toBe(0);
    }

    await page.goto(`${base}/reader/home?code=activity`);
    await page.getByText('This page is for the site admin.').waitFor();

    const board = await page.request.post(`${base}/api/dbload/load_multilists`, {
      data: { addresses: ['/author/course'] },
    });
    const [course] = (await board.json()) as { _id: string }[];
    const calls: [string, object][] = [
      ['/api/admin/activity', {}],
      ['/api/admin/users', {}],
      ['/api/admin/deregister_user', { username: 'demo' }],
      ['/api/display/user.custom.update.admin', { username: 'reader', roles: ['lbadmin'] }],
      ['/api/forms/dump_multilists', { multilistId: course!._id }],
      ['/api/forms/dump_clips_list', { multilistId: course!._id }],
    ];
    for (const [path, data] of calls) {
      const res = await page.request.post(`${base}${path}`, { data });
      expect(res.status(), path).toBe(403);
    }
  });
});
