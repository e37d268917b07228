import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { chooseIn, list, newBoard } from './board-helpers';
import { appUrl, more, signIn, toggleEntry } from './session';

const base = appUrl();
let b: Browser | undefined;
afterEach(async () => b?.close());

const LONG_TITLE = 'A list title that runs well past thirty-two characters';

async function articleCount(page: Page) {
  return page.locator('article.item').count();
}

describe('board views', () => {
  it('table of contents, sentences, colours, section display and compact view, kept across a reload and on a phone', async () => {
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'author');
    const title = `View Lab ${Date.now()}`;
    await newBoard(page, title, [
      {
        title: 'Readings',
        items: [
          '## Orwell',
          'Politics and the English Language. It is short! Read it twice.',
          'Didion: *Why I Write*',
        ],
      },
      { title: LONG_TITLE, items: ['Bring **two** questions.'] },
    ]);
    const address = new URL(page.url()).pathname;

    // Table of contents: every list and item headline; choosing an entry selects that item.
    await more(page, 'Table of contents');
    const toc = page.getByRole('navigation', { name: `Contents of ${title}` });
    // Loaded when first shown.
    await toc.getByRole('button').first().waitFor();
    expect(await toc.getByRole('button').allInnerTexts()).toEqual([
      'Readings',
      'Orwell',
      'Politics and the English Language. It is short! Read it twice.',
      'Didion: Why I Write',
      LONG_TITLE,
      'Bring two questions.',
    ]);
    await toc.getByRole('button', { name: 'Didion: Why I Write' }).click();
    await expect(
      list(page, 'Readings')
        .getByRole('article', { name: 'Didion: Why I Write' })
        .getAttribute('aria-current'),
    ).resolves.toBe('true');

    // Sentences view: one sentence to a line.
    await more(page, 'Sentences');
    const politics = list(page, 'Readings').getByRole('article', { name: /Politics/ });
    expect(await politics.locator('ol.sentences > li').allInnerTexts()).toEqual([
      'Politics and the English Language.',
      'It is short!',
      'Read it twice.',
    ]);

    // Colour coding by author: a legend and a coloured edge in the author hue.
    await chooseIn(page, 'Colors', 'Colour items by', 'author');
    await page.getByRole('list', { name: 'Colours by author' }).getByText('author').waitFor();
    const edge = await politics.evaluate((el) => getComputedStyle(el).borderLeftColor);
    // Hue 0.45 (162°) at 50% saturation and lightness.
    expect(edge).toBe('rgb(64, 191, 153)');

    // Compact view cuts long list titles to 29 characters and an ellipsis.
    await more(page, 'Compact view');
    await list(page, LONG_TITLE)
      .getByRole('heading', { name: `${LONG_TITLE.slice(0, 29)}…` })
      .waitFor();
    // An item scrolls itself there; the selected one's buttons reach down to its bottom edge,
    // so nothing of what scrolls under them shows below them.
    const didion = list(page, 'Readings').getByRole('article', { name: 'Didion: Why I Write' });
    const gap = await didion.evaluate((el) => {
      const bar = el.querySelector(':scope > .item-actions')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return box.top + el.clientTop + el.clientHeight - bar.bottom;
    });
    expect(Math.abs(gap)).toBeLessThan(1);
    await screenshot(page, 'board-views-desktop');

    // Section display: 'all' is one column with section titles, 'items' the items alone.
    await chooseIn(page, 'Section display', 'Show', 'all');
    const all = page.getByRole('region', { name: 'All sections' });
    await all.getByRole('heading', { name: 'Readings' }).waitFor();
    await expect(all.getByRole('article').count()).resolves.toBe(4);
    await chooseIn(page, 'Section display', 'Show', 'items');
    const items = page.getByRole('region', { name: 'All items' });
    await items.getByRole('article').first().waitFor();
    await expect(items.getByRole('heading', { name: 'Readings' }).count()).resolves.toBe(0);
    await screenshot(page, 'board-views-items-desktop');

    // A reload brings every view back as left.
    await page.reload();
    await items.getByRole('article').first().waitFor();
    await toc.waitFor();
    await items
      .getByRole('article', { name: /Politics/ })
      .locator('ol.sentences')
      .waitFor();
    expect(await toggleEntry(page, 'Compact view').getAttribute('aria-checked')).toBe('true');
    await page.getByRole('list', { name: 'Colours by author' }).waitFor();

    // The same view on a phone: lists are the device width less 60 and 62vh high at most.
    await chooseIn(page, 'Section display', 'Show', 'section');
    await more(page, 'Table of contents');
    await b.close();
    b = await openPhone('iPhone 13');
    await signIn(b.page, base, 'author');
    await b.page.goto(`${base}${address}`);
    const readings = list(b.page, 'Readings');
    await readings.waitFor();
    const box = (await readings.boundingBox())!;
    const screen = await b.page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
    expect(screen.w).toBe(390);
    expect(box.width).toBe(390 - 60);
    expect(box.height).toBeLessThanOrEqual(Math.ceil(0.62 * screen.h));
    await screenshot(b.page, 'board-views-phone');
  });

  it('display mode: append opens a linked board beside the chain, replace_global alone', async () => {
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Link Lab ${Date.now()}`, [
      { title: 'Links', items: ['Read [the guide](/admin/help).'] },
    ]);
    const start = decodeURIComponent(new URL(page.url()).pathname);
    await list(page, 'Links').getByRole('link', { name: 'the guide' }).click();
    await page.getByRole('region', { name: 'Board admin/help' }).waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`${start};admin/help`);
    await expect(list(page, 'Links').count()).resolves.toBe(1);

    await page.goBack();
    await page.getByRole('region', { name: 'Board admin/help' }).waitFor({ state: 'detached' });
    await more(page, 'Replace mode');
    expect(await toggleEntry(page, 'Replace mode').getAttribute('aria-checked')).toBe('true');
    await list(page, 'Links').getByRole('link', { name: 'the guide' }).click();
    await page.waitForURL('**/admin/help');
    await list(page, 'Links').waitFor({ state: 'detached' });
    // The mode is this browser's preference: it survives a reload.
    await page.reload();
    await page.getByRole('region', { name: 'Board admin/help' }).waitFor();
    expect(await toggleEntry(page, 'Replace mode').getAttribute('aria-checked')).toBe('true');
  });

  it('keeps a 2,000-item board to a small DOM and restores where the reader left off', async () => {
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'author');
    const many = Array.from({ length: 2000 }, (_, i) => `Entry ${i + 1}: a line of text to read.`);
    await newBoard(page, `Long Board ${Date.now()}`, [{ title: 'Everything', items: many }]);
    const everything = list(page, 'Everything');
    // Two thousand inserts in one transaction take a while on a busy machine.
    await everything.getByRole('article', { name: /^Entry 1:/ }).waitFor({ timeout: 60_000 });
    expect(await articleCount(page)).toBeLessThan(60);
    const nodes = await page.evaluate(() => document.querySelectorAll('*').length);
    expect(nodes).toBeLessThan(1500);

    // Scrolling to the end draws the last entries, still only a screenful of them.
    const written = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/display/update_multilistvs') &&
        /"itemsViewStartIndex":19\d\d/.test(r.request().postData() ?? ''),
    );
    const scroller = everything.getByRole('group', { name: 'Items of Everything' });
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await everything.getByRole('article', { name: /^Entry 2000:/ }).waitFor();
    expect(await articleCount(page)).toBeLessThan(60);
    // The view state keeps the first item in view (written at most once per 2 s while
    // scrolling, and when the page goes); a reload comes back to it.
    await written;
    await page.reload();
    await everything
      .getByRole('article', { name: /^Entry 19[0-9]{2}:/ })
      .first()
      .waitFor();
    await expect(everything.getByRole('article', { name: /^Entry 1:/ }).count()).resolves.toBe(0);
  });
});
