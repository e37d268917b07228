import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { appUrl, postAsPage, signIn } from './session';
import { brokenWords, selectItem } from './board-helpers';

const base = appUrl();
let b: Browser;
let page: Page;

const EVERY_TYPE = [
  '## A heading with *emphasis*',
  '- first point\n- second point',
  '| term | meaning |\n| --- | --- |\n| frame | what is put first |',
  '```js\nconst answer = 42;\n```',
  '$$\\int_0^1 x^2\\,dx = \\tfrac{1}{3}$$',
  '\\(a^2 + b^2 = c^2\\)',
  '/media/pattern.jpg ~ A pattern : A coloured fractal',
  '/media/lecture.webm 0:01-0:02 # /media/lecture-poster.jpg ~ One second of the lecture',
  '/media/interview.ogg ~ Interview',
  'https://example.org/article',
  '/media/reading-list.pdf ~ Reading list',
  '[The user guide](/admin/help)',
  '![Poster](/media/lecture-poster.jpg)',
  '<details><summary>More</summary>Hidden detail</details>',
  'Plain words on their own.',
  'js:d3v5 /media/bars.js js=/media/bars.js 40 80 60 100',
].join('\n\n');

const XSS = [
  '<script>window.__xss = 1</script>',
  '<img src="/nope.png" onerror="window.__xss = 2">',
  '[click me](javascript:window.__xss=3)',
  '<svg onload="window.__xss = 4"><circle r="5"></circle></svg>',
  '<a href="javascript:window.__xss=5">and me</a>',
  '<iframe src="javascript:window.parent.__xss=6"></iframe>',
  '<div style="background:url(javascript:window.__xss=7)">styled</div>',
  '[data](data:text/html,<script>window.__xss=8</script>)',
].join('\n\n');

/** The gallery board as loaded, as far as these tests read it. */
interface Gallery {
  _id: string;
  lists: { _id: string }[];
}

/** Writes as the signed-in author, the page's own session. */
const post = <T = Record<string, string>>(path: string, body: object) =>
  postAsPage<T>(page, base, path, body);

beforeAll(async () => {
  b = await openBrowser({ width: 1400, height: 1000 });
  page = b.page;
  await signIn(page, base, 'author');
  const board = await post('/api/forms/insert_multilist', { titleText: 'Block Gallery' });
  const { listId } = await post('/api/forms/insert_list', {
    multilistId: board.multilistId,
    titleText: 'Every type',
  });
  await post('/api/forms/insert_item', { listId, text: EVERY_TYPE });
  const second = await post('/api/forms/insert_list', {
    multilistId: board.multilistId,
    titleText: 'Hostile',
  });
  await post('/api/forms/insert_item', { listId: second.listId, text: XSS });
  await page.goto(`${base}/author/block-gallery`);
  await page.getByRole('region', { name: 'Every type' }).waitFor();
});
afterAll(async () => b.close());

describe('every block type renders', () => {
  it('markdown, tables, code, math, media, links, documents and text', async () => {
    const list = page.getByRole('region', { name: 'Every type' });
    await list.getByRole('heading', { name: 'A heading with emphasis' }).waitFor();
    await expect(list.getByRole('listitem').count()).resolves.toBeGreaterThanOrEqual(2);
    await list.getByRole('cell', { name: 'what is put first' }).waitFor();
    // highlight.js and KaTeX load on first use, so their output may come a moment later.
    await list.locator('code.hljs span').first().waitFor();
    await list.locator('.katex-display').waitFor();
    await expect(list.locator('.katex-display').count()).resolves.toBe(1);
    await expect(list.locator('.katex').count()).resolves.toBe(2);
    const img = list.getByRole('img', { name: 'A coloured fractal' });
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    // The players come with the first recording on screen.
    await list.locator('video[poster="/media/lecture-poster.jpg"]').waitFor();
    await list.locator('audio').waitFor({ state: 'attached' });
    await expect(list.locator('video[poster="/media/lecture-poster.jpg"]').count()).resolves.toBe(
      1,
    );
    await expect(list.locator('audio').count()).resolves.toBe(1);
    await list.getByRole('link', { name: /example\.org/ }).waitFor();
    await list.getByText('Reading list · 1 page').waitFor({ timeout: 15_000 });
    // One page: nothing to turn.
    await expect(list.getByRole('button', { name: 'Next page' }).count()).resolves.toBe(0);
    await list.getByRole('link', { name: 'The user guide' }).waitFor();
    await list.getByText('Hidden detail').waitFor({ state: 'attached' });
    await list.getByText('Plain words on their own.').waitFor();
    await screenshot(page, 'every-block-type');
  });

  it('a video with a range stops at its end and returns to its start', async () => {
    const video = page.getByRole('region', { name: 'Every type' }).locator('video');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime >= 1), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.paused), { timeout: 10_000 })
      .toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(1, 1);
  });

  it('a PDF that is missing says so', async () => {
    const [board] = await post<Gallery[]>('/api/dbload/load_multilists', {
      addresses: ['/author/block-gallery'],
    });
    // A file name new on each try: a retry finds the first try's item on the board too.
    const missing = `/media/missing-${Date.now().toString(36)}.pdf`;
    await post('/api/forms/insert_item', { listId: board!.lists[0]!._id, text: missing });
    await page.reload();
    await page.getByText(`Load PDF failed: ${missing}`).waitFor({ timeout: 15_000 });
  });
});

describe('words stay whole in a narrow list', () => {
  it('a table wider than its list scrolls sideways inside its item, and the item’s Actions menu wraps between words', async () => {
    const [board] = await post<Gallery[]>('/api/dbload/load_multilists', {
      addresses: ['/author/block-gallery'],
    });
    const title = `Wide ${Date.now().toString(36)}`;
    const { listId } = await post('/api/forms/insert_list', {
      multilistId: board!._id,
      titleText: title,
    });
    await post('/api/forms/insert_item', {
      listId,
      text: [
        '| Composer | Representative composition | Premiered in | Year |',
        '| --- | --- | --- | --- |',
        '| Dvořák | Symphony No. 9 “From the New World” | New York, Carnegie Hall | 1893 |',
        '| Smetana | Má vlast, a cycle of six symphonic poems | Prague, Žofín Palace | 1882 |',
      ].join('\n'),
    });
    await page.reload();
    const item = page.getByRole('region', { name: title, exact: true }).getByRole('article');
    const table = item.locator('table');
    await table.getByRole('cell', { name: 'Prague, Žofín Palace' }).waitFor();
    expect(await brokenWords(table)).toEqual([]);
    const [tableBox, itemBox] = [await table.boundingBox(), await item.boundingBox()];
    expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(itemBox!.x + itemBox!.width);
    // What does not fit is a sideways scroll away, not cut off.
    await expect(table.evaluate((t) => t.scrollWidth > t.clientWidth)).resolves.toBe(true);

    await selectItem(item, { position: { x: 4, y: 4 } });
    await item.locator('summary', { hasText: 'Actions' }).click();
    const menu = item.getByRole('menu', { name: 'Actions on this item' });
    await menu.getByRole('menuitem', { name: 'Move item down', exact: true }).waitFor();
    await screenshot(page, 'narrow-list-table-and-menu');
    expect(await brokenWords(menu)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});

describe('script-driven blocks', () => {
  it('run in a sandboxed frame with the named library, and cannot read the app’s cookies', async () => {
    const frameEl = page
      .getByRole('region', { name: 'Every type' })
      .locator('iframe.block-jsmedia');
    expect(await frameEl.getAttribute('sandbox')).toBe('allow-scripts');
    const frame = await (await frameEl.elementHandle()).contentFrame();
    await expect
      .poll(() => frame!.evaluate(() => document.body.dataset.d3 ?? ''), { timeout: 10_000 })
      .toMatch(/^5\./);
    expect(await frame!.evaluate(() => document.querySelectorAll('svg rect').length)).toBe(4);
    expect(await frame!.evaluate(() => document.body.dataset.cookie)).toBe('blocked');
  });
});

describe('link kinds', () => {
  it('!tag hides and shows the items that carry it; an unknown @label says so', async () => {
    const [board] = await post<Gallery[]>('/api/dbload/load_multilists', {
      addresses: ['/author/block-gallery'],
    });
    // A list of its own on each try: a retry finds the first try's list on the board too.
    const links = `Links ${Date.now().toString(36)}`;
    const { listId } = await post('/api/forms/insert_list', {
      multilistId: board!._id,
      titleText: links,
      itemText: '[Toggle week items](!week) · [Show note 9](@9)',
    });
    await post('/api/forms/insert_item', {
      listId,
      text: 'Tagged for week one',
      labels: [{ name: 'week', value: '1' }],
    });
    await post('/api/forms/insert_item', { listId, text: '+[Hostile]\n\n^zoomIn()' });
    await page.reload();
    const list = page.getByRole('region', { name: links, exact: true });
    await list.getByText('Tagged for week one').waitFor();
    await list.getByRole('link', { name: 'Toggle week items' }).click();
    await list.getByText('Tagged for week one').waitFor({ state: 'detached' });
    await list.getByRole('link', { name: 'Toggle week items' }).click();
    await list.getByText('Tagged for week one').waitFor();
    // A label on an item dims every item that carries it, and undims them again.
    const tagged = list.getByRole('article', { name: /Tagged for week one/ });
    await tagged.getByRole('button', { name: 'week: 1' }).click();
    await expect.poll(() => tagged.getAttribute('class')).toContain('dim');
    await tagged.getByRole('button', { name: 'week: 1' }).click();
    await expect.poll(() => tagged.getAttribute('class')).not.toContain('dim');
    await list.getByRole('link', { name: 'Show note 9' }).click();
    await page.getByText('All author notes are currently displayed.').waitFor();

    // A list toggle folds the list to its title and back; a function block runs its command.
    const hostile = page.getByRole('region', { name: 'Hostile' });
    await list.getByRole('button', { name: 'Show or hide the list “Hostile”' }).click();
    await hostile.getByText('styled').waitFor({ state: 'detached' });
    await list.getByRole('button', { name: 'Show or hide the list “Hostile”' }).click();
    await hostile.getByText('styled').waitFor();
    const before = (await list.boundingBox())!.width;
    await list.getByRole('button', { name: 'zoomIn' }).click();
    await expect.poll(async () => (await list.boundingBox())!.width).toBe(before + 50);
  });

  it('a function link to a command the reader may not run only says so', async () => {
    const [board] = await post<Gallery[]>('/api/dbload/load_multilists', {
      addresses: ['/author/block-gallery'],
    });
    // A list of its own on each try: a retry finds the first try's list on the board too.
    const functions = `Functions ${Date.now().toString(36)}`;
    await post('/api/forms/insert_list', {
      multilistId: board!._id,
      titleText: functions,
      itemText: '^insertList()',
    });
    const guest = await openBrowser();
    try {
      await guest.page.goto(`${base}/author/block-gallery`);
      const list = guest.page.getByRole('region', { name: functions, exact: true });
      await list.getByRole('button', { name: 'insertList' }).click();
      await guest.page.getByText('Insert list is not available here.').waitFor();
      expect(await guest.page.getByRole('form').count()).toBe(0);
    } finally {
      await guest.close();
    }
  });

  it('a long press on a link opens it in a new tab', async () => {
    const link = page
      .getByRole('region', { name: 'Every type' })
      .getByRole('link', { name: 'The user guide' });
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + 5);
    const opened = b.context.waitForEvent('page');
    await page.mouse.down();
    await page.waitForTimeout(800);
    await page.mouse.up();
    const tab = await opened;
    await expect.poll(() => tab.url(), { timeout: 10_000 }).toMatch(/\/admin\/help$/);
    expect(new URL(page.url()).pathname).toBe('/author/block-gallery');
    await tab.close();
  });
});

describe('hostile markup renders inert in the browser', () => {
  it('runs no script, keeps no event handler or javascript: link', async () => {
    const list = page.getByRole('region', { name: 'Hostile' });
    await list.getByText('styled').waitFor();
    for (const link of await list.getByRole('link').all())
      await link.click({ force: true }).catch(() => {});
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    const bad = await list.evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((el) => [
        ...[...el.attributes]
          .filter((a) => a.name.startsWith('on'))
          .map((a) => `${el.tagName} ${a.name}`),
        ...(/javascript:/i.test(el.getAttribute('href') ?? '') ? [`${el.tagName} href`] : []),
        ...(/javascript:/i.test(el.getAttribute('src') ?? '') ? [`${el.tagName} src`] : []),
        ...(el.tagName === 'SCRIPT' || el.tagName === 'IFRAME' ? [el.tagName] : []),
      ]),
    );
    expect(bad).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/author/block-gallery');
  });
});
