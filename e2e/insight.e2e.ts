/**
 * Insight, as a board's author meets it: the Annotate menu opens the board's Insight page, whose
 * reader table sorts by a column header; the most noted passage links back to its highlight; the
 * View menu's Heat view shades the noted items and says how many notes each drew; the CSV
 * downloads with its header row and a row per note. On a phone the page fits the screen.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeSelection } from '@listboard/core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { list } from './board-helpers';
import { seriousViolations } from './axe';
import { apiAs, appUrl, more, signIn, toggleEntry } from './session';

const base = appUrl();
let b: Browser;
let page: Page;
const TITLE = `Insight Lab ${Date.now()}`;
let address = '';

interface Loaded {
  _id: string;
  lists: {
    _id: string;
    items: { _id: string; version: number; blocks: { _id: string; text: string }[] }[];
  }[];
}

const readerNames = (p: Page) =>
  p.getByRole('table', { name: 'Readers' }).getByRole('rowheader').allInnerTexts();

beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
  const author = await apiAs(base, 'author');
  const made = await author.post<{ multilistId: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    { titleText: TITLE },
  );
  address = `/author/${made.ptitle}`;
  await author.post('/api/forms/insert_list', {
    multilistId: made.multilistId,
    titleText: 'Week 1',
    itemText: 'Light turns into sugar in the leaf.\n\nRoots drink water.\n\nA quiet item',
  });
  const [board] = await author.post<Loaded[]>('/api/dbload/load_multilists', {
    addresses: [address],
  });
  const week = board!.lists[0]!;
  const [leaf, roots] = week.items;
  const text = leaf!.blocks[0]!.text;
  const at = text.indexOf('turns into sugar');
  const highlight = describeSelection(text, at, at + 'turns into sugar'.length, {
    blockId: leaf!.blocks[0]!._id,
    blockIndex: 0,
    version: leaf!.version,
  });
  const reader = await apiAs(base, 'reader');
  const demo = await apiAs(base, 'demo');
  const note = (who: typeof reader, itemId: string, spec: object) =>
    who.post('/api/forms/insert_note', { listId: week._id, itemId, noteSpec: spec });
  await note(reader, leaf!._id, { text: 'How does light become sugar?', highlight });
  await note(reader, leaf!._id, { text: 'A second thought, with a comma' });
  await note(reader, roots!._id, { text: 'Which roots?' });
  await note(demo, leaf!._id, { text: 'I am lost here, too many words for me', highlight });
  await signIn(page, base, 'author');
  await page.goto(`${base}${address}`);
  await list(page, 'Week 1').waitFor();
}, 60_000);
afterAll(async () => b.close());

describe('the Insight page', () => {
  it('opens from the Annotate menu and sorts its reader table by a column header', async () => {
    await page.goto(`${base}${address}`);
    await list(page, 'Week 1').waitFor();
    await more(page, 'Insight');
    await page.waitForURL(`**${address}/insight`);
    await page.getByRole('heading', { name: `Insight: ${TITLE}` }).waitFor();
    const totals = page.locator('.insight-totals');
    await expect.poll(() => totals.innerText()).toContain('Notes\n4');
    // Most notes first: reader (3) before demo (1).
    await expect.poll(() => readerNames(page)).toEqual(['Sam Lee (reader)', 'Demo Reader (demo)']);
    const words = page.getByRole('columnheader', { name: /Words/ });
    await words.getByRole('button').click();
    expect(await words.getAttribute('aria-sort')).toBe('descending');
    // demo wrote 9 words, reader 5 + 6 + 2 = 13.
    expect(await readerNames(page)).toEqual(['Sam Lee (reader)', 'Demo Reader (demo)']);
    await words.getByRole('button').click();
    expect(await words.getAttribute('aria-sort')).toBe('ascending');
    expect(await readerNames(page)).toEqual(['Demo Reader (demo)', 'Sam Lee (reader)']);
    // By keyboard: the Reader header is a button reached with Tab and pressed with Enter.
    const byName = page.getByRole('columnheader', { name: /Reader/ }).getByRole('button');
    await byName.focus();
    await page.keyboard.press('Enter');
    expect(await readerNames(page)).toEqual(['Demo Reader (demo)', 'Sam Lee (reader)']);
    await expect
      .poll(() => page.locator('.confusion li').first().innerText())
      .toContain('turns into sugar');
    expect(await page.locator('.confusion li').first().innerText()).toContain(
      '2 notes, 1 question',
    );
    await page.locator('.activity-plot canvas').first().waitFor();
    // Each list's figures sit in the table's columns, under their headings, as the items' do.
    const byList = page.getByRole('table', { name: 'Notes by list and item' });
    const columns = await byList
      .getByRole('columnheader')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    const listRow = byList.getByRole('row').filter({ hasText: 'Week 1' }).first();
    const cells = await listRow
      .locator('th, td')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(cells).toEqual(columns);
    await screenshot(page, 'insight-desktop');
  });

  it('downloads the notes as CSV with its header row and a row per note', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-annotations\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toBe(
      'board,list,item,quote,note,writer,group,status,private,created,parent,status_by,late,helpful,tags',
    );
    expect(rows).toHaveLength(4);
    const row = rows.find((r) => r.includes('How does light become sugar?'));
    expect(row).toMatch(
      new RegExp(
        `^${address},Week 1,Light turns into sugar in the leaf\\.,turns into sugar,How does light become sugar\\?,reader,,pending,false,\\d{4}-\\d\\d-\\d\\dT[^,]+,,,,0,$`,
      ),
    );
    expect(csv).toContain('"A second thought, with a comma"');
  });

  it('links a passage to its highlight on the board', async () => {
    if (!page.url().endsWith(`${address}/insight`)) await page.goto(`${base}${address}/insight`);
    const link = page.locator('.confusion a').first();
    const href = (await link.getAttribute('href')) ?? '';
    const noteId = /#note-([0-9a-f-]{36})$/.exec(href)?.[1];
    expect(href.startsWith(`${address}#note-`) && noteId).toBeTruthy();
    // By keyboard: the passage's link takes the focus and Enter follows it.
    await link.focus();
    await page.keyboard.press('Enter');
    await list(page, 'Week 1').waitFor();
    await expect.poll(() => page.url()).toContain(`#note-${noteId}`);
    // The passage is highlighted and flashed on the board.
    await page.locator(`mark.flash[data-note-id="${noteId}"]`).first().waitFor();
  });

  it('shades the noted items in the heat view, with the count in words', async () => {
    await page.goto(`${base}${address}`);
    await list(page, 'Week 1').waitFor();
    // The board's view state keeps the heat view: a first try of this test may have left it on,
    // and the toggle would then turn it off.
    const heat = toggleEntry(page, 'Heat view');
    if ((await heat.getAttribute('aria-checked')) === 'true') await more(page, 'Heat view');
    await expect.poll(() => heat.getAttribute('aria-checked')).toBe('false');
    await more(page, 'Heat view');
    await expect
      .poll(() => toggleEntry(page, 'Heat view').getAttribute('aria-checked'))
      .toBe('true');
    const leaf = list(page, 'Week 1').getByRole('article').filter({ hasText: 'Light turns' });
    const mark = leaf.getByRole('img', { name: 'Heat: 3 notes and replies' });
    await mark.waitFor();
    expect(await mark.getAttribute('data-heat')).toBe('4');
    const roots = list(page, 'Week 1').getByRole('article').filter({ hasText: 'Roots drink' });
    expect(
      await roots.getByRole('img', { name: 'Heat: 1 note or reply' }).getAttribute('data-heat'),
    ).toBe('2');
    const quiet = list(page, 'Week 1').getByRole('article').filter({ hasText: 'A quiet item' });
    expect(await quiet.locator('.heat-mark').count()).toBe(0);
    const shade = await leaf.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(shade).toContain('linear-gradient');
    await screenshot(page, 'insight-heat-desktop');
    await more(page, 'Heat view');
    await expect.poll(() => leaf.locator('.heat-mark').count()).toBe(0);
  });

  it('says a board is not there, and offers nothing to print or download for it', async () => {
    await page.goto(`${base}/author/no-such-board-${Date.now()}/insight`);
    await page.getByText(/^There is no board at \/author\/no-such-board-/).waitFor();
    for (const name of ['Download CSV', 'Download JSON-LD'])
      expect(await page.getByRole('link', { name }).count(), name).toBe(0);
    expect(await page.getByRole('button', { name: 'Print report' }).count()).toBe(0);
    await page.getByRole('link', { name: '← Back to the board' }).waitFor();
  });

  it('shows a reader, on their phone, their own notes’ figures, said as theirs', async () => {
    const phone = await openPhone('iPhone 13');
    try {
      const p = phone.page;
      await signIn(p, base, 'reader');
      await p.goto(`${base}${address}/insight`);
      await p.getByText('Your own notes on this board.').waitFor();
      await p.getByRole('heading', { name: 'Your notes in all' }).waitFor();
      const terms = await p.locator('.insight-totals dt').allTextContents();
      const values = await p.locator('.insight-totals dd').allTextContents();
      // The reader's three notes; no count of readers, no table of readers, no grades.
      expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toMatchObject({
        Notes: '3',
        Pending: '3',
      });
      expect(terms).not.toContain('Readers');
      await p.getByRole('heading', { name: 'Your activity' }).waitFor();
      expect(await p.getByRole('table', { name: 'Readers' }).count()).toBe(0);
      expect(await p.getByRole('link', { name: 'Course grades' }).count()).toBe(0);
      await screenshot(p, 'insight-reader-phone');
    } finally {
      await phone.close();
    }
  });

  it('plots a reader’s notes per day on an axis marked in days, not hours, and counts them in words', async () => {
    const own = await openBrowser();
    try {
      const p = own.page;
      // What the chart draws on its canvas: its axis marks among it.
      await p.addInitScript(() => {
        const drawn: string[] = [];
        Object.assign(window, { drawn });
        const canvas = CanvasRenderingContext2D.prototype;
        const fill = Object.getOwnPropertyDescriptor(canvas, 'fillText')?.value as (
          this: CanvasRenderingContext2D,
          ...args: [string, number, number, number?]
        ) => void;
        canvas.fillText = function (...args) {
          drawn.push(args[0]);
          fill.apply(this, args);
        };
      });
      await signIn(p, base, 'demo');
      await p.goto(`${base}${address}/insight`);
      const caption = p.locator('.activity-chart figcaption');
      // demo wrote one note today.
      await expect.poll(() => caption.innerText()).toMatch(/: 1 note, 0 replies$/);
      const today = await p.evaluate(() =>
        new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(new Date()),
      );
      const drawn = () => p.evaluate(() => (window as unknown as { drawn: string[] }).drawn);
      await expect.poll(drawn).toContain(today);
      expect((await drawn()).filter((t) => /\d\s*(am|pm)$/i.test(t))).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('fits a phone', async () => {
    const phone = await openPhone('iPhone 13');
    try {
      await signIn(phone.page, base, 'author');
      await phone.page.goto(`${base}${address}/insight`);
      await phone.page.getByRole('table', { name: 'Readers' }).waitFor();
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // Print, the downloads, the periods and the dates: each a finger's 44 px.
      const targets = await phone.page
        .locator('.insight-actions .tool, .chart-range .tool, .chart-range input')
        .evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            const name = e.textContent.trim() || e.getAttribute('aria-label') || e.tagName;
            return `${name} ${Math.round(Math.min(r.width, r.height))}`;
          }),
        );
      expect(targets.length).toBeGreaterThanOrEqual(8);
      expect(targets.filter((t) => Number(t.split(' ').at(-1)) < 44)).toEqual([]);
      await screenshot(phone.page, 'insight-phone');
      await phone.page
        .getByRole('table', { name: 'Notes by list and item' })
        .scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'insight-phone-tables');
      // Each table wider than the screen scrolls on its own: the keyboard reaches its scroller.
      expect(await seriousViolations(phone.page)).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('counts again when its tab comes back into view, as a class goes on writing', async () => {
    await page.goto(`${base}${address}/insight`);
    const totals = page.locator('.insight-totals');
    await expect.poll(() => totals.innerText()).toMatch(/Notes\n\d+/);
    const before = Number(/Notes\n(\d+)/.exec(await totals.innerText())![1]);
    const [board] = await (
      await apiAs(base, 'author')
    ).post<Loaded[]>('/api/dbload/load_multilists', { addresses: [address] });
    await (
      await apiAs(base, 'demo')
    ).post('/api/forms/insert_note', {
      listId: board!.lists[0]!._id,
      itemId: board!.lists[0]!.items[1]!._id,
      noteSpec: { text: 'Written while the teacher was in another tab.' },
    });
    // The tab is shown again: the browser fires visibilitychange at the document, bubbling.
    await page.evaluate(() =>
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
    );
    await expect.poll(() => totals.innerText()).toContain(`Notes\n${before + 1}`);
  });
});
