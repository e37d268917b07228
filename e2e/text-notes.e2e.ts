import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { appUrl, postAsPage, signIn } from './session';
import { dragAcross, list, selectItem, settled } from './board-helpers';
import { itemLinkMsg } from '@listboard/core';

const base = appUrl();
let authorB: Browser;
let readerB: Browser;
let author: Page;
let reader: Page;

/** The corpus board: each item's blocks of many kinds and formats. */
const ITEMS = [
  'They *would* say **claims** instead of `facts`, and claims again.\n\nA second paragraph with [a link](https://example.org/a) and claims.',
  '- first *point* here\n- second point with `code`\n- third point\n  - nested **deep** point',
  '| term | meaning |\n| --- | --- |\n| frame | what is put first |\n| claim | what is *said* |',
  '```js\nconst answer = 42;\nconst again = answer + 1;\n```',
  '$$\\int_0^1 x^2\\,dx = \\tfrac{1}{3}$$',
  'Emoji 👍 and 🎉 mixed with words, 👍 twice, and 👩‍💻 joined.',
  'שלום עולם — Hebrew words, then English words, then שלום again.',
  'The cat sat on the mat; the cat ate the rat; the end.',
  '## Heading with *emphasis*\n\n> A quoted **claim** with a [link](https://example.org/q) inside.',
  '\\(a^2 + b^2 = c^2\\)',
  '1. one *first*\n2. two `second`\n3. three [third](https://example.org/3)',
  'Mixed ***bold italic*** and ~~struck~~ text and <em>html em</em> too.',
];

/**
 * One selection: in item `item`, block `block`, either the `nth` copy of `words`, or from the
 * start of `from` to the end of `to`, or the characters `at`..`end` of the block's rendered text.
 */
interface Sel {
  item: number;
  block?: number;
  words?: string;
  nth?: number;
  from?: string;
  to?: string;
  at?: number;
  end?: number;
}

const CORPUS: Sel[] = [
  // Bold, italic, code and a repeated word in one paragraph.
  { item: 0, words: 'would say claims instead' },
  { item: 0, words: 'claims' },
  { item: 0, words: 'claims', nth: 1 },
  { item: 0, words: 'facts' },
  { item: 0, words: 'of facts, and' },
  { item: 0, words: 'They' },
  { item: 0, words: 'again.' },
  { item: 0, words: 'y would s' },
  { item: 0, from: 'They', to: 'again.' },
  // A link, and the same word in the next paragraph.
  { item: 0, block: 1, words: 'a link' },
  { item: 0, block: 1, words: 'with a link and' },
  { item: 0, block: 1, words: 'claims' },
  { item: 0, block: 1, words: 'A second' },
  // Lists, nested, across entries.
  { item: 1, words: 'first point here' },
  { item: 1, words: 'point', nth: 1 },
  { item: 1, words: 'point', nth: 2 },
  { item: 1, words: 'with code' },
  { item: 1, words: 'deep' },
  { item: 1, words: 'nested deep point' },
  { item: 1, from: 'here', to: 'second' },
  // Table cells, across cells and rows.
  { item: 2, words: 'term' },
  { item: 2, words: 'meaning' },
  { item: 2, words: 'what is put first' },
  { item: 2, words: 'said' },
  { item: 2, words: 'what is said' },
  { item: 2, from: 'frame', to: 'first' },
  { item: 2, from: 'first', to: 'claim' },
  // Code.
  { item: 3, words: 'const answer = 42;' },
  { item: 3, words: 'answer', nth: 1 },
  { item: 3, from: '42', to: 'again' },
  { item: 3, words: 'answer + 1' },
  // A displayed formula: what KaTeX shows, not its MathML copy.
  { item: 4, at: 0, end: 3 },
  { item: 4, at: 2, end: 6 },
  { item: 4, at: 0 },
  // Emoji, one of them repeated, one joined from several code points.
  { item: 5, words: '👍' },
  { item: 5, words: '👍', nth: 1 },
  { item: 5, words: '🎉 mixed' },
  { item: 5, words: '👩‍💻' },
  { item: 5, words: 'words, 👍 twice' },
  // Right-to-left words, one repeated, and mixed with left-to-right ones.
  { item: 6, words: 'שלום' },
  { item: 6, words: 'שלום', nth: 1 },
  { item: 6, words: 'עולם' },
  { item: 6, words: 'שלום עולם — Hebrew' },
  { item: 6, words: 'English words' },
  // The same short words many times.
  { item: 7, words: 'the' },
  { item: 7, words: 'the', nth: 1 },
  { item: 7, words: 'the', nth: 2 },
  { item: 7, words: 'the', nth: 3 },
  { item: 7, words: 'cat', nth: 1 },
  { item: 7, words: 'the cat' },
  // A heading, and a quotation with a link.
  { item: 8, words: 'Heading with emphasis' },
  { item: 8, words: 'emphasis' },
  { item: 8, block: 1, words: 'quoted claim with a link' },
  { item: 8, block: 1, words: 'link' },
  // An inline formula.
  { item: 9, at: 0, end: 2 },
  // An ordered list with code and a link.
  { item: 10, words: 'first' },
  { item: 10, words: 'two second' },
  { item: 10, from: 'second', to: 'third' },
  // Bold italic, strike-through, HTML.
  { item: 11, words: 'bold italic' },
  { item: 11, words: 'struck' },
  { item: 11, words: 'html em too' },
];

interface Board {
  _id: string;
  lists: {
    title: string;
    items: {
      _id: string;
      version: number;
      blocks: { _id?: string }[];
      notes: { _id: string; text: string; highlight: unknown }[];
    }[];
  }[];
}

/**
 * Selects with a DOM Range in the page, as a drag would leave it, and says what it covers: the
 * characters of the block's rendered text (its text nodes, less KaTeX's MathML copy) and their
 * offsets. Waits two frames, as a person cannot act sooner.
 */
async function selectIn(card: Locator, sel: Sel) {
  return card.evaluate(async (el, sel) => {
    const blocks = Array.from(el.children).filter((c) => c.classList.contains('block'));
    const block = blocks[sel.block ?? 0]!;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) =>
        n.parentElement?.closest('.katex-mathml')
          ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_ACCEPT,
    });
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    const text = nodes.map((n) => n.data).join('');
    const nth = (words: string, k = 0) => {
      let at = -1;
      for (let i = 0; i <= k; i++) {
        at = text.indexOf(words, at + 1);
        if (at < 0) throw new Error(`"${words}" (${k}) not in "${text}"`);
      }
      return at;
    };
    let start: number;
    let end: number;
    if (sel.words !== undefined) {
      start = nth(sel.words, sel.nth);
      end = start + sel.words.length;
    } else if (sel.from !== undefined) {
      start = nth(sel.from);
      end = text.indexOf(sel.to!, start) + sel.to!.length;
    } else {
      start = sel.at!;
      end = sel.end ?? text.length;
    }
    const point = (offset: number, isEnd: boolean): [Node, number] => {
      let pos = 0;
      for (const n of nodes) {
        if (offset < pos + n.length || (isEnd && offset === pos + n.length))
          return [n, offset - pos];
        pos += n.length;
      }
      throw new Error('past the end');
    };
    const range = document.createRange();
    range.setStart(...point(start, false));
    range.setEnd(...point(end, true));
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return { exact: text.slice(start, end), start, end, rangeText: range.toString() };
  }, sel);
}

const noteForm = (page: Page) => page.getByRole('form', { name: 'Note' });

beforeAll(async () => {
  [authorB, readerB] = await Promise.all([openBrowser(), openBrowser()]);
  author = authorB.page;
  reader = readerB.page;
  await Promise.all([signIn(author, base, 'author'), signIn(reader, base, 'reader')]);
  const post = (path: string, body: object) =>
    postAsPage<Record<string, string>>(author, base, path, body);
  const board = await post('/api/forms/insert_multilist', { titleText: 'Selection Corpus' });
  const { listId } = await post('/api/forms/insert_list', {
    multilistId: board.multilistId,
    titleText: 'Corpus',
  });
  for (const text of ITEMS) await post('/api/forms/insert_item', { listId, text });
  const { listId: other } = await post('/api/forms/insert_list', {
    multilistId: board.multilistId,
    titleText: 'Reading',
  });
  for (const text of [
    'Critics would *rather* say **claims** than facts.',
    'Second item, to note as a whole.',
  ])
    await post('/api/forms/insert_item', { listId: other, text });
}, 90_000);
afterAll(async () => {
  await Promise.all([authorB.close(), readerB.close()]);
});

const loadBoard = async (page: Page) =>
  (
    await postAsPage<Board[]>(page, base, '/api/dbload/load_multilists', {
      addresses: ['/author/selection-corpus'],
    })
  )[0]!;

describe('notes on selected text', () => {
  it(`stores exactly the selected characters for ${CORPUS.length} selections over every kind of block and format`, async () => {
    await reader.goto(`${base}/author/selection-corpus`);
    const corpus = list(reader, 'Corpus');
    await corpus.locator('.katex-display').waitFor();
    await corpus.locator('code.hljs span').first().waitFor();
    // The notes' words new on each try: a retry finds the first try's notes on the items too.
    const run = Date.now().toString(36);
    const words = (i: number) => `corpus ${run} ${i}`;
    const chosen: Awaited<ReturnType<typeof selectIn>>[] = [];
    for (const [i, sel] of CORPUS.entries()) {
      const card = corpus.getByRole('article').nth(sel.item);
      // alt+n with text selected in an item opens the note form on that passage.
      const got = await selectIn(card, sel);
      await reader.keyboard.press('Alt+n');
      chosen.push(got);
      // What the DOM itself says is selected.
      expect(got.rangeText, `selection ${i}`).toBe(got.exact);
      await expect
        .poll(() => noteForm(reader).locator('.form-quote').textContent(), {
          message: `quote of selection ${i}`,
        })
        .toBe(got.exact);
      await noteForm(reader).getByLabel('Your note').fill(words(i));
      await noteForm(reader).getByRole('button', { name: 'Submit' }).click();
      // The note can show through the live stream before the server's answer closes the form:
      // the reader goes on once the form has gone, as they would.
      await card.getByText(words(i), { exact: true }).waitFor();
      await noteForm(reader).waitFor({ state: 'detached' });
    }

    const board = await loadBoard(reader);
    const items = board.lists.find((l) => l.title === 'Corpus')!.items;
    for (const [i, sel] of CORPUS.entries()) {
      const item = items[sel.item]!;
      const note = item.notes.find((n) => n.text === words(i))!;
      const block = sel.block ?? 0;
      expect(note.highlight, `selection ${i}: ${JSON.stringify(sel)}`).toMatchObject({
        block: { id: item.blocks[block]!._id, index: block },
        version: item.version,
        selector: [
          { type: 'TextQuoteSelector', exact: chosen[i]!.exact },
          { type: 'TextPositionSelector', start: chosen[i]!.start, end: chosen[i]!.end },
        ],
      });
    }

    // Each passage is drawn where it was selected: the second "claims" of the first paragraph.
    const first = corpus.getByRole('article').first();
    const repeated = items[0]!.notes.find((n) => n.text === words(2))!;
    const marks = first.locator(`mark[data-note-id="${repeated._id}"]`);
    await expect(marks.allTextContents()).resolves.toEqual(['claims']);
    const before = await marks.evaluate((m) => {
      const block = m.closest('.block')!;
      const r = document.createRange();
      r.setStart(block, 0);
      r.setEndBefore(m);
      return r.toString();
    });
    expect(before).toBe('They would say claims instead of facts, and ');
    await screenshot(reader, 'text-notes-corpus');
  }, 300_000);

  it('a reader selects words across formatting and notes them: the highlight shows for them and for the author after a reload, and Discussion finds the words in the item as it is now', async () => {
    // A list of its own, with the Reading list's first item, and a note, new on each try: a
    // retry would find the first try's note on the words, and the item perhaps edited.
    const run = Date.now().toString(36);
    const reading = `Reading ${run}`;
    const said = `Who would, and why rather? ${run}`;
    await postAsPage(author, base, '/api/forms/insert_list', {
      multilistId: (await loadBoard(author))._id,
      titleText: reading,
      itemText: 'Critics would *rather* say **claims** than facts.',
    });
    await reader.goto(`${base}/author/selection-corpus`);
    const card = list(reader, reading).getByRole('article').nth(0);
    await card.waitFor();
    // Drag across "would rather say claims" (italic and bold inside) as a person would.
    await dragAcross(reader, card, 'would rather say claims');
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    // The form quotes the selected words.
    await expect(noteForm(reader).locator('.form-quote').textContent()).resolves.toBe(
      'would rather say claims',
    );
    await noteForm(reader).getByLabel('Your note').fill(said);
    await noteForm(reader).getByRole('button', { name: 'Submit' }).click();
    const marks = card.locator('mark[data-note-id]');
    await marks.first().waitFor();
    await expect(marks.allTextContents().then((t) => t.join(''))).resolves.toBe(
      'would rather say claims',
    );
    // Hovering a highlight names its note, and picks the note out in the notes list.
    await expect(marks.first().getAttribute('title')).resolves.toContain(said);
    await marks.first().hover();
    await expect(card.locator('.note.note-active').textContent()).resolves.toContain(said);

    for (const page of [reader, author]) {
      await page.goto(`${base}/author/selection-corpus`);
      const marked = list(page, reading).getByRole('article').nth(0).locator('mark[data-note-id]');
      await marked.first().waitFor();
      await expect(marked.allTextContents().then((t) => t.join(''))).resolves.toBe(
        'would rather say claims',
      );
    }
    await screenshot(author, 'text-notes-highlight');

    // Choosing the note's quote in the notes list flashes its highlight and focuses it.
    const authorCard = list(author, reading).getByRole('article').nth(0);
    await authorCard.getByRole('button', { name: /would rather say claims/ }).click();
    await expect.poll(() => author.evaluate(() => document.activeElement?.tagName)).toBe('MARK');
    await expect(authorCard.locator('mark.flash').count()).resolves.toBeGreaterThan(0);

    // Discussion shows the note apart from its item, and finds its words in the item as it is.
    const discussion = `${base}/author/home?code=pending&username=author`;
    await author.goto(discussion);
    const hit = author.getByRole('listitem').filter({ hasText: said });
    await hit.getByText('would rather say claims').waitFor();
    await expect(hit.getByText('(on an earlier version)').count()).resolves.toBe(0);
    // Reworded around the words, the note still finds them; with the words gone, it says so.
    const edit = async (text: string) => {
      const item = (await loadBoard(author)).lists.find((l) => l.title === reading)!.items[0]!;
      await postAsPage(author, base, '/api/forms/edit_item', {
        itemId: item._id,
        text,
        version: item.version,
      });
    };
    await edit('Some critics would *rather* say **claims** than give facts.');
    await author.goto(discussion);
    await hit.getByText('would rather say claims').waitFor();
    await expect(hit.getByText('(on an earlier version)').count()).resolves.toBe(0);
    await edit('Some critics prefer to say claims than give facts.');
    await author.goto(discussion);
    await hit.getByText('(on an earlier version)').waitFor();
    await edit('Critics would *rather* say **claims** than facts.');
    await author.goto(`${base}/author/selection-corpus`);
    await authorCard.locator('mark[data-note-id]').first().waitFor();

    // Hiding notes hides their highlights; showing them again draws them again.
    await author.keyboard.press('Alt+m');
    await expect.poll(() => authorCard.locator('mark[data-note-id]').count()).toBe(0);
    await author.keyboard.press('Alt+m');
    await author.keyboard.press('Alt+m');
    await authorCard.locator('mark[data-note-id]').first().waitFor();
  });

  it('words selected with the mouse offer Note beside them, which notes them; Escape or a click elsewhere puts the offer away; the author is offered Annotate too, a guest nothing', async () => {
    const run = Date.now().toString(36);
    const beside = `Beside ${run}`;
    await postAsPage(author, base, '/api/forms/insert_list', {
      multilistId: (await loadBoard(author))._id,
      titleText: beside,
      itemText:
        'Critics would *rather* say **claims** than facts.\n\nA short line, noted by no one.',
    });
    await reader.goto(`${base}/author/selection-corpus`);
    const card = list(reader, beside).getByRole('article').nth(0);
    await card.waitFor();
    const offer = (page: Page) => page.getByRole('toolbar', { name: 'Selected words' });
    await dragAcross(reader, card, 'rather say claims');
    await offer(reader).waitFor();
    // Under the words' end, on the screen; a reader may note them, not annotate them.
    const words = await reader.evaluate(() => {
      const r = getSelection()!.getRangeAt(0).getBoundingClientRect();
      return { bottom: r.bottom, left: r.left, right: r.right };
    });
    const box = (await offer(reader).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(words.bottom);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(await reader.evaluate(() => innerWidth));
    await expect(offer(reader).getByRole('button').allInnerTexts()).resolves.toEqual(['Note']);
    await reader.keyboard.press('Escape');
    await offer(reader).waitFor({ state: 'detached' });
    // A click elsewhere lets the words go, and the offer with them (a drag that starts on
    // selected words would move them: these start past them).
    await dragAcross(reader, card, 'than facts');
    await offer(reader).waitFor();
    await list(reader, beside).getByRole('heading', { name: beside }).click();
    await offer(reader).waitFor({ state: 'detached' });

    await dragAcross(reader, card, 'say claims than');
    await offer(reader).getByRole('button', { name: 'Note the selected words' }).click();
    await expect(noteForm(reader).locator('.form-quote').textContent()).resolves.toBe(
      'say claims than',
    );
    await expect(offer(reader).count()).resolves.toBe(0);
    await noteForm(reader).getByLabel('Your note').fill(`Beside the words ${run}`);
    await noteForm(reader).getByRole('button', { name: 'Submit' }).click();
    const marks = card.locator('mark[data-note-id]');
    await marks.first().waitFor();
    await expect(marks.allTextContents().then((t) => t.join(''))).resolves.toBe('say claims than');

    await author.goto(`${base}/author/selection-corpus`);
    const authorCard = list(author, beside).getByRole('article').nth(0);
    await dragAcross(author, authorCard, 'Critics would');
    await expect
      .poll(() => offer(author).getByRole('button').allInnerTexts())
      .toEqual(['Note', 'Annotate']);
    await screenshot(author, 'text-notes-offer');
    // Words on an item's last line: the offer goes above them, not over the item's buttons
    // under them (the offer put away first: it sits over the line below the words).
    await author.keyboard.press('Escape');
    const short = list(author, beside).getByRole('article').nth(1);
    // Selected first, so its buttons are there before the drag, not drawn under it.
    await selectItem(short, { position: { x: 4, y: 4 } });
    await dragAcross(author, short, 'by no one.');
    await offer(author).getByRole('button', { name: 'Note the selected words' }).waitFor();
    const over = await offer(author).evaluate((bar) => {
      const b = bar.getBoundingClientRect();
      const article = getSelection()!.anchorNode!.parentElement!.closest('article')!;
      return [...article.querySelectorAll('button, summary, a[href]')]
        .filter((c) => {
          const r = c.getBoundingClientRect();
          return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
        })
        .map((c) => c.textContent);
    });
    expect(over).toEqual([]);

    const guest = await openBrowser();
    try {
      await guest.page.goto(`${base}/author/selection-corpus`);
      const guestCard = list(guest.page, beside).getByRole('article').nth(0);
      await dragAcross(guest.page, guestCard, 'Critics would');
      await settled(guest.page);
      await expect(offer(guest.page).count()).resolves.toBe(0);
    } finally {
      await guest.close();
    }
  });

  it('a second reader notes words already highlighted, by a drag that starts on the highlight, and Tab still reaches each highlight', async () => {
    const run = Date.now().toString(36);
    const passage = `Passage ${run}`;
    await postAsPage(author, base, '/api/forms/insert_list', {
      multilistId: (await loadBoard(author))._id,
      titleText: passage,
      itemText: 'Ask *who* published it, and **why** now.',
    });
    const words = 'who published it, and why';
    const card = (page: Page) => list(page, passage).getByRole('article').nth(0);
    // The author notes the words first.
    await author.goto(`${base}/author/selection-corpus`);
    await card(author).waitFor();
    await dragAcross(author, card(author), words);
    await author.getByRole('button', { name: 'Note', exact: true }).click();
    await noteForm(author).getByLabel('Your note').fill(`Whose money? ${run}`);
    await noteForm(author).getByRole('button', { name: 'Submit' }).click();
    await card(author).locator('mark[data-note-id]').first().waitFor();

    // The reader sees them highlighted, and selects them with the mouse from inside the highlight.
    await reader.goto(`${base}/author/selection-corpus`);
    const marks = card(reader).locator('mark[data-note-id]');
    await marks.first().waitFor();
    await dragAcross(reader, card(reader), words);
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    await expect(noteForm(reader).locator('.form-quote').textContent()).resolves.toBe(words);
    await noteForm(reader).getByLabel('Your note').fill(`Which year? ${run}`);
    await noteForm(reader).getByRole('button', { name: 'Submit' }).click();
    const notes = card(reader).getByRole('list', { name: 'Notes' });
    await notes.getByText(`Which year? ${run}`).waitFor();
    // Both notes' highlights cover the words.
    await expect
      .poll(() =>
        marks.evaluateAll((ms) => new Set(ms.map((m) => m.getAttribute('data-note-id'))).size),
      )
      .toBe(2);
    // And the words, now highlighted twice over, are selected the same way.
    await dragAcross(reader, card(reader), words);

    // The keyboard reaches a highlight: Tab from the item lands on it.
    await card(reader).focus();
    await reader.keyboard.press('Tab');
    await expect
      .poll(() => reader.evaluate(() => document.activeElement?.closest('mark')?.textContent ?? ''))
      .not.toBe('');
  });

  it('a selection over two blocks is refused with a message; a cleared selection leaves no quote for the next note', async () => {
    await reader.goto(`${base}/author/selection-corpus`);
    const corpus = list(reader, 'Corpus');
    const first = corpus.getByRole('article').first();
    await first.waitFor();
    await first.evaluate(async (el) => {
      const blocks = el.querySelectorAll(':scope > .block');
      const longText = (block: Element) => {
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode())
          if ((n as Text).length > 5) return n;
        throw new Error('no text');
      };
      const r = document.createRange();
      r.setStart(longText(blocks[0]!), 2);
      r.setEnd(longText(blocks[1]!), 5);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(r);
      await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
    });
    await reader.keyboard.press('Alt+n');
    await reader
      .getByText(
        'Please select text within one paragraph, list, table, code block or formula of a single item: a note quotes one passage.',
      )
      .waitFor();
    await expect(noteForm(reader).count()).resolves.toBe(0);

    // Words selected in one item, then the selection cleared: a note on another item quotes no
    // words, only that item's first words, to say which item it is on.
    await selectIn(first, { item: 0, words: 'instead' });
    await reader.evaluate(async () => {
      document.getSelection()!.removeAllRanges();
      await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
    });
    const other = list(reader, 'Reading').getByRole('article').nth(1);
    await other.locator('.block').first().click();
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    await noteForm(reader).getByLabel('Your note').waitFor();
    await expect(noteForm(reader).getByLabel('Selected text').count()).resolves.toBe(0);
    await expect(noteForm(reader).getByLabel('The item').innerText()).resolves.toBe(
      'Second item, to note as a whole.',
    );
    // The note's words new on each try: a retry finds the first try's note on the item too.
    const whole = `On the whole item ${Date.now().toString(36)}`;
    await noteForm(reader).getByLabel('Your note').fill(whole);
    await noteForm(reader).getByRole('button', { name: 'Submit' }).click();
    await other.getByText(whole).waitFor();
    const board = await loadBoard(reader);
    const item = board.lists.find((l) => l.title === 'Reading')!.items[1]!;
    expect(item.notes.find((n) => n.text === whole)!.highlight).toBeNull();
  });
  it('a reader rewords their own note with its Edit button; the author, with the board open, reads the new words without loading it again', async () => {
    const run = Date.now().toString(36);
    await author.goto(`${base}/author/selection-corpus`);
    await reader.goto(`${base}/author/selection-corpus`);
    const card = list(reader, 'Reading').getByRole('article').nth(1);
    // Selected already, when an earlier test noted it: a click would take the selection away.
    await selectItem(card, { via: card.locator('.block').first() });
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    await noteForm(reader).getByLabel('Your note').fill(`Teh frist try ${run}`);
    await noteForm(reader).getByRole('button', { name: 'Submit' }).click();
    const mine = card.locator('.note').filter({ hasText: `Teh frist try ${run}` });
    const theirs = list(author, 'Reading').getByRole('article').nth(1);
    await theirs.getByText(`Teh frist try ${run}`).waitFor();
    // The author edits the board's items, not a reader's words: no Edit on the reader's note.
    await expect(
      theirs
        .locator('.note')
        .filter({ hasText: `Teh frist try ${run}` })
        .getByRole('button', { name: 'Edit' })
        .count(),
    ).resolves.toBe(0);

    await mine.getByRole('button', { name: 'Edit' }).click();
    const form = reader.getByRole('form', { name: 'Edit your words' });
    const words = form.getByLabel('Your words');
    await expect(words.inputValue()).resolves.toBe(`Teh frist try ${run}`);
    await words.fill(`The first try ${run}`);
    await form.getByRole('button', { name: 'Submit' }).click();
    await card.getByText(`The first try ${run}`).waitFor();
    await expect(form.count()).resolves.toBe(0);
    // Someone who listens rather than looks hears that it is done.
    await expect
      .poll(() => reader.getByRole('status').filter({ hasText: 'Your words are changed.' }).count())
      .toBe(1);
    await theirs.getByText(`The first try ${run}`).waitFor();
    await expect(theirs.getByText(`Teh frist try ${run}`).count()).resolves.toBe(0);
    // Said beside it: someone may have answered the words it had.
    await theirs
      .locator('.note')
      .filter({ hasText: `The first try ${run}` })
      .locator('.status', { hasText: 'edited' })
      .waitFor();
    await screenshot(reader, 'text-notes-edited');

    // The words it had are the writer's to read again and put back; the author has no such button.
    const edited = theirs.locator('.note').filter({ hasText: `The first try ${run}` });
    await expect(edited.getByRole('button', { name: 'Earlier words' }).count()).resolves.toBe(0);
    await card
      .locator('.note')
      .filter({ hasText: `The first try ${run}` })
      .getByRole('button', { name: 'Earlier words' })
      .click();
    const earlier = reader.getByRole('dialog', { name: 'Earlier words' });
    await earlier.getByText(`Teh frist try ${run}`).waitFor();
    await screenshot(reader, 'text-notes-earlier-words');
    await earlier.getByRole('button', { name: 'Restore these words' }).click();
    await card
      .locator('.note')
      .filter({ hasText: `Teh frist try ${run}` })
      .waitFor();
    await theirs.getByText(`Teh frist try ${run}`).waitFor();
    await expect(theirs.getByText(`The first try ${run}`).count()).resolves.toBe(0);
  });
  it('a note shows its light markup: emphasis, code and a link the author can follow, on the lines it was typed on; HTML a reader types shows as typed', async () => {
    const run = Date.now().toString(36);
    await author.goto(`${base}/author/selection-corpus`);
    await reader.goto(`${base}/author/selection-corpus`);
    const card = list(reader, 'Reading').getByRole('article').nth(1);
    await selectItem(card, { via: card.locator('.block').first() });
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    const words = noteForm(reader).getByLabel('Your note');
    await words.click();
    await reader.keyboard.type(`Found **two** sources ${run}, \`AP\` and https://example.org/a`);
    await reader.keyboard.press('Enter');
    await reader.keyboard.type('<b>not bold</b>');
    await noteForm(reader).getByRole('button', { name: 'Submit' }).click();

    const theirs = list(author, 'Reading')
      .getByRole('article')
      .nth(1)
      .locator('.note')
      .filter({ hasText: run });
    await theirs.waitFor();
    const text = theirs.locator('.note-text');
    await expect(text.locator('strong').textContent()).resolves.toBe('two');
    await expect(text.locator('code').textContent()).resolves.toBe('AP');
    await expect(text.getByRole('link').getAttribute('href')).resolves.toBe(
      'https://example.org/a',
    );
    await expect(text.locator('b').count()).resolves.toBe(0);
    await expect(text.innerText()).resolves.toBe(
      `Found two sources ${run}, AP and https://example.org/a\n<b>not bold</b>`,
    );
    await screenshot(author, 'text-notes-markup');
  });
  it('a reply’s Copy link opens, for someone else, at that reply: its entry brought into view and flashed', async () => {
    const run = Date.now().toString(36);
    await authorB.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: base,
    });
    await reader.goto(`${base}/author/selection-corpus`);
    const card = list(reader, 'Reading').getByRole('article').nth(1);
    await selectItem(card, { via: card.locator('.block').first() });
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    await noteForm(reader).getByLabel('Your note').fill(`Where is the data? ${run}`);
    await noteForm(reader).getByRole('button', { name: 'Submit' }).click();

    await author.goto(`${base}/author/selection-corpus`);
    const theirs = list(author, 'Reading').getByRole('article').nth(1);
    await theirs
      .locator('.note')
      .filter({ hasText: `Where is the data? ${run}` })
      .getByRole('button', { name: 'Reply' })
      .click();
    const form = author.getByRole('form', { name: 'Reply' });
    await form.getByLabel('Your reply').fill(`In the appendix ${run}`);
    await form.getByRole('button', { name: 'Submit' }).click();
    const answer = theirs.locator('.note').filter({ hasText: `In the appendix ${run}` });
    await answer.getByRole('button', { name: 'Copy link' }).click();
    const info = author.getByRole('status', { name: 'Info bar' });
    await info.getByText(itemLinkMsg.copied(`${base}/author/selection-corpus#note-`)).waitFor();
    const link = await author.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${base}/author/selection-corpus#note-[0-9a-f-]{36}$`));

    // The reader opens it from the top of another page: the reply is on screen and flashed.
    await reader.goto(`${base}/reader/home`);
    await reader.goto(link);
    const entry = list(reader, 'Reading')
      .getByRole('article')
      .nth(1)
      .locator('.note')
      .filter({ hasText: `In the appendix ${run}` });
    await expect
      .poll(() => entry.getAttribute('class'), { timeout: 10_000 })
      .toContain('note-flash');
    // The keyboard and a screen reader are there too.
    await expect(entry.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect
      .poll(() =>
        entry.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await screenshot(reader, 'text-notes-reply-link');
  });
  it('with the keyboard alone, a reader notes words by typing them: the item’s words are highlighted as a selection of them would be', async () => {
    const run = Date.now().toString(36);
    await reader.goto(`${base}/author/selection-corpus`);
    const card = list(reader, 'Corpus').getByRole('article').nth(7);
    await card.waitFor();
    // The card takes the keyboard; Enter selects it, unless it is selected already.
    await card.focus();
    if ((await card.getAttribute('aria-current')) !== 'true') await reader.keyboard.press('Enter');
    await expect.poll(() => card.getAttribute('aria-current')).toBe('true');
    await reader.getByRole('button', { name: 'Note', exact: true }).press('Enter');
    await noteForm(reader).getByLabel('Your note').waitFor();
    await reader.keyboard.type(`Which cat? ${run}`);
    await noteForm(reader).getByLabel('On the words (optional)').focus();
    await reader.keyboard.type('the  CAT ate');
    await noteForm(reader).getByRole('button', { name: 'Submit' }).press('Enter');
    // Its highlight (the marks that name this note), over the words as the item has them.
    const marks = card.locator(`mark[data-note-id][title*="${run}"]`);
    await expect
      .poll(async () => (await marks.allTextContents()).join(''), { timeout: 10_000 })
      .toBe('the cat ate');
  });
});
