/**
 * Media as an author uses it: uploading a video, an audio file, a picture and a PDF (its pages
 * turned in place) through the insert form with the header's progress bar, playing the video
 * inside a range set from the player, three markers and a split at them, a poster frame, and an
 * .exe refused.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { appUrl, more as menu, postAsPage, signIn, tool as runTool } from './session';
import { makePdf } from '../apps/server/test/import-fixtures';
import { selectItem, selectList } from './board-helpers';

const base = appUrl();
let b: Browser;
let page: Page;
let dir: string;
/** A word only the handout's second page holds, new each run, to find it by in search. */
const pdfWord = `zymurgy${Date.now().toString(36)}`;

const ffmpeg = (...args: string[]) =>
  execFileSync('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    timeout: 60_000,
  });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-media-e2e-'));
  // A 3-second test pattern, VP8 in WebM, which Chromium plays everywhere.
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=10:duration=3',
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    path.join(dir, 'lecture-clip.webm'),
  );
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', path.join(dir, 'tone.wav'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=teal:s=64x48', '-frames:v', '1', path.join(dir, 'tile.png'));
  fs.writeFileSync(
    path.join(dir, 'handout.pdf'),
    makePdf([
      [{ text: 'Handout for week one', size: 18, y: 700 }],
      [
        { text: 'Page two: the sources', size: 24, y: 500 },
        { text: `On ${pdfWord} and brewing`, size: 12, y: 400 },
      ],
      [{ text: 'Page three: the questions', size: 30, y: 300 }],
    ]),
  );
  fs.writeFileSync(
    path.join(dir, 'setup.exe'),
    Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(64, 1)]),
  );

  b = await openBrowser({ width: 1280, height: 800 });
  page = b.page;
  await signIn(page, base, 'author');
  const board = await post('/api/forms/insert_multilist', { titleText: 'Media Week' });
  await post('/api/forms/insert_list', { multilistId: board.multilistId, titleText: 'Clips' });
  await page.goto(`${base}/author/media-week`);
  await page.getByRole('region', { name: 'Clips' }).waitFor();
});
afterAll(async () => {
  await b.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes as the signed-in author, the page's own session. */
const post = (path: string, body: object) =>
  postAsPage<Record<string, string>>(page, base, path, body);
const clips = () => page.getByRole('region', { name: 'Clips', exact: true });
/** A toolbar command: its button where the bar has one, else its entry in the group's menu. */
const tool = (name: string) => ({ click: () => runTool(page, name) });
const form = (name: string) => page.getByRole('form', { name });
const videoOf = (item: Locator) => item.locator('video');
const vbar = (item: Locator) => item.getByRole('group', { name: 'Video controls' });
const time = (item: Locator) => videoOf(item).evaluate((v: HTMLVideoElement) => v.currentTime);

/** The item holding the uploaded media, found by its text. */
const mediaItem = () => clips().getByRole('article').filter({ hasText: 'Week one media' }).first();

/**
 * Sets the media item's range from its player, and waits until the write is in: a second try sets
 * the range the first set, so the range shown is no sign of it.
 */
async function setRange(name: 'Set start' | 'Set stop') {
  const written = page.waitForResponse('**/api/forms/set_item_range');
  await tool(name).click();
  expect((await written).ok()).toBe(true);
}

async function select(item: Locator) {
  await selectItem(item, { via: item.getByText('Week one media') });
}

describe('media', () => {
  it('uploads a video, an audio file, a picture and a PDF with a visible progress bar', async () => {
    await selectList(page, 'Clips');
    await tool('Insert with files').click();
    const f = form('Insert item with files');
    await f
      .getByLabel('Files')
      .setInputFiles(
        ['lecture-clip.webm', 'tone.wav', 'tile.png', 'handout.pdf'].map((n) => path.join(dir, n)),
      );
    // Its words new on each try, to find this try's item: a retry finds the first try's too.
    const words = `Week one media ${Date.now().toString(36)}`;
    await f.getByLabel('Text (optional)').fill(`   ${words}   `);
    // Every value the progress bar takes, as the page shows it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const v = bar?.getAttribute('aria-valuenow');
        if (v !== null && v !== undefined && seen.at(-1) !== v) seen.push(v);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await f.getByRole('button', { name: 'Upload and insert' }).click();
    const bar = page.getByRole('banner').getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    await page.getByRole('banner').getByText('Uploaded 4 files.').waitFor();
    await screenshot(page, 'media-upload-progress');
    const seen = await page.evaluate(
      () => (window as unknown as { __progress: string[] }).__progress,
    );
    const values = seen.map(Number);
    expect(values.at(-1)).toBe(100);
    expect([...values].sort((a, c) => a - c)).toEqual(values);
    await f.waitFor({ state: 'detached' });

    const item = clips().getByRole('article').filter({ hasText: words });
    await item.waitFor();
    // Text trimmed, then each upload on its own block. A first try's files keep their names: a
    // second try's go beside them (`tone-2.wav`), never in their place.
    await expect(videoOf(item).getAttribute('src')).resolves.toMatch(
      /^\/files\/author\/lecture-clip(-\d+)?\.webm$/,
    );
    await expect(item.locator('audio').getAttribute('src')).resolves.toMatch(
      /^\/files\/author\/tone(-\d+)?\.wav$/,
    );
    const img = item.locator('img[src^="/files/author/tile"]');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 64))
      .toBe(true);
    await item.getByText(/^handout(-\d+)?\.pdf · 3 pages$/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'media-uploaded-item');

    // Its pages are turned in place, by a click or the keyboard; the link opens the page shown.
    const pdf = item.locator('figure.block-pdf');
    const drawing = () => pdf.locator('canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL());
    await pdf.getByText('Page 1 of 3').waitFor();
    const first = await drawing();
    const back = pdf.getByRole('button', { name: 'Previous page' });
    const next = pdf.getByRole('button', { name: 'Next page' });
    await expect(back.isDisabled()).resolves.toBe(true);
    await next.click();
    await pdf.getByText('Page 2 of 3').waitFor();
    await expect.poll(drawing).not.toBe(first);
    await expect(
      pdf.getByRole('link', { name: /^Open PDF/ }).getAttribute('href'),
    ).resolves.toMatch(/^\/files\/author\/handout(-\d+)?\.pdf#page=2$/);
    await next.focus();
    await page.keyboard.press('Enter');
    await pdf.getByText('Page 3 of 3').waitFor();
    await expect(next.isDisabled()).resolves.toBe(true);
    const third = await drawing();
    await back.click();
    await pdf.getByText('Page 2 of 3').waitFor();
    await expect.poll(drawing).not.toBe(third);

    // Search finds the item by a word of its PDF, which its own words do not hold.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const find = form('Search');
    await find.getByLabel('Search for', { exact: true }).fill(pdfWord);
    await find.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`searchStr=${pdfWord}`));
    // A hit names the board it is on; the board's own item does not. It says where the word is.
    const hit = page
      .getByRole('article')
      .filter({ hasText: words })
      .filter({ has: page.getByRole('link', { name: 'Media Week', exact: true }) })
      .first();
    await hit.waitFor();
    await expect(hit.textContent()).resolves.toMatch(
      new RegExp(`In handout(-\\d+)?\\.pdf, page 2: “.*On ${pdfWord} and brewing`),
    );
    await screenshot(page, 'media-pdf-word-found');
    await page.goto(`${base}/author/media-week`);
    await clips().waitFor();
  });

  it('refuses an .exe with a message and inserts nothing', async () => {
    const before = await clips().getByRole('article').count();
    await tool('Insert with files').click();
    const f = form('Insert item with files');
    await f.getByLabel('Files').setInputFiles(path.join(dir, 'setup.exe'));
    await f.getByRole('button', { name: 'Upload and insert' }).click();
    await f
      .getByRole('alert')
      .getByText('setup.exe was skipped: only files with a supported extension can be uploaded.')
      .waitFor();
    await f.getByRole('button', { name: 'Cancel' }).click();
    await expect(clips().getByRole('article').count()).resolves.toBe(before);
  });

  it('stops an upload cancelled from its form or from the progress bar, and inserts nothing', async () => {
    const before = await clips().getByRole('article').count();
    const inserts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/forms/insert_item')) inserts.push(r.url());
    });
    // Each file's PUT is held, as a slow connection holds a big video.
    let reached = () => {};
    let held = Promise.resolve();
    const failed: string[] = [];
    page.on('requestfailed', (r) => {
      if (r.method() === 'PUT') failed.push(r.url());
    });
    await page.route('**/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      reached();
      // Left unanswered: the page stops it or the test ends.
      await new Promise(() => {});
    });
    const upload = async () => {
      held = new Promise<void>((resolve) => (reached = resolve));
      await tool('Insert with files').click();
      const f = form('Insert item with files');
      await f.getByLabel('Files').setInputFiles(path.join(dir, 'tile.png'));
      await f.getByLabel('Text (optional)').fill('Not wanted after all');
      await f.getByRole('button', { name: 'Upload and insert' }).click();
      await held;
      return f;
    };
    const banner = page.getByRole('banner');

    // The form's Cancel stops the upload it started.
    const first = await upload();
    await first.getByRole('button', { name: 'Cancel' }).click();
    await banner.getByText('Upload cancelled: nothing was inserted.').waitFor();
    await expect.poll(() => failed.length, { timeout: 10_000 }).toBe(1);

    // So does the bar's own button; the form stays, saying so, with what was typed.
    const second = await upload();
    await banner.getByRole('button', { name: 'Cancel upload' }).click();
    await second.getByText('Upload cancelled: nothing was inserted.').waitFor();
    await expect.poll(() => failed.length, { timeout: 10_000 }).toBe(2);
    await expect(second.getByLabel('Text (optional)').inputValue()).resolves.toBe(
      'Not wanted after all',
    );
    await second.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/*');
    expect(inserts).toEqual([]);
    await expect(clips().getByRole('article').count()).resolves.toBe(before);
  });

  it('says an audio file given to Insert video item is not a video', async () => {
    await tool('Insert video item').click();
    const f = form('Insert video item');
    await f.getByLabel('Files').setInputFiles(path.join(dir, 'tone.wav'));
    await f.getByRole('button', { name: 'Upload and insert' }).click();
    await f
      .getByText(
        'tone.wav was skipped: this form takes video. Insert item with files takes any kind.',
      )
      .waitFor();
    await f.getByRole('button', { name: 'Cancel' }).click();
  });

  it('sets a range from the player and plays inside it', async () => {
    // The board afresh, its players at their posters (a first try of this test played it).
    await page.goto(`${base}/author/media-week`);
    const item = mediaItem();
    await select(item);
    // Poster first: the video plays only after its play button is clicked.
    await item.getByRole('button', { name: 'Play Video' }).waitFor();
    await expect(videoOf(item).getAttribute('controls')).resolves.toBeNull();

    // The p key scrubs back 10 s: clamped at 0.
    await page.keyboard.press('p');
    expect(await time(item)).toBe(0);
    await vbar(item).getByRole('button', { name: 'Skip forward 1 s' }).click();
    expect(await time(item)).toBeCloseTo(1, 2);
    await setRange('Set start');
    await expect.poll(() => videoOf(mediaItem()).getAttribute('data-range-start')).toBe('1');

    // The player goes on from where the start was set: the range is in the item's text now, and
    // the item's blocks are the same blocks.
    await vbar(mediaItem()).getByRole('button', { name: 'Skip forward 1 s' }).click();
    expect(await time(mediaItem())).toBeCloseTo(2, 2);
    await setRange('Set stop');
    await expect.poll(() => videoOf(mediaItem()).getAttribute('data-range-end')).toBe('2');
    // The info bar says what was set.
    await page.getByRole('status', { name: 'Info bar' }).getByText('Stop set at 0:02.').waitFor();
    await mediaItem().getByText('[0:01–0:02]').waitFor();

    // Played, it stays inside 1..2 s, then goes back to 1 s and pauses.
    const v = videoOf(mediaItem());
    await v.evaluate((el: HTMLVideoElement) => {
      const w = window as unknown as { __times: number[] };
      w.__times = [];
      el.addEventListener('timeupdate', () => w.__times.push(el.currentTime));
    });
    await mediaItem().getByRole('button', { name: 'Play Video' }).click();
    await expect.poll(() => v.evaluate((el: HTMLVideoElement) => !el.paused)).toBe(true);
    await expect
      .poll(() => v.evaluate((el: HTMLVideoElement) => el.paused), { timeout: 10_000 })
      .toBe(true);
    expect(await time(mediaItem())).toBeCloseTo(1, 1);
    const times = await page.evaluate(() => (window as unknown as { __times: number[] }).__times);
    expect(times.length).toBeGreaterThan(1);
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(0.99);
      expect(t).toBeLessThan(2.4);
    }
  });

  it('moves the neighbour clip’s start when a stop is set, so clips stay contiguous', async () => {
    // A name new on each try: a retry would find the first try's board there.
    const board = await post('/api/forms/insert_multilist', {
      titleText: `Neighbours ${Date.now().toString(36)}`,
    });
    await post('/api/forms/insert_list', {
      multilistId: board.multilistId,
      titleText: 'Part A',
      itemText: 'lecture-clip.webm 0:00-0:01\nClip A',
    });
    await post('/api/forms/insert_list', {
      multilistId: board.multilistId,
      titleText: 'Part B',
      itemText: 'lecture-clip.webm 0:01-0:02\nClip B',
    });
    await page.goto(`${base}/author/${board.ptitle}`);
    try {
      const a = page.getByRole('region', { name: 'Part A' }).getByRole('article');
      const b = page.getByRole('region', { name: 'Part B' }).getByRole('article');
      await a.getByText('Clip A').click();
      await expect.poll(() => a.getAttribute('aria-current')).toBe('true');
      // The controls are named after the clip's caption.
      const bar = a.getByRole('group', { name: 'Clip A controls' });
      await bar.getByRole('button', { name: 'Skip forward 1 s' }).click();
      await bar.getByRole('button', { name: 'Nudge forward ¼ s' }).click();
      await tool('Set stop').click();
      await expect.poll(() => videoOf(a).getAttribute('data-range-end')).toBe('1.25');
      await expect.poll(() => videoOf(b).getAttribute('data-range-start')).toBe('1.25');
      await expect(videoOf(b).getAttribute('data-range-end')).resolves.toBe('2');
    } finally {
      await page.goto(`${base}/author/media-week`);
      await clips().waitFor();
    }
  });

  it('keeps a reader’s video playing, where it was, while the author edits its item', async () => {
    // A board new on each try, with the uploaded clip and no range.
    const board = await post('/api/forms/insert_multilist', {
      titleText: `Live Lecture ${Date.now().toString(36)}`,
    });
    await post('/api/forms/insert_list', {
      multilistId: board.multilistId,
      titleText: 'Lecture',
      itemText: 'lecture-clip.webm\nThe lecture',
    });
    const [loaded] = await postAsPage<{ lists: { items: { _id: string }[] }[] }[]>(
      page,
      base,
      '/api/dbload/load_multilists',
      { addresses: [`/author/${board.ptitle}`] },
    );
    const itemId = loaded!.lists[0]!.items[0]!._id;
    const reader = await openBrowser({ width: 1280, height: 800 });
    try {
      await signIn(reader.page, base, 'reader');
      await reader.page.goto(`${base}/author/${board.ptitle}`);
      const item = reader.page.getByRole('region', { name: 'Lecture' }).getByRole('article');
      const video = videoOf(item);
      // Slowed, so that the 3-second clip is still playing when the edit comes in.
      await video.evaluate((el: HTMLVideoElement) => {
        el.defaultPlaybackRate = 0.25;
        el.playbackRate = 0.25;
      });
      await item.getByRole('button', { name: 'Play The lecture' }).click();
      const playing = () =>
        video.evaluate((el: HTMLVideoElement) => !el.paused && el.currentTime > 0);
      await expect.poll(playing).toBe(true);
      await video.evaluate((el) => {
        el.dataset.watched = '';
      });

      // The author puts a line before the video and gives it a new caption.
      await post('/api/forms/edit_item', {
        itemId,
        text: 'Watch closely.\n\nlecture-clip.webm\nThe first lecture',
      });
      await item.getByText('Watch closely.').waitFor();
      await item.getByRole('group', { name: 'The first lecture controls' }).waitFor();
      // The reader's player is the one they started, still playing.
      await expect(item.locator('video[data-watched]').count()).resolves.toBe(1);
      await expect(playing()).resolves.toBe(true);
    } finally {
      await reader.close();
    }
  });

  it('adds three markers, seeks to one, and splits at them into three clips', async () => {
    const item = mediaItem();
    await select(item);
    const more = (name: string) => menu(page, name);
    const markers = mediaItem().getByRole('list', { name: 'Markers' }).getByRole('button');
    // A first try may have left its markers on the item: they go first, so that this try's three
    // are the item's three.
    if ((await markers.count()) > 0) {
      await more('Delete all markers');
      await form('Delete all media markers of this item?')
        .getByRole('button', { name: 'Delete all' })
        .click();
      await expect.poll(() => markers.count()).toBe(0);
    }
    // And the clips a first try's split made stay on the board; this try's come right after the
    // item, before them.
    const split = clips()
      .getByRole('article')
      .filter({ has: page.locator('video') });
    const before = await split.count();
    // The first from the player's time, the others typed.
    await vbar(item).getByRole('button', { name: 'Back to start' }).click();
    await tool('Add marker').click();
    const add = form('Add media marker');
    expect(await add.getByLabel('Time').inputValue()).toBe('0:01');
    await add.getByLabel('Title').fill('Opening');
    await add
      .getByLabel('Description')
      .fill('Where the lecture sets out the question it will answer, and why it matters now');
    await add.getByRole('button', { name: 'Submit' }).click();
    await mediaItem().getByRole('button', { name: 'Seek to 0:01: Opening' }).waitFor();

    for (const [code, title] of [
      ['0:01.25', 'Middle'],
      ['1.5', 'Closing'],
    ]) {
      await tool('Add marker').click();
      await form('Add media marker').getByLabel('Time').fill(code!);
      await form('Add media marker').getByLabel('Title').fill(title!);
      await form('Add media marker').getByRole('button', { name: 'Submit' }).click();
      await form('Add media marker').waitFor({ state: 'detached' });
    }
    await expect.poll(() => markers.allInnerTexts()).toHaveLength(3);
    expect((await markers.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      '0:01 Opening Where the lecture sets out the question it will answer, and why it matters now',
      '0:01.25 Middle',
      '0:01.5 Closing',
    ]);
    // Each time and each one-word title on one line, never broken in the middle, however long
    // the description beside it.
    const pieces = await markers.evaluateAll((els) =>
      els.flatMap((el) =>
        Array.from(el.querySelectorAll(':scope > :not(.marker-note)')).map((span) => ({
          text: span.textContent,
          lines: (() => {
            // The lines its words take: a range over them has a box on each.
            const words = document.createRange();
            words.selectNodeContents(span);
            return new Set(Array.from(words.getClientRects()).map((r) => Math.round(r.top))).size;
          })(),
        })),
      ),
    );
    for (const piece of pieces) expect(piece.lines, `“${piece.text}” on one line`).toBe(1);
    await mediaItem().getByRole('button', { name: 'Seek to 0:01.5: Closing' }).click();
    expect(await time(mediaItem())).toBeCloseTo(1.5, 2);
    await screenshot(page, 'media-markers');

    await tool('Split at markers').click();
    await form('Split at media markers').getByRole('button', { name: 'Split' }).click();
    await expect.poll(() => split.count()).toBe(before + 3);
    const ranges = await split.evaluateAll((els) =>
      els.map((el) => {
        const v = el.querySelector('video')!;
        return [v.dataset.rangeStart, v.dataset.rangeEnd, el.getAttribute('aria-label')];
      }),
    );
    expect(ranges.slice(1, 4)).toEqual([
      ['1', '1.25', expect.stringContaining('lecture-clip.webm')],
      ['1.25', '1.5', expect.stringContaining('lecture-clip.webm')],
      ['1.5', '2', expect.stringContaining('lecture-clip.webm')],
    ]);
    await expect(split.nth(2).getByText('Middle').count()).resolves.toBeGreaterThan(0);
    await split.nth(2).scrollIntoViewIfNeeded();
    await screenshot(page, 'media-split');

    // Edit one marker, delete another, then all.
    await select(mediaItem());
    await more('Edit marker');
    const edit = form('Edit media marker');
    await edit.getByLabel('Marker').selectOption('0:01.25 — Middle');
    await edit.getByLabel('Title').fill('Centre');
    await edit.getByRole('button', { name: 'Submit' }).click();
    await mediaItem().getByRole('button', { name: 'Seek to 0:01.25: Centre' }).waitFor();
    await more('Delete marker');
    await form('Delete media marker').getByLabel('Marker').selectOption('0:01 — Opening');
    await form('Delete media marker').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => markers.count()).toBe(2);
    await more('Delete all markers');
    await form('Delete all media markers of this item?')
      .getByRole('button', { name: 'Delete all' })
      .click();
    await expect.poll(() => markers.count()).toBe(0);
  });

  it('sets a poster frame from the player and shows the PNG', async () => {
    const item = mediaItem();
    await select(item);
    await vbar(item).getByRole('button', { name: 'Back to start' }).click();
    await vbar(item).getByRole('button', { name: 'Nudge forward ¼ s' }).click();
    await tool('Set poster frame').click();
    const saved = page.getByText(/^Poster frame saved: \/files\/admin\/posters\/.*\.png$/);
    await saved.waitFor();
    const posterPath = (await saved.innerText()).replace('Poster frame saved: ', '');
    // Its name, its time and a part no one can guess.
    expect(posterPath).toMatch(
      /^\/files\/admin\/posters\/author_lecture-clip-0-01-25-[\w-]{16}\.png$/,
    );
    // Applied 3000 ms after the upload.
    await expect
      .poll(() => videoOf(mediaItem()).getAttribute('poster'), { timeout: 10_000 })
      .toBe(posterPath);
    const png = await page.evaluate(async (p) => {
      const res = await fetch(p);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { type: res.headers.get('content-type'), head: Array.from(bytes.slice(0, 4)) };
    }, posterPath);
    expect(png).toEqual({ type: 'image/png', head: [0x89, 0x50, 0x4e, 0x47] });
    await screenshot(page, 'media-poster');
    // The same screen in the light theme.
    await tool('Theme').click();
    await page.getByLabel('Colour theme').selectOption('light');
    await page.getByRole('button', { name: 'Apply' }).click();
    await screenshot(page, 'media-poster-light');
  });

  it('sets a text cursor by alt-click and marks a sentence, then splits there', async () => {
    const list = clips();
    await selectList(page, 'Clips');
    await tool('Insert item').click();
    // Its last words new on each try: a retry finds the first try's item, and its part.
    const n = Date.now().toString(36);
    const words = `Opening words come first. The middle sentence follows! And a closing one, ${n}.`;
    await form('Insert item').getByLabel('Text').fill(words);
    await form('Insert item').getByRole('button', { name: 'Submit' }).click();
    const item = list.getByRole('article').filter({ hasText: words });
    await item.waitFor();
    // The item inserted is selected already.
    await expect.poll(() => item.getAttribute('aria-current')).toBe('true');
    await tool('Add text marker').click();
    await page.getByText('A text marker needs a cursor set first.').waitFor();

    await item
      .getByText(/middle sentence/)
      .click({ modifiers: ['Alt'], position: { x: 230, y: 8 } });
    await item.getByText(/^Cursor: block 1, sentence \d$/).waitFor();
    const cursor = await item.getByRole('status').innerText();
    expect(cursor).toBe('Cursor: block 1, sentence 2');
    await expect.poll(() => item.getAttribute('aria-current')).toBe('true');
    await tool('Add text marker').click();
    const add = form('Add text marker');
    await add.getByLabel(/^Sentences/).check();
    await add.getByLabel('Title').fill('The middle');
    await add.getByRole('button', { name: 'Submit' }).click();
    await item.getByText('Sentence 2', { exact: true }).waitFor();
    await screenshot(page, 'media-text-marker');

    await menu(page, 'Split at text markers');
    const split = form('Split at text markers');
    await split.getByLabel(/^Sentences/).check();
    await split.getByRole('button', { name: 'Split' }).click();
    const part = list
      .getByRole('article')
      .filter({ hasText: 'The middle' })
      .filter({ hasText: n })
      .filter({ hasNotText: 'Opening words' });
    await part.waitFor();
    expect((await part.innerText()).replace(/\s+/g, ' ').trim()).toBe(
      `The middle The middle sentence follows! And a closing one, ${n}.`,
    );
  });

  it('shows a picture of an external page on its link card', async () => {
    const site = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<body style="margin:0;background:#2a9d8f"><h1>Syllabus page</h1></body>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const port = (site.address() as AddressInfo).port;
    try {
      await selectList(page, 'Clips');
      await tool('Insert item').click();
      await form('Insert item').getByLabel('Text').fill(`http://localhost:${port}/syllabus`);
      await form('Insert item').getByRole('button', { name: 'Submit' }).click();
      const card = clips().getByRole('link', { name: new RegExp(`localhost:${port}`) });
      await card.waitFor();
      // Pictures are asked for when the card comes into view.
      await card.scrollIntoViewIfNeeded();
      const img = card.locator('img.link-card-thumb');
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
          timeout: 30_000,
        })
        .toBe(1280);
      await screenshot(page, 'media-link-card');
    } finally {
      site.closeAllConnections();
      await new Promise((r) => site.close(r));
    }
  });

  it('fits the player and its controls on a phone', async () => {
    const phone = await openPhone('iPhone 13');
    try {
      await signIn(phone.page, base, 'author');
      await phone.page.goto(`${base}/author/media-week`);
      const item = phone.page
        .getByRole('region', { name: 'Clips', exact: true })
        .getByRole('article')
        .filter({ hasText: 'Week one media' })
        .first();
      await item.scrollIntoViewIfNeeded();
      const box = (await item.boundingBox())!;
      const bar = (await vbar(item).boundingBox())!;
      expect(bar.x).toBeGreaterThanOrEqual(box.x);
      expect(bar.x + bar.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      // The player's buttons are finger-sized.
      for (const h of await vbar(item)
        .getByRole('button')
        .evaluateAll((bs) => bs.map((e) => e.getBoundingClientRect().height)))
        expect(h).toBeGreaterThanOrEqual(44);
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(390);
      await screenshot(phone.page, 'media-phone');
    } finally {
      await phone.close();
    }
  });

  it('says a poster frame needs a media item', async () => {
    // Its words new on each try: a retry finds the first try's item too.
    const words = `Reading notes only, ${Date.now().toString(36)}.`;
    await page.evaluate(async (text) => {
      const [board] = await fetch('/api/dbload/load_multilists', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ addresses: ['/author/media-week'] }),
      }).then((r) => r.json() as Promise<{ lists: { _id: string }[] }[]>);
      await fetch('/api/forms/insert_item', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ listId: board!.lists[0]!._id, text }),
      });
    }, words);
    await page.reload();
    await clips().getByText(words).click();
    await tool('Set poster frame').click();
    await page.getByText('This is not a media item, so cannot set poster frame!').waitFor();
  });
});
