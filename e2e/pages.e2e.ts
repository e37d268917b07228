import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from './browser';
import { apiAs, appUrl, more, signIn, signOut } from './session';
import { homeMsg } from '@listboard/core';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

/** The dashboard's links by their names (without Discussion's count of notes waiting). */
const dashboardLinks = (b: Browser) =>
  b.page
    .getByRole('navigation', { name: 'Dashboard' })
    .locator('.dashboard-title')
    .evaluateAll((titles) => titles.map((t) => t.firstChild?.textContent ?? ''));

describe('named pages', () => {
  it('a dashboard shows the viewer’s role links, and none on a board owned by the admin', async () => {
    const { page } = b;
    await page.goto(`${base}/`);
    await page.getByRole('region', { name: 'Welcome' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).count()).resolves.toBe(0);

    await signIn(page, base, 'author');
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    expect(await dashboardLinks(b)).toEqual(['Profile', 'Listings', 'Discussion', 'Help', 'Home']);
    await screenshot(page, 'dashboard-author');

    // Profile: the user's own fields, with a button to edit them.
    await page.getByRole('link', { name: /Profile/ }).click();
    await page.waitForURL('**/author/home?code=profile');
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor();
    await page.getByText('Lecturer, Media Studies').waitFor();
    await page.getByText('author@listboard.local', { exact: true }).last().waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Edit profile' }).click();
    await page.getByRole('form', { name: 'Edit profile' }).waitFor();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('form', { name: 'Edit profile' }).count()).resolves.toBe(0);

    // Listings from the dashboard is the Listings page.
    await page.getByRole('button', { name: 'Home' }).click();
    await page.getByRole('link', { name: /Listings/ }).click();
    await page.getByRole('navigation', { name: 'Listings' }).waitFor();
  });

  it('a reader adds a course to their home board once, and opens it from there', async () => {
    const { page } = b;
    // A course of its own: the reader may have kept the sample course already (joining one of
    // its groups offers to).
    const n = Date.now().toString(36);
    const title = `Reading lab ${n}`;
    const author = await apiAs(base, 'author');
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      {
        titleText: title,
        descText: 'Four weeks on sources, framing and evidence.',
        listed: true,
      },
    );
    await author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Prompt',
      itemText: 'Write 300 words.',
    });
    await signIn(page, base, 'reader');
    const home = page.getByRole('region', { name: 'My boards' });
    const link = home.getByRole('link', { name: title, exact: true });
    await expect(link.count()).resolves.toBe(0);

    await page.goto(`${base}/author/${made.ptitle}`);
    await page.getByRole('region', { name: 'Prompt', exact: true }).waitFor();
    await more(page, 'Add to my home board');
    await page.getByRole('status', { name: 'Info bar' }).getByText(homeMsg.added(title)).waitFor();
    await screenshot(page, 'add-to-home');
    // Asked again, it is not added twice.
    await more(page, 'Add to my home board');
    await page.getByText(homeMsg.already(title)).waitFor();

    await page.getByRole('button', { name: 'Home' }).click();
    await page.waitForURL('**/reader/home');
    await link.waitFor();
    await expect(link.count()).resolves.toBe(1);
    // Its item names the owner and says what the board is (the reader's home may link the
    // sample course, whose description says much the same, from an earlier test).
    const item = home.getByRole('article', { name: `${title} by author` });
    await item.getByText('Four weeks on sources, framing and evidence.', { exact: true }).waitFor();
    // The course opens beside the home board, as every link from a board does.
    await link.click();
    await page.waitForURL(`**/reader/home;author/${made.ptitle}`);
    await page.getByRole('region', { name: 'Prompt', exact: true }).waitFor();
    // On one's own home board there is nothing to add.
    await page.goBack();
    await page.waitForURL('**/reader/home');
    await home.waitFor();
    await page.locator('nav.controls-bar summary', { hasText: 'Navigate' }).click();
    await expect(
      page.getByRole('menuitem', { name: 'Add to my home board' }).count(),
    ).resolves.toBe(0);
  });

  it('an unlisted board kept on one’s home board is linked privately: its readers never see the address', async () => {
    const { page } = b;
    const author = await apiAs(base, 'author');
    const title = `Staff room ${Date.now().toString(36)}`;
    const made = await author.post<{ ptitle: string }>('/api/forms/insert_multilist', {
      titleText: title,
      descText: 'Marking for the moderation meeting.',
      listed: false,
    });
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/${made.ptitle}`);
    await page.getByText('This board has no lists yet.').waitFor();
    await more(page, 'Add to my home board');
    await page.getByRole('status', { name: 'Info bar' }).getByText(homeMsg.added(title)).waitFor();
    await page.getByRole('button', { name: 'Home' }).click();
    const home = page.getByRole('region', { name: 'My boards' });
    await home.getByRole('link', { name: title, exact: true }).waitFor();

    // Anyone else reading the reader's home board (it is listed) finds no trace of it.
    await signOut(page);
    await page.goto(`${base}/reader/home`);
    await home.getByRole('article').first().waitFor();
    await expect(page.locator('main').innerText()).resolves.not.toContain('Staff room');
    await expect(page.locator(`a[href*="${made.ptitle}"]`).count()).resolves.toBe(0);
  });

  it('demo users get about, contents, help and home', async () => {
    const { page } = b;
    await signIn(page, base, 'demo');
    // The demo account's home board is made when the fixtures are seeded.
    await page.getByRole('region', { name: 'My boards' }).waitFor();
    expect(await dashboardLinks(b)).toEqual(['About', 'Contents', 'Help', 'Home']);
    await page.getByRole('link', { name: /About/ }).click();
    await page.getByRole('heading', { name: 'About', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'User guide' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: /Contents/ }).click();
    await page
      .getByRole('region', { name: 'Site boards' })
      .getByRole('link', { name: 'help' })
      .waitFor();

    // The profile page shows what the edit profile form saves.
    await more(page, 'Profile');
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Edit profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    const title = `Tester ${Date.now() % 1000}`;
    await form.getByLabel('Title').fill(title);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('main').getByText(title, { exact: true }).waitFor();
  });

  it('the help button opens the user guide beside the board; pressing it again, or going back, returns', async () => {
    const { page } = b;
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/course`);
    await page.getByRole('region', { name: 'Tip', exact: true }).waitFor();
    const help = page.locator('.controls-bar').getByRole('button', { name: 'Help' });

    await help.click();
    await page.waitForURL('**/author/course;admin/help');
    await page.getByRole('region', { name: 'Annotating' }).waitFor();
    await page.getByRole('region', { name: 'Tip', exact: true }).waitFor();
    await help.click();
    await page.waitForURL((u) => u.pathname === '/author/course');
    // The guide's lists leave with the render after the address changes.
    await expect.poll(() => page.getByRole('region', { name: 'Annotating' }).count()).toBe(0);

    await help.click();
    await page.getByRole('region', { name: 'Annotating' }).waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/author/course');
  });

  it('the users board shows who is signed in now', async () => {
    const other = await openBrowser();
    try {
      await signIn(other.page, base, 'author');
      const { page } = b;
      await signIn(page, base, 'reader');
      await more(page, 'Users');
      const here = page.getByRole('list', { name: 'Signed in now' });
      await here.getByText('Maya Ortiz').waitFor();
      await here.getByText('Sam Lee').waitFor();
      await screenshot(page, 'users-board');
      await other.close();
      await expect
        .poll(
          async () => {
            await page.reload();
            await here.getByText('Sam Lee').waitFor();
            return here.getByText('Maya Ortiz').count();
          },
          { timeout: 20_000 },
        )
        .toBe(0);
    } finally {
      await other.close().catch(() => {});
    }
  });
});
