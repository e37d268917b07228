/**
 * Mentions: as a reader types `@` and the start of a name in a note, the people the board shows
 * them are offered under their words; a key or a tap writes the name in, and the note shows it
 * set off, and the one mentioned finds it under Listings, Mentions. (The mail a mention sends is
 * checked in apps/server/test/mail.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { appUrl, notedItem, signIn } from './session';
import { list, selectItem } from './board-helpers';
import { seriousViolations } from './axe';

const base = appUrl();
let b: Browser | undefined;
afterEach(async () => b?.close());

const people = (page: Page) => page.getByRole('listbox', { name: 'People to mention' });

/** A board with an item the reader noted; the one signed in opens the note form on it. */
async function noteFormOn(page: Page, label: string, tap: boolean) {
  const { ptitle } = await notedItem(base, {
    title: `Mentions ${label} ${Date.now()}`,
    list: 'Readings',
    item: 'Two front pages, one event.',
    note: 'Which paper ran it first?',
  });
  await signIn(page, base, 'demo');
  await page.goto(`${base}/author/${ptitle}`);
  const item = list(page, 'Readings').getByRole('article').first();
  await selectItem(item, { tap, position: { x: 4, y: 4 } });
  if (tap) {
    // A phone: the item's Actions, then Note.
    await item.locator('summary', { hasText: 'Actions' }).tap();
    await item.getByRole('menuitem', { name: 'Note', exact: true }).tap();
  } else await page.getByRole('button', { name: 'Note', exact: true }).click();
  return page.getByLabel('Your note');
}

describe('mentioning someone in a note', () => {
  it('offers the people the board shows as @ and a name are typed; keys choose, Enter writes, Escape closes the list alone', async () => {
    b = await openBrowser();
    const { page } = b;
    const words = await noteFormOn(page, 'keys', false);
    await words.pressSequentially('Good question @');
    // Everyone the board shows: its owner and the reader who wrote the note.
    await expect
      .poll(() => people(page).getByRole('option').allTextContents())
      .toEqual(['@author', '@readerSam Lee']);
    await page.keyboard.type('sa');
    // Found by a word of their name.
    await expect
      .poll(() => people(page).getByRole('option').allTextContents())
      .toEqual(['@readerSam Lee']);
    await expect(words.getAttribute('aria-activedescendant')).resolves.toBe(
      await people(page).getByRole('option').first().getAttribute('id'),
    );
    await screenshot(page, 'mentions-offered');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(words.inputValue()).resolves.toBe('Good question @reader ');
    await expect(people(page).count()).resolves.toBe(0);

    // Down moves to the next, round; Escape closes the list and leaves the form open.
    await page.keyboard.type('and @');
    await page.keyboard.press('ArrowDown');
    await expect(people(page).getByRole('option', { selected: true }).textContent()).resolves.toBe(
      '@readerSam Lee',
    );
    await page.keyboard.press('Escape');
    await expect(people(page).count()).resolves.toBe(0);
    await expect(words.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('the editors.');
    await page.getByRole('button', { name: 'Submit' }).click();

    const written = list(page, 'Readings')
      .getByRole('listitem')
      .filter({ hasText: 'Good question' });
    await written.waitFor();
    await expect(written.locator('.mention').allTextContents()).resolves.toEqual(['@reader']);
    await expect(written.locator('.note-text').textContent()).resolves.toBe(
      'Good question @reader and the editors.',
    );

    // The one mentioned finds it under Listings, Mentions.
    const other = await openBrowser();
    try {
      const page2 = other.page;
      await signIn(page2, base, 'reader');
      await page2.goto(`${base}/reader/home?code=myBoards&username=reader`);
      await page2.getByRole('link', { name: 'Mentions', exact: true }).click();
      await page2.waitForURL(/code=mentions/);
      // Newest first: a first try's note, left on another board, comes after this one.
      const entry = page2.getByRole('listitem').filter({ hasText: 'Good question' }).first();
      await entry.waitFor();
      await expect(entry.locator('.mention').allTextContents()).resolves.toEqual(['@reader']);
      await screenshot(page2, 'mentions-listing');
    } finally {
      await other.close();
    }
  });

  it('takes a tap on a name on a phone (iPhone 13)', async () => {
    b = await openPhone('iPhone 13');
    const { page } = b;
    const words = await noteFormOn(page, 'tap', true);
    await words.tap();
    await page.keyboard.type('cc @rea');
    const sam = people(page).getByRole('option', { name: /@reader/ });
    await sam.waitFor();
    const box = (await sam.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'phone/mentions-offered');
    await sam.tap();
    await expect(words.inputValue()).resolves.toBe('cc @reader ');
  });
});
