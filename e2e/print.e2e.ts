/**
 * Printing a board: the board in use goes on paper whole (every list, every item, though the
 * screen draws only those in view), without the tools, the home board beside it or a dark theme.
 * The paper is Chromium's own print of the page (page.pdf, the path the browser's Print takes),
 * read back with pdf.js.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { list } from './board-helpers';
import { apiAs, appUrl, more, signIn } from './session';

const base = appUrl();
let b: Browser | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

/** 12 lists of 35 items: wider and longer than the screen draws whole. */
const LISTS = 12;
const ITEMS = 35;

async function longBoard(): Promise<{ path: string; title: string }> {
  const api = await apiAs(base, 'author');
  // No 'f' in the stamp: the PDF's text gives a ligature the font draws (fl, fi, ff) as two
  // words ("mxcn fl v7"), and the title would not be found as typed.
  const title = `Term reader ${Date.now().toString(36).replace(/f/g, 'k')}`;
  const board = await api.post<{ multilistId: string; owner: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    { titleText: title, listed: true },
  );
  for (let l = 1; l <= LISTS; l++) {
    const items = Array.from({ length: ITEMS }, (_, i) => `Unit ${l} reading ${i + 1}.`);
    await api.post('/api/forms/insert_list', {
      multilistId: board.multilistId,
      titleText: `Unit ${l}`,
      itemText: items.join('\n\n'),
    });
  }
  return { path: `/${board.owner}/home;${board.ptitle}`, title };
}

/** The words of a PDF, page after page, its runs joined by single spaces. */
async function pdfWords(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

const itemsDrawn = (page: Page) => page.locator('main article[data-item-id]').count();

describe('printing a board', () => {
  it('puts every list and item of the board in use on paper, without the tools or the home board beside it', async () => {
    const board = await longBoard();
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'author');
    await page.goto(`${base}${board.path}`);
    await list(page, 'Unit 1').getByRole('article').first().waitFor();
    // On screen, a few lists and the items in view of each.
    const onScreen = await itemsDrawn(page);
    expect(onScreen).toBeLessThan(LISTS * ITEMS);
    await expect(list(page, `Unit ${LISTS}`).count()).resolves.toBe(0);

    // The Print board command prints (the browser's print, which the page answers by drawing
    // the whole board for it); what was printed is counted as the print happens.
    await page.evaluate(() => {
      const w = window as unknown as { printed?: number[] };
      w.printed = [];
      // The boards to go on paper, and their items.
      addEventListener('afterprint', () =>
        w.printed!.push(
          document.querySelectorAll('main section.board:not(.print-skip)').length,
          document.querySelectorAll('main section.board:not(.print-skip) article[data-item-id]')
            .length,
        ),
      );
    });
    await more(page, 'Print board');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number[] }).printed))
      .toEqual([1, LISTS * ITEMS]);

    // The paper: the board's title, every list's title and every item, in order.
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    fs.writeFileSync(path.resolve(import.meta.dirname, '../test-results/print-board.pdf'), pdf);
    const words = await pdfWords(pdf);
    expect(words).toContain(board.title);
    let at = 0;
    for (let l = 1; l <= LISTS; l++) {
      for (const piece of [`Unit ${l}`, `Unit ${l} reading 1.`, `Unit ${l} reading ${ITEMS}.`]) {
        const found = words.indexOf(piece, at);
        expect(found, piece).toBeGreaterThanOrEqual(at);
        at = found;
      }
    }
    // Not the tools, nor the author's home board shown beside it.
    for (const absent of ['Navigate', 'Annotate', 'Account', 'Back to the Listboard home'])
      expect(words).not.toContain(absent);

    // Back on screen, the board draws what is in view again.
    await expect.poll(() => itemsDrawn(page)).toBeLessThan(LISTS * ITEMS);
    await list(page, 'Unit 1').getByRole('article').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    await screenshot(page, 'print-board');
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    await page.emulateMedia({ media: 'screen' });
  });

  it('prints from a phone’s Menu the same whole board, not the one list the screen shows (iPhone 13)', async () => {
    const board = await longBoard();
    b = await openPhone('iPhone 13');
    const { page } = b;
    await signIn(page, base, 'author');
    await page.goto(`${base}${board.path}`);
    await list(page, 'Unit 1').getByRole('article').first().waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { printed?: number };
      addEventListener('afterprint', () => {
        w.printed = document.querySelectorAll(
          'main section.board:not(.print-skip) article[data-item-id]',
        ).length;
      });
    });
    await more(page, 'Print board');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed))
      .toBe(LISTS * ITEMS);
    const words = await pdfWords(await page.pdf({ format: 'A4' }));
    for (const piece of [board.title, 'Unit 1 reading 1.', `Unit ${LISTS} reading ${ITEMS}.`])
      expect(words).toContain(piece);
    for (const absent of ['Menu', 'Back to the Listboard home'])
      expect(words).not.toContain(absent);
  });
});
