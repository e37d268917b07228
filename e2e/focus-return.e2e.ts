/**
 * A form closed gives focus back, as a dialog does: to what opened it (an item a key was pressed
 * on, a menu's button), else on to the item after it when the form took its own item or note
 * away. All by keys, as a keyboard user works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { apiAs, appUrl, signIn } from './session';
import { list } from './board-helpers';

const base = appUrl();
let b: Browser;
let page: Page;
const ITEMS = [
  'First stop on the walk.',
  'Second stop on the walk.',
  'Third stop on the walk.',
  'Fourth stop on the walk.',
];

/**
 * The author's board of the four stops, each with a reader's note, made by each try of a test:
 * a test takes an item or notes of it away, which a retry would otherwise not find again.
 */
async function walk(): Promise<{ ptitle: string; stamp: number }> {
  const stamp = Date.now();
  const author = await apiAs(base, 'author');
  const reader = await apiAs(base, 'reader');
  const made = await author.post<{ multilistId: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    { titleText: `Focus walk ${stamp}` },
  );
  const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
    multilistId: made.multilistId,
    titleText: 'Stops',
  });
  for (const [i, text] of ITEMS.entries()) {
    const { itemId } = await author.post<{ itemId: string }>('/api/forms/insert_item', {
      listId,
      text,
      index: i,
    });
    await reader.post('/api/forms/insert_note', {
      listId,
      itemId,
      noteSpec: { text: `Why stop ${i + 1}? ${stamp}` },
    });
  }
  return { ptitle: made.ptitle, stamp };
}

beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
  await signIn(page, base, 'author');
}, 60_000);
afterAll(async () => b.close());

/** What has focus: an item by its first words, else a control by its name. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the page';
    return el.getAttribute('aria-label') ?? (el.textContent.trim() || el.tagName);
  });

describe('a form closed gives focus back', () => {
  it('to the item a key opened it on, to the menu an entry opened it from, and to the next item when it deleted its own', async () => {
    const { ptitle } = await walk();
    await page.goto(`${base}/author/${ptitle}`);
    const stops = list(page, 'Stops');
    const second = stops.getByRole('article', { name: ITEMS[1] });
    await second.waitFor();
    // The item chosen with the keyboard: Tab moves from item to item, Enter selects.
    await second.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => second.getAttribute('aria-current')).toBe('true');

    // i opens Edit item on its text; Escape closes it, and the item has focus again.
    await page.keyboard.press('i');
    const text = page.getByRole('form', { name: 'Edit item' }).getByLabel('Text');
    await expect.poll(() => text.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe(ITEMS[1]);
    // So the next Tab goes on inside that item, not back at the page's start.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('article')?.ariaLabel))
      .toBe(ITEMS[1]);

    // From the toolbar's Annotate menu, by keys: Note, then Escape: the menu's button again.
    const annotate = page.locator('summary', { hasText: 'Annotate' }).first();
    await annotate.focus();
    await page.keyboard.press('Enter');
    const entry = page.getByRole('menuitem', { name: 'Note', exact: true }).first();
    await entry.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: 'Note' }).getByLabel('Your note').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('Annotate');
    // An entry that opens no form (View's Collapse all items, by Space): the menu's button too,
    // not the page's start. Again, to open the items back.
    const view = page.locator('summary', { hasText: 'View' }).first();
    for (let i = 0; i < 2; i++) {
      await view.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitemcheckbox', { name: 'Collapse all items' }).first().focus();
      await page.keyboard.press('Space');
      await expect.poll(focused).toBe('View');
    }

    // ctrl+alt+i asks to delete the selected item; Enter on Delete: the item after it has focus.
    await second.focus();
    await page.keyboard.press('Control+Alt+i');
    const confirm = page.getByRole('form', { name: 'Delete this item and its notes?' });
    await confirm.getByRole('button', { name: 'Delete' }).waitFor();
    // The question names the item, which may be far from the bar (on a phone, off the screen).
    await expect(confirm.getByLabel('The item').innerText()).resolves.toBe(ITEMS[1]);
    await page.keyboard.press('Enter');
    await second.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe(ITEMS[2]);
    await screenshot(page, 'focus/after-delete');
  });

  it('to the next list’s title when it deleted its list, and to a board’s first list once it has come', async () => {
    const stamp = Date.now();
    const author = await apiAs(base, 'author');
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: `Focus weeks ${stamp}` },
    );
    for (const titleText of ['Week 1', 'Week 2', 'Week 3'])
      await author.post('/api/forms/insert_list', { multilistId: made.multilistId, titleText });
    const empty = await author.post<{ ptitle: string }>('/api/forms/insert_multilist', {
      titleText: `Focus empty ${stamp}`,
    });

    await page.goto(`${base}/author/${made.ptitle}`);
    const title = list(page, 'Week 2').getByRole('button', { name: 'Week 2', exact: true });
    await title.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => title.getAttribute('aria-pressed')).toBe('true');
    // ctrl+alt+l asks to delete the selected list; Enter on Delete: the next list's title.
    await page.keyboard.press('Control+Alt+l');
    await page.getByRole('form', { name: 'Delete this list and all its items?' }).waitFor();
    await page.keyboard.press('Enter');
    await list(page, 'Week 2').waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('Week 3');

    // The empty board's own button goes as the first list comes: the new list's title has focus.
    await page.goto(`${base}/author/${empty.ptitle}`);
    await page.getByRole('button', { name: 'Insert the first list' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Title', { exact: true }).waitFor();
    await page.keyboard.type('Readings');
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.focus();
    await page.keyboard.press('Enter');
    await list(page, 'Readings').waitFor();
    await expect.poll(focused).toBe('Readings');
  });

  it('on Discussion, to the next note once a reply, or Mark answered, has taken its own off the page', async () => {
    const { stamp } = await walk();
    await page.goto(`${base}/author/home?code=pending&username=author`);
    const entry = page.getByRole('article').filter({ hasText: `Why stop 1? ${stamp}` });
    const reply = entry.getByRole('button', { name: 'Reply', exact: true });
    await reply.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: 'Reply' }).getByLabel('Your reply').waitFor();
    await page.keyboard.type('Because it is the first.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await entry.waitFor({ state: 'detached' });
    // Focus is on another pending note's entry, in view, not lost to the page.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const el = document.activeElement;
          if (!el?.matches('article[data-item-id]')) return 'not an entry';
          const r = el.getBoundingClientRect();
          return r.bottom > 0 && r.top < innerHeight ? 'an entry in view' : 'an entry out of view';
        }),
      )
      .toBe('an entry in view');
    expect(await focused()).not.toContain(`Why stop 1? ${stamp}`);
    await screenshot(page, 'focus/after-reply');

    // Mark answered, by keys, on another note: its entry leaves, and focus goes on to the next.
    const third = page.getByRole('article').filter({ hasText: `Why stop 3? ${stamp}` });
    await third.getByRole('button', { name: 'Mark answered', exact: true }).focus();
    await page.keyboard.press('Enter');
    await third.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.activeElement?.matches('article[data-item-id]') ? 'an entry' : 'not an entry',
        ),
      )
      .toBe('an entry');
    expect(await focused()).not.toContain(`Why stop 3? ${stamp}`);
  });
});
