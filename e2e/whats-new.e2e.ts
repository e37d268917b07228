/**
 * What is new since one's last visit: a reader coming back to a course board finds the items and
 * notes others wrote meanwhile marked new, a line under the title says how many, and its link
 * takes them to each in turn. What they wrote themselves, and what they were shown before, is not
 * new; a first visit marks nothing. The home's dashboard lists the boards one visited where others
 * have written since, and opens each at its line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { apiAs, appUrl, signIn } from './session';
import { list } from './board-helpers';
import { seriousViolations } from './axe';

const base = appUrl();
let b: Browser | undefined;
afterEach(async () => b?.close());

const line = (page: Page) => page.locator('.board-new');
/** The home's list of boards with news since one's visits. */
const news = (page: Page) => page.getByRole('region', { name: 'New since your last visit' });
const card = (page: Page, words: string) =>
  list(page, 'Week 1').getByRole('article').filter({ hasText: words });
const note = (page: Page, words: string) => page.locator('li.note').filter({ hasText: words });
/** The mark on an item itself (not on one of its notes). */
const itemMark = (page: Page, words: string) => card(page, words).locator(':scope > .status-new');
const noteMark = (page: Page, words: string) => note(page, words).locator('.status-new');

/** Leaves the board for the user's home: the visit ends. */
async function leaveFor(page: Page, user: string) {
  await page.goto(`${base}/${user}/home`);
  await page.locator(`[data-board="${user}/home"]`).waitFor();
}

/** The author's board with a list of two items; answers its address and its items' ids. */
async function course(title: string) {
  const author = await apiAs(base, 'author');
  const made = await author.post<{ multilistId: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    { titleText: title },
  );
  const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
    multilistId: made.multilistId,
    titleText: 'Week 1',
    itemText: 'Alpha: read the first chapter\n\nBravo: watch the lecture',
  });
  const [board] = await author.post<{ lists: { items: { _id: string }[] }[] }[]>(
    '/api/dbload/load_multilists',
    { addresses: [`/author/${made.ptitle}`] },
  );
  const [alpha, bravo] = board!.lists[0]!.items.map((i) => i._id);
  return { author, address: `/author/${made.ptitle}`, listId, alpha: alpha!, bravo: bravo! };
}
type Course = Awaited<ReturnType<typeof course>>;
type Api = Course['author'];

/** The author adds the quiz to the course's list. */
const addQuiz = (c: Course) =>
  c.author.post('/api/forms/insert_item', {
    listId: c.listId,
    text: 'Charlie: the quiz is open until Friday',
  });

/** A note on one of the course's items, written by `who` through the API. */
const noteOn = (c: Course, who: Api, itemId: string, text: string, extra: object = {}) =>
  who.post('/api/forms/insert_note', { listId: c.listId, itemId, noteSpec: { text }, ...extra });

/** A visit to the course that ends: opened, shown, and left for the user's home. */
async function visitOnce(page: Page, c: Course, user: string) {
  await page.goto(`${base}${c.address}`);
  await card(page, 'Bravo').waitFor();
  await leaveFor(page, user);
}

describe('what is new since one’s last visit', () => {
  it('marks what others wrote since, says how many under the title, and goes to each by its link', async () => {
    const c = await course(`New this week ${Date.now()}`);
    const demo = await apiAs(base, 'demo');
    const reader = await apiAs(base, 'reader');
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'reader');
    // A first visit: everything is new to them, so nothing is marked.
    await page.goto(`${base}${c.address}`);
    await card(page, 'Bravo').waitFor();
    await expect(line(page).count()).resolves.toBe(0);
    await expect(page.locator('.status-new').count()).resolves.toBe(0);
    await leaveFor(page, 'reader');

    // Meanwhile: the author adds an item, demo asks on Alpha, the reader notes Bravo elsewhere.
    await addQuiz(c);
    await noteOn(c, demo, c.alpha, 'Which translation of the chapter?');
    await noteOn(c, reader, c.bravo, 'My own reminder to watch it twice');

    await page.goto(`${base}${c.address}`);
    await expect(line(page).innerText()).resolves.toBe(
      'New since your last visit: 1 item and 1 note. Show the first',
    );
    // Demo's note and the author's item; not the reader's own note, nor what was there before.
    await expect(page.locator('.status-new').count()).resolves.toBe(2);
    await expect(noteMark(page, 'Which translation').count()).resolves.toBe(1);
    await expect(itemMark(page, 'Charlie').count()).resolves.toBe(1);
    await expect(noteMark(page, 'My own reminder').count()).resolves.toBe(0);
    for (const old of ['Alpha', 'Bravo'])
      await expect(itemMark(page, old).count()).resolves.toBe(0);
    await screenshot(page, 'whats-new');
    expect(await seriousViolations(page)).toEqual([]);

    // By keys: the link goes to the first new thing in the board's order, then the next.
    const link = line(page).getByRole('link');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#note-/);
    await expect
      .poll(() =>
        note(page, 'Which translation').evaluate((el) => el.contains(document.activeElement)),
      )
      .toBe(true);
    await expect(link.innerText()).resolves.toBe('Show the next');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#item-/);
    await expect
      .poll(() => card(page, 'Charlie').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await expect(link.innerText()).resolves.toBe('Back to the first');

    // Written while the page is open: shown new at once, and counted.
    await noteOn(c, demo, c.bravo, 'Is the lecture captioned?');
    await noteMark(page, 'Is the lecture captioned?').waitFor();
    await expect(line(page).innerText()).resolves.toMatch(
      /^New since your last visit: 1 item and 2 notes\./,
    );

    // Come back: all of that was shown, so nothing is new now.
    await leaveFor(page, 'reader');
    await page.goto(`${base}${c.address}`);
    await note(page, 'Is the lecture captioned?').waitFor();
    await expect(line(page).count()).resolves.toBe(0);
    await expect(page.locator('.status-new').count()).resolves.toBe(0);
  });

  it('shows an author the first note a reader leaves on their board, their own items never new', async () => {
    const c = await course(`Own board ${Date.now()}`);
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'author');
    // The author's first visit: everything on the board is their own.
    await visitOnce(page, c, 'author');
    const reader = await apiAs(base, 'reader');
    await noteOn(c, reader, c.alpha, 'Is chapter one in the reader pack?');
    await page.goto(`${base}${c.address}`);
    await expect(line(page).innerText()).resolves.toBe(
      'New since your last visit: 1 note. Show it',
    );
    await expect(noteMark(page, 'Is chapter one').count()).resolves.toBe(1);
    await expect(page.locator('.status-new').count()).resolves.toBe(1);
  });

  it('lists on the home the boards others wrote on since one’s visit, and opens each at its news', async () => {
    const title = `Seminar news ${Date.now()}`;
    const c = await course(title);
    const demo = await apiAs(base, 'demo');
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'reader');
    await visitOnce(page, c, 'reader');
    await addQuiz(c);
    await noteOn(c, demo, c.alpha, 'Which translation of the chapter?');
    await noteOn(c, demo, c.alpha, 'A note for myself alone', { isPrivate: true });
    await leaveFor(page, 'reader');
    const entry = news(page).getByRole('link', { name: new RegExp(`^${title}`) });
    // The private note is demo's alone: not counted.
    await expect(entry.textContent()).resolves.toBe(`${title} author · 1 item and 1 note`);
    await screenshot(page, 'board-news');
    expect(await seriousViolations(page)).toEqual([]);
    await entry.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(c.address);
    await expect(line(page).innerText()).resolves.toBe(
      'New since your last visit: 1 item and 1 note. Show the first',
    );
    // Back home: shown, so no longer new; nor once the home is loaded again.
    await page.goBack();
    await page.locator('[data-board="reader/home"]').waitFor();
    await expect(entry.count()).resolves.toBe(0);
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/dbload/board_news'));
    await page.reload();
    await (await asked).finished();
    await page.locator('[data-board="reader/home"]').waitFor();
    await expect(entry.count()).resolves.toBe(0);
  });

  it('shows the line and the marks on a phone, inside the screen (iPhone 13)', async () => {
    const c = await course(`New on the phone ${Date.now()}`);
    b = await openPhone('iPhone 13');
    const { page } = b;
    await signIn(page, base, 'reader');
    await visitOnce(page, c, 'reader');
    await addQuiz(c);
    // The home says where: a row of its own under the dashboard's strip, tapped.
    await leaveFor(page, 'reader');
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    const row = (await news(page).boundingBox())!;
    expect(row.x).toBeGreaterThanOrEqual(0);
    expect(row.x + row.width).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    await news(page)
      .getByRole('link', { name: /^New on the phone/ })
      .tap();
    const shown = line(page);
    await expect(shown.innerText()).resolves.toBe('New since your last visit: 1 item. Show it');
    const box = (await shown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await shown.getByRole('link').tap();
    const mark = itemMark(page, 'Charlie');
    await expect(mark.isVisible()).resolves.toBe(true);
    const chip = (await mark.boundingBox())!;
    expect(chip.x + chip.width).toBeLessThanOrEqual(width);
    await screenshot(page, 'phone/whats-new');
  });

  it('tells a student which new notes answer them and takes them there by a tap (iPhone 13)', async () => {
    const title = `Answers ${Date.now()}`;
    const c = await course(title);
    const demo = await apiAs(base, 'demo');
    const reader = await apiAs(base, 'reader');
    const asked = await reader.post<{ itemId: string }>('/api/forms/insert_note', {
      listId: c.listId,
      itemId: c.alpha,
      noteSpec: { text: 'Does the first chapter include the preface?' },
    });
    b = await openPhone('iPhone 13');
    const { page } = b;
    await signIn(page, base, 'reader');
    await visitOnce(page, c, 'reader');
    // The teacher answers the student's note; a classmate asks something else.
    const answer = await c.author.post<{ itemId: string }>('/api/forms/insert_note', {
      listId: c.listId,
      itemId: c.alpha,
      noteSpec: { text: 'Yes, read the preface too.', parentId: asked.itemId },
    });
    await noteOn(c, demo, c.bravo, 'Is the lecture captioned?');
    await leaveFor(page, 'reader');
    const entry = news(page).getByRole('link', { name: new RegExp(`^${title}`) });
    await expect(entry.textContent()).resolves.toBe(`${title} author · 2 notes, 1 a reply to you`);
    await entry.tap();
    const shown = line(page);
    await expect(shown.innerText()).resolves.toBe(
      'New since your last visit: 2 notes, 1 a reply to you. Show the first · Show the reply to you',
    );
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await shown.getByRole('link', { name: 'Show the reply to you' }).tap();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#note-${answer.itemId}`);
    const mark = noteMark(page, 'Yes, read the preface');
    await expect(mark.innerText()).resolves.toBe('new · to you');
    await expect(mark.isVisible()).resolves.toBe(true);
    // The classmate's note is new, but not to them.
    await expect(noteMark(page, 'Is the lecture captioned?').innerText()).resolves.toBe('new');
    await screenshot(page, 'phone/whats-new-reply');
    // Checked with the note's flash held at its strongest tint: its links keep their contrast.
    const held = await note(page, 'Yes, read the preface').evaluate((el) =>
      el.getAnimations().map((a) => {
        a.pause();
        a.currentTime = 0;
        return a.playState;
      }),
    );
    expect(held).toEqual(['paused']);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
