/**
 * Local search on a board too wide and too long to be drawn whole: a course of 14 weeks, one of
 * them 40 readings long, draws only the lists and items in view. The bar counts every match on
 * the board, and Next match (F3, or a tap) takes the reader to each in turn, bringing its list
 * and item into view and marking it apart from the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { apiAs, appUrl, more, signIn } from './session';

const base = appUrl();
let desk: Browser;
let phone: Browser;
let ptitle = '';

beforeAll(async () => {
  [desk, phone] = await Promise.all([openBrowser(), openPhone('iPhone 13')]);
  const author = await apiAs(base, 'author');
  const made = await author.post<{ multilistId: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    { titleText: `Semester ${Date.now().toString(36)}` },
  );
  ptitle = made.ptitle;
  for (let w = 1; w <= 14; w++) {
    const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: `Week ${w}`,
    });
    for (let i = 0; i < (w === 13 ? 40 : 2); i++) {
      const marked = (w === 2 && i === 1) || (w === 13 && i === 35);
      await author.post('/api/forms/insert_item', {
        listId,
        text: marked
          ? `Reading ${w}.${i}: the **Café** effect, and the cafe again.`
          : w === 14 && i === 1
            ? `Reading ${w}.${i}: plain words.\n\nA croissant in its second paragraph.`
            : `Reading ${w}.${i}: plain words.`,
      });
    }
  }
});
afterAll(async () => Promise.all([desk.close(), phone.close()]));

const bar = (page: Page) => page.getByRole('status', { name: 'Local search' });

/** The match marked as the one the reader is at, and the item it is in. */
const current = (page: Page) =>
  page.evaluate(() =>
    [...(CSS.highlights.get('accent-current') ?? [])].map((r) => {
      const range = r as Range;
      const item = range.startContainer.parentElement?.closest('article');
      return `${range.toString()} in ${item?.getAttribute('aria-label') ?? '?'}`;
    }),
  );

/** Whether the element of `text` is inside the window. */
const inView = (page: Page, text: string) =>
  page.getByText(text).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  });

describe('local search on a board drawn in part', () => {
  it('counts every match and goes to each with F3 and Shift+F3, at a desk', async () => {
    const { page } = desk;
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/${ptitle}`);
    await page.getByText('Reading 1.0: plain words.').waitFor();
    // Week 13 is not drawn: the board is too wide.
    await expect(page.getByText('Reading 13.35', { exact: false }).count()).resolves.toBe(0);
    await more(page, 'Local search');
    await page.getByLabel('Highlight on this board').fill('cafe');
    await page.getByLabel('Highlight on this board').press('Tab');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => bar(page).innerText()).toMatch(/cafe · 1 of 4 matches/);
    await expect
      .poll(() => current(page))
      .toEqual(['Café in Reading 2.1: the Café effect, and the cafe again.']);
    await page.keyboard.press('F3');
    await expect.poll(() => bar(page).innerText()).toMatch(/2 of 4 matches/);
    await expect
      .poll(() => current(page))
      .toEqual(['cafe in Reading 2.1: the Café effect, and the cafe again.']);
    // On to a list not drawn before, and an item far down it.
    await page.keyboard.press('F3');
    await expect.poll(() => bar(page).innerText()).toMatch(/3 of 4 matches/);
    await expect
      .poll(() => current(page))
      .toEqual(['Café in Reading 13.35: the Café effect, and the cafe again.']);
    await expect.poll(() => inView(page, 'Reading 13.35: the Café effect')).toBe(true);
    await screenshot(page, 'local-search-far');
    // Round the board, and back.
    await page.keyboard.press('F3');
    await page.keyboard.press('F3');
    await expect.poll(() => bar(page).innerText()).toMatch(/1 of 4 matches/);
    await page.keyboard.press('Shift+F3');
    await expect.poll(() => bar(page).innerText()).toMatch(/4 of 4 matches/);
    await expect
      .poll(() => current(page))
      .toEqual(['cafe in Reading 13.35: the Café effect, and the cafe again.']);
    await bar(page).getByRole('button', { name: 'Close local search' }).click();
    await expect(bar(page).count()).resolves.toBe(0);
    await expect(page.evaluate(() => CSS.highlights.has('accent-current'))).resolves.toBe(false);
  });

  it('takes a phone to each match with a tap on Next match', async () => {
    const { page } = phone;
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/${ptitle}`);
    // Where the reader left off at the desk, the board kept it: any list may be in view.
    await page
      .getByRole('heading', { name: /^Semester / })
      .first()
      .waitFor();
    await more(page, 'Local search');
    await page.getByLabel('Highlight on this board').fill('Cafe effect');
    await page.getByRole('button', { name: 'Submit' }).tap();
    await expect.poll(() => bar(page).innerText()).toMatch(/1 of 2 matches/);
    await bar(page).getByRole('button', { name: 'Next match' }).tap();
    await expect.poll(() => bar(page).innerText()).toMatch(/2 of 2 matches/);
    await expect
      .poll(() => current(page))
      .toEqual(['Café effect in Reading 13.35: the Café effect, and the cafe again.']);
    await expect.poll(() => inView(page, 'Reading 13.35: the Café effect')).toBe(true);
    await screenshot(page, 'local-search-phone');
    // Its buttons keep to one row, by their arrows, inside the phone's screen.
    const tops = await bar(page)
      .getByRole('button')
      .evaluateAll((els) =>
        els.map((e) => [
          Math.round(e.getBoundingClientRect().top),
          e.getBoundingClientRect().right,
        ]),
      );
    expect(tops.map((t) => t[0])).toEqual([tops[0]![0], tops[0]![0], tops[0]![0]]);
    expect(Math.max(...tops.map((t) => t[1]!))).toBeLessThanOrEqual(390);
  });

  it('opens a collapsed item to show the match it goes to', async () => {
    const { page } = desk;
    await page.goto(`${base}/author/${ptitle}`);
    await page
      .getByRole('heading', { name: /^Semester / })
      .first()
      .waitFor();
    const card = page.locator('article', { hasText: 'Reading 14.1' });
    // Every item collapsed to its first line: the word is in none drawn.
    await page.keyboard.press('Control+g');
    await expect.poll(() => page.getByText('A croissant in its second').count()).toBe(0);
    await more(page, 'Local search');
    await page.getByLabel('Highlight on this board').fill('croissant');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => bar(page).innerText()).toMatch(/1 of 1 match\b/);
    await expect.poll(() => card.getAttribute('class')).not.toMatch(/\bclosed\b/);
    await expect.poll(() => current(page)).toEqual(['croissant in Reading 14.1: plain words.']);
    await expect.poll(() => inView(page, 'A croissant in its second paragraph.')).toBe(true);
    // The others stay collapsed.
    await expect(
      page.locator('article', { hasText: 'Reading 14.0' }).getAttribute('class'),
    ).resolves.toMatch(/\bclosed\b/);
    await page.keyboard.press('Control+g');
  });
});
