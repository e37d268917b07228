/**
 * Markup as a reader sees it: a formula inside a sentence, a section link to a title with
 * spaces, the user guide's word on slugs and media ranges, and pictures from unsafe sources.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from './browser';
import { list, newBoard, selectItem } from './board-helpers';
import { appUrl, signIn } from './session';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

describe('markup', () => {
  it('sets $…$ and $$…$$ inside a sentence with KaTeX, and a link to a title with spaces jumps to that list', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    // KaTeX is fetched only for a board with a formula: not for the author's home board.
    const katexFetched = () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/assets\/katex-/.test(e.name)),
      );
    await page.locator('main [data-board]').first().waitFor();
    expect(await katexFetched()).toBe(false);
    await newBoard(page, `Markup Lab ${Date.now()}`, [
      {
        title: 'Week 1',
        items: [
          'The area of a circle of radius $r$ is $$\\pi r^2$$, which costs $5 to learn.',
          'Jump to [Week 6](#Week 6) or [the second week](#week-2).',
        ],
      },
      ...[2, 3, 4, 5].map((n) => ({ title: `Week ${n}`, items: [`Reading for week ${n}.`] })),
      { title: 'Week 6', items: ['The last week: review.'] },
    ]);
    const first = list(page, 'Week 1');
    const sentence = first.getByRole('article').first();
    // The formulas sit inside the sentence's paragraph, in the line; the dollars are gone, but
    // not the price's.
    await sentence.locator('p .katex').first().waitFor();
    expect(await sentence.locator('p .katex').count()).toBe(2);
    expect(await katexFetched()).toBe(true);
    expect(await sentence.locator('.katex-display').count()).toBe(0);
    const shown = await sentence.evaluate((el) => {
      const p = el.querySelector('p')!.cloneNode(true) as HTMLElement;
      p.querySelectorAll('.katex-mathml').forEach((m) => m.remove());
      return p.textContent;
    });
    expect(shown).not.toContain('$$');
    expect(shown).toContain('which costs $5 to learn.');
    expect(shown).toContain('of radius r is πr2,');

    // The last list is off screen until the link brings it in.
    const last = list(page, 'Week 6');
    const inView = async () => {
      const box = await last.boundingBox();
      return box !== null && box.x >= 0 && box.x + 50 < page.viewportSize()!.width;
    };
    expect(await inView()).toBe(false);
    await screenshot(page, 'markup-inline-math');
    await first.getByRole('link', { name: 'Week 6' }).click();
    await expect.poll(inView, { timeout: 5000 }).toBe(true);
    await screenshot(page, 'markup-section-link');
    // The address stays the board's: a section link only scrolls.
    expect(page.url()).toContain('/author/markup-lab-');
  });

  it('lays Arabic out right to left, beside English left to right, in items, notes and fields', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    const arabic = 'استخدم Google Docs لكتابة الواجب، ثم أرسل الرابط إلى المعلم.';
    const english = 'An English paragraph beside it.';
    const arabicList = '- القراءة الأولى\n- القراءة الثانية';
    const englishList = '- First reading\n- Second reading';
    await newBoard(page, `RTL ${Date.now()}`, [
      { title: 'الأسبوع الأول', items: [arabic, english, arabicList, englishList] },
    ]);
    const column = list(page, 'الأسبوع الأول');
    /** Where the words sit in their block: against its right edge, its left, or neither. */
    const side = (block: ReturnType<typeof column.locator>) =>
      block.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const words = range.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const [left, right] = [
          box.left + parseFloat(style.paddingLeft),
          box.right - parseFloat(style.paddingRight),
        ];
        // Short enough to leave room on one side.
        if (Math.abs(words.right - right) < 2 && words.left - left > 10) return 'right';
        if (Math.abs(words.left - left) < 2 && right - words.right > 10) return 'left';
        return `neither (${words.left}-${words.right} in ${left}-${right})`;
      });
    const paragraph = (text: string) => column.locator('p', { hasText: text.slice(0, 12) });
    await expect(side(paragraph(arabic))).resolves.toBe('right');
    await expect(side(paragraph(english))).resolves.toBe('left');
    // A list's bullets and indent are on the side it reads from: its entries' room, left and right.
    const indent = (entry: string) =>
      column.locator('ul', { hasText: entry }).evaluate((ul) => {
        const [box, first] = [
          ul.getBoundingClientRect(),
          ul.firstElementChild!.getBoundingClientRect(),
        ];
        return [Math.round(first.left - box.left), Math.round(box.right - first.right)];
      });
    await expect(indent('القراءة الأولى')).resolves.toEqual([0, 20]);
    await expect(indent('First reading')).resolves.toEqual([20, 0]);
    // The list's Arabic title is on the right of its header too.
    await expect(side(column.locator('h3', { hasText: 'الأسبوع الأول' }))).resolves.toBe('right');
    // The form's fields take the direction of what is typed.
    await selectItem(column.getByRole('article').first());
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    // The item it is about, quoted above the fields, reads right to left too.
    await expect(side(page.locator('.form-quote'))).resolves.toBe('right');
    const field = page.getByLabel('Your note');
    await expect(field.getAttribute('dir')).resolves.toBe('auto');
    await field.fill('ملاحظة قصيرة.');
    await page.getByRole('button', { name: 'Submit' }).click();
    const note = column.locator('.note-text', { hasText: 'ملاحظة قصيرة.' });
    await note.waitFor();
    await expect(side(note)).resolves.toBe('right');
    await screenshot(page, 'markup-rtl');
  });

  it('the user guide explains slugs and media ranges', async () => {
    const { page } = b;
    await page.goto(`${base}/admin/help`);
    const reading = list(page, 'Reading');
    await reading.getByRole('heading', { name: 'Section links and slugs' }).waitFor();
    await reading.getByText('week-2-framing', { exact: true }).waitFor();
    const editing = list(page, 'Editing');
    const ranges = editing.getByRole('article').filter({
      has: page.getByRole('heading', { name: 'Media ranges' }),
    });
    await ranges.getByText('/media/lecture.webm 1:05-1:30 ~ The key minute').waitFor();
    // The guide's own example of a formula in a sentence is set in the line.
    const math = editing.getByRole('article').filter({
      has: page.getByRole('heading', { name: 'Math and code' }),
    });
    await math.locator('p .katex').first().waitFor();
    expect(await math.locator('p .katex').count()).toBe(2);
    await math.getByText('Prices stay as written: $5, or $10 for two.').waitFor();
    await screenshot(page, 'markup-user-guide');
  });

  it('never puts a picture with a javascript: source into the page; its words stay readable', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Picture Lab ${Date.now()}`, [
      {
        title: 'Pictures',
        items: [
          '![a trap](javascript:window.__img=1)',
          'In a line ![another](javascript:window.__img=2) and ![ok](/media/pattern.jpg) too.',
          '<img src="javascript:window.__img=3" alt="html trap">',
          '![fine](/media/pattern.jpg)',
        ],
      },
    ]);
    const pictures = list(page, 'Pictures');
    await pictures.getByRole('img', { name: 'fine' }).waitFor();
    await pictures.getByText('![a trap](javascript:window.__img=1)').waitFor();
    const sources = await page
      .locator('main img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
    expect(sources.filter((s) => /script/i.test(s))).toEqual([]);
    expect(await page.locator('main [src*="javascript" i]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __img?: unknown }).__img)).toBeUndefined();
  });
});
