/**
 * A board of 50 lists keeps only a screenful of them in the page: scrolling sideways, the
 * keyboard and a link to a far list each bring that list in, and a phone swipes through them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { list, selectList } from './board-helpers';
import { itemLinkMsg } from '@listboard/core';
import { apiAs, appUrl, signIn } from './session';

const base = appUrl();
let b: Browser | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

const LISTS = 50;
const ITEMS = 40;

/** A 50 × 40 board of the author's, made through the API; its first item links to Week 30. */
async function wideBoard(): Promise<string> {
  const api = await apiAs(base, 'author');
  const board = await api.post<{ multilistId: string; owner: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    { titleText: `Wide Board ${Date.now()}` },
  );
  for (let l = 1; l <= LISTS; l++) {
    const items = Array.from({ length: ITEMS }, (_, i) =>
      l === 1 && i === 0 ? 'Jump to [Week 30](#Week 30).' : `Week ${l}, note ${i + 1}.`,
    );
    await api.post('/api/forms/insert_list', {
      multilistId: board.multilistId,
      titleText: `Week ${l}`,
      itemText: items.join('\n\n'),
    });
  }
  return `/${board.owner}/${board.ptitle}`;
}

const listsDrawn = (page: Page) => page.locator('section.list[data-list-id]').count();

/** True when the element is on screen from its left edge to its right. */
async function onScreen(page: Page, el: Locator): Promise<boolean> {
  if ((await el.count()) === 0) return false;
  const box = await el.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= -1 && box.x + box.width <= width + 1;
}

const scrollBoards = (page: Page, to: 'start' | 'end' | number) =>
  page.locator('main.boards').evaluate((el, where) => {
    el.scrollLeft = where === 'start' ? 0 : where === 'end' ? el.scrollWidth : where;
  }, to);

describe('a board of fifty lists', () => {
  it('draws a screenful of lists and brings far ones in by scrolling, keys and links', async () => {
    const path = await wideBoard();
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'author');
    await page.goto(`${base}${path}`);
    await list(page, 'Week 1').getByRole('article').first().waitFor();
    // At 1280 px about four lists show; two more either side are drawn, no more.
    expect(await listsDrawn(page)).toBeLessThanOrEqual(10);
    expect(await list(page, 'Week 50').count()).toBe(0);
    await screenshot(page, 'wide-board-desktop');

    // Scrolling the board sideways to its end draws the last lists and lets the first go.
    await scrollBoards(page, 'end');
    await list(page, 'Week 50').getByRole('article').first().waitFor();
    await expect.poll(() => onScreen(page, list(page, 'Week 50'))).toBe(true);
    await expect.poll(() => list(page, 'Week 1').count()).toBe(0);
    expect(await listsDrawn(page)).toBeLessThanOrEqual(10);

    // The keyboard moves the selection to a list that was not drawn: it is drawn and shown.
    await scrollBoards(page, 'start');
    await list(page, 'Week 1').getByRole('button', { name: 'Week 1', exact: true }).click();
    await page.keyboard.press('Control+Shift+E');
    await expect.poll(() => onScreen(page, list(page, 'Week 50'))).toBe(true);
    await expect(list(page, 'Week 50').getAttribute('class')).resolves.toContain('selected');
    await page.keyboard.press('Control+Shift+A');
    await expect.poll(() => onScreen(page, list(page, 'Week 1'))).toBe(true);
    for (let i = 0; i < 6; i++) await page.keyboard.press('Control+F');
    await expect.poll(() => onScreen(page, list(page, 'Week 7'))).toBe(true);
    // Down into the items of that list, and on to the next item: the selected item is shown.
    await page.keyboard.press('Control+N');
    await page.keyboard.press('Control+N');
    const second = list(page, 'Week 7').getByRole('article', { name: 'Week 7, note 2.' });
    await expect(second.getAttribute('aria-current')).resolves.toBe('true');
    // The selected list stays drawn while the board scrolls away from it.
    await scrollBoards(page, 'end');
    await list(page, 'Week 50').waitFor();
    expect(await list(page, 'Week 7').count()).toBe(1);

    // A link to a section in a far list brings that list in.
    await scrollBoards(page, 'start');
    await list(page, 'Week 1').getByRole('link', { name: 'Week 30' }).click();
    await expect.poll(() => onScreen(page, list(page, 'Week 30')), { timeout: 10_000 }).toBe(true);
    // An address ending in #section opens at that list.
    await page.goto(`${base}${path}#Week 42`);
    await expect.poll(() => onScreen(page, list(page, 'Week 42')), { timeout: 10_000 }).toBe(true);
    expect(await listsDrawn(page)).toBeLessThanOrEqual(12);
  });

  it('an item’s Copy link opens, for someone else, at that item, far along the row and down its list', async () => {
    const path = await wideBoard();
    b = await openBrowser();
    await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const { page } = b;
    await signIn(page, base, 'author');
    await page.goto(`${base}${path}#Week 37`);
    // The list's last item, by the keys.
    await selectList(page, 'Week 37');
    await page.keyboard.press('Control+Alt+E');
    const item = list(page, 'Week 37').getByRole('article', { name: 'Week 37, note 40.' });
    await expect.poll(() => item.getAttribute('aria-current')).toBe('true');
    await item.locator('summary', { hasText: 'Actions' }).click();
    await item.getByRole('menuitem', { name: 'Copy link' }).click();
    const info = page.getByRole('status', { name: 'Info bar' });
    await info.getByText(itemLinkMsg.copied(`${base}${path}#item-`)).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${base}${path}#item-[0-9a-f-]{36}$`));
    expect(await info.innerText()).toContain(link);
    await screenshot(page, 'item-link-copied');

    // A reader who opens it finds the item selected and on screen, in a list never drawn before.
    const reader = await openBrowser();
    try {
      const p = reader.page;
      await signIn(p, base, 'reader');
      await p.goto(link);
      const there = list(p, 'Week 37').getByRole('article', { name: 'Week 37, note 40.' });
      await expect.poll(() => there.getAttribute('aria-current'), { timeout: 10_000 }).toBe('true');
      await expect.poll(() => onScreen(p, list(p, 'Week 37')), { timeout: 10_000 }).toBe(true);
      // Down its list too: the item is inside the list's scrolled pane.
      await expect
        .poll(() =>
          there.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const pane = el.closest('section.list')?.getBoundingClientRect();
            return pane !== undefined && box.top >= pane.top - 1 && box.bottom <= pane.bottom + 1;
          }),
        )
        .toBe(true);
      await screenshot(p, 'item-link-opened');
    } finally {
      await reader.close();
    }
  });

  it('on a phone, shows one list to a screen and swipes on to lists not drawn yet', async () => {
    const path = await wideBoard();
    b = await openPhone('iPhone 13');
    const { page } = b;
    await signIn(page, base, 'author');
    await page.goto(`${base}${path}`);
    await list(page, 'Week 1').getByRole('article').first().waitFor();
    // One list to a screen, the next begun, and two more either side at most.
    expect(await listsDrawn(page)).toBeLessThanOrEqual(7);
    const first = await list(page, 'Week 1').boundingBox();
    expect(first?.width).toBe(390 - 60);
    await screenshot(page, 'wide-board-phone');

    // Far along the row: the lists there are drawn, snapped one to a screen.
    const width = await page.locator('main.boards').evaluate((el) => el.scrollWidth);
    await scrollBoards(page, Math.round(width * 0.6));
    await expect
      .poll(async () => {
        for (let l = 25; l <= 35; l++) if (await onScreen(page, list(page, `Week ${l}`))) return l;
        return 0;
      })
      .toBeGreaterThan(0);
    expect(await listsDrawn(page)).toBeLessThanOrEqual(7);
    await screenshot(page, 'wide-board-phone-far');
    // No page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
