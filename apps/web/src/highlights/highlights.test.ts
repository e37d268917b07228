import { afterEach, describe, expect, it } from 'vitest';
import { anchorTarget, quoteOf, type Item } from '@listboard/core';
import { pickSelection } from './capture';
import { clearMarks, drawMarks } from './marks';
import { renderedText, textNodesOf } from './renderedText';

afterEach(() => {
  document.body.innerHTML = '';
  document.getSelection()?.removeAllRanges();
});

/** A card as ItemCard renders one: the item's blocks as its direct `.block` children. */
function card(blocksHtml: string[], selectable = true): { el: HTMLElement; item: Item } {
  const el = document.createElement('article');
  el.dataset.itemId = 'i1';
  if (selectable) el.setAttribute('data-selectable', 'true');
  el.innerHTML = blocksHtml.join('');
  el.insertAdjacentHTML('beforeend', '<ol class="notes"><li>a note under the item</li></ol>');
  document.body.append(el);
  // Capture reads an item's id, version and block ids only.
  const item = {
    _id: 'i1',
    version: 4,
    blocks: blocksHtml.map((_, i) => ({ _id: `b${i}`, text: `block ${i}`, type: 'mdtext' })),
  } as unknown as Item;
  return { el, item };
}

/** Selects the nth copy of `words` in an element's rendered text, as a DOM Range would. */
function select(root: Element, words: string, nth = 0): void {
  const text = renderedText(root);
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(words, at + 1);
  expect(at, `${words} in ${text}`).toBeGreaterThanOrEqual(0);
  const point = (offset: number, end: boolean): [Node, number] => {
    let pos = 0;
    for (const t of textNodesOf(root)) {
      if (offset < pos + t.length || (end && offset === pos + t.length)) return [t, offset - pos];
      pos += t.length;
    }
    throw new Error('offset past the text');
  };
  const r = document.createRange();
  r.setStart(...point(at, false));
  r.setEnd(...point(at + words.length, true));
  const sel = document.getSelection()!;
  sel.removeAllRanges();
  sel.addRange(r);
}

const pick = (item: Item) => pickSelection(document.getSelection(), () => item);
const passageOf = (item: Item) => pick(item)!.passage!;

describe('reading the selection from the rendered text', () => {
  const html = [
    '<div class="block block-md"><p>They <em>would</em> say claims, not <strong>claims</strong> instead of facts.</p></div>',
    '<div class="block block-md"><ul>\n<li>first <code>x = 1</code></li>\n<li>second <a href="/a">link</a> end</li>\n</ul></div>',
  ];

  it('takes words across formatting exactly as shown, with their offsets in the block', () => {
    const { el, item } = card(html);
    select(el.children[0]!, 'would say claims, not claims instead');
    const p = pick(item)!;
    expect(p).toMatchObject({
      itemId: 'i1',
      text: 'would say claims, not claims instead',
      spans: false,
    });
    expect(p.passage).toEqual({
      block: { id: 'b0', index: 0 },
      version: 4,
      selector: [
        {
          type: 'TextQuoteSelector',
          exact: 'would say claims, not claims instead',
          prefix: 'They ',
          suffix: ' of facts.',
        },
        { type: 'TextPositionSelector', start: 5, end: 41 },
      ],
    });
  });

  it('anchors a repeated word to the copy selected', () => {
    const { el, item } = card(html);
    select(el.children[0]!, 'claims', 1);
    const t = passageOf(item);
    expect(t.selector[1]).toEqual({ type: 'TextPositionSelector', start: 27, end: 33 });
    const blocks = Array.from(el.querySelectorAll(':scope > .block')).map((b) => ({
      text: renderedText(b),
    }));
    expect(anchorTarget(blocks, t)).toMatchObject({ blockIndex: 0, start: 27, how: 'position' });
  });

  it('reads lists, code and links in their block', () => {
    const { el, item } = card(html);
    select(el.children[1]!, 'x = 1</code>'.slice(0, 5));
    expect(quoteOf(passageOf(item)).exact).toBe('x = 1');
    select(el.children[1]!, 'second link end');
    expect(passageOf(item).block).toEqual({ id: 'b1', index: 1 });
    expect(quoteOf(passageOf(item)).exact).toBe('second link end');
  });

  it('leaves out the MathML copy of a formula', () => {
    const { el, item } = card([
      '<div class="block block-math"><span class="katex"><span class="katex-mathml">x^2</span><span class="katex-html">x2 + y</span></span></div>',
    ]);
    expect(renderedText(el.children[0]!)).toBe('x2 + y');
    select(el.children[0]!, '2 + y');
    expect(passageOf(item).selector[1]).toEqual({ type: 'TextPositionSelector', start: 1, end: 6 });
  });

  it('a selection over two blocks or two items has no passage, and says it spans', () => {
    const { el, item } = card(html);
    const r = document.createRange();
    r.setStart(textNodesOf(el.children[0]!)[0]!, 2);
    r.setEnd(textNodesOf(el.children[1]!)[1]!, 3);
    document.getSelection()!.addRange(r);
    expect(pick(item)).toMatchObject({ passage: null, spans: true });

    const other = document.createElement('article');
    other.dataset.itemId = 'i2';
    other.innerHTML = '<p class="block">elsewhere</p>';
    document.body.append(other);
    r.setEnd(other.firstChild!.firstChild!, 4);
    expect(pick(item)).toMatchObject({ passage: null, spans: true });
  });

  it('a triple click that runs on to the start of the next block stays in its block', () => {
    const { el, item } = card(html);
    const r = document.createRange();
    r.setStart(el.children[0]!.firstChild!, 0);
    r.setEnd(el.children[1]!, 0);
    document.getSelection()!.addRange(r);
    const p = pick(item)!;
    expect(p.spans).toBe(false);
    expect(quoteOf(p.passage!).exact).toBe(renderedText(el.children[0]!));
  });

  it('nothing for a collapsed selection or an item that cannot be selected; no passage outside the blocks', () => {
    const { el, item } = card(html, false);
    select(el.children[0]!, 'would');
    expect(pick(item)).toBeNull();
    el.setAttribute('data-selectable', 'true');
    document.getSelection()!.collapseToStart();
    expect(pick(item)).toBeNull();
    select(el.querySelector('.notes')!, 'a note');
    expect(pick(item)).toMatchObject({ text: 'a note', passage: null, spans: false });
  });

  it('takes words of a PDF from the page shown, and keeps that page; its buttons and name are no words of it', () => {
    const { el, item } = card([
      '<div class="block block-md"><p>Read the handout.</p></div>',
      '<figure class="block block-pdf"><div class="pdf-sheet"><canvas></canvas>' +
        '<div class="pdf-text" data-page="2"><span>Table 2: </span><br><span>enrolment by year</span></div></div>' +
        '<div class="pdf-pages"><button>‹</button><span>Page 2 of 3</span><button>›</button></div>' +
        '<figcaption><a href="/h.pdf#page=2">handout.pdf</a> · 3 pages</figcaption></figure>',
    ]);
    const pdf = el.children[1]!;
    expect(renderedText(pdf)).toBe('Table 2: enrolment by year');
    select(pdf, 'enrolment');
    expect(pick(item)!.passage).toEqual({
      block: { id: 'b1', index: 1 },
      version: 4,
      selector: [
        { type: 'TextQuoteSelector', exact: 'enrolment', prefix: 'Table 2: ', suffix: ' by year' },
        { type: 'TextPositionSelector', start: 9, end: 18 },
      ],
      page: 2,
    });
    // Words of an item's text have no page.
    select(el.children[0]!, 'handout');
    expect(pick(item)!.passage).not.toHaveProperty('page');
  });
});

describe('drawing highlights', () => {
  const spec = (noteId: string, start: number, end: number) => ({
    noteId,
    start,
    end,
    title: `reader: ${noteId}`,
    kind: 'note' as const,
  });

  it('wraps exactly the passage across formatting, and nests overlapping passages', () => {
    const { el } = card([
      '<div class="block"><p>They <em>would</em> say claims instead.</p></div>',
    ]);
    const block = el.children[0]!;
    drawMarks(block, [spec('n1', 5, 21), spec('n2', 15, 21)]);
    const n1 = Array.from(block.querySelectorAll('mark[data-note-id="n1"]'));
    expect(n1.map((m) => m.textContent).join('')).toBe('would say claims');
    const n2 = block.querySelector('mark[data-note-id="n2"]')!;
    expect(n2.textContent).toBe('claims');
    expect(n2.parentElement!.closest('mark[data-note-id="n1"]')).not.toBeNull();
    expect(n2.getAttribute('title')).toBe('reader: n2');
    expect(n2.getAttribute('aria-describedby')).toBe('note-n2');
    expect(renderedText(block)).toBe('They would say claims instead.');
  });

  it('drawing the same marks again changes nothing; other marks replace them; none clears', () => {
    const { el } = card(['<p class="block">one two three</p>']);
    const block = el.children[0]!;
    drawMarks(block, [spec('n1', 4, 7)]);
    const mark = block.querySelector('mark');
    drawMarks(block, [spec('n1', 4, 7)]);
    expect(block.querySelector('mark')).toBe(mark);
    drawMarks(block, [spec('n1', 8, 13)]);
    expect(block.querySelector('mark')!.textContent).toBe('three');
    drawMarks(block, []);
    expect(block.querySelector('mark')).toBeNull();
    expect(block.childNodes).toHaveLength(1);
    drawMarks(block, [spec('n1', 0, 3)]);
    clearMarks(block);
    expect(block.innerHTML).toBe('one two three');
  });

  it('a highlight drawn while the reader has words selected leaves the same words selected', () => {
    const { el } = card([
      '<div class="block"><p>They <em>would</em> say claims instead of facts.</p></div>',
    ]);
    const block = el.children[0]!;
    drawMarks(block, [spec('n1', 0, 4)]);
    // "say claims", selected from inside the text nodes the next drawing splits and joins.
    const text = renderedText(block);
    const start = text.indexOf('say claims');
    const nodes = Array.from(block.querySelectorAll('p')[0]!.childNodes).flatMap((n) =>
      n.nodeType === Node.TEXT_NODE ? [n as Text] : [],
    );
    const after = nodes.find((t) => t.data.includes('say claims'))!;
    const range = document.createRange();
    range.setStart(after, after.data.indexOf('say'));
    range.setEnd(after, after.data.indexOf('say') + 'say claims'.length);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    expect(document.getSelection()!.toString()).toBe('say claims');
    // Another note's passage arrives, over the selected words; then the first one goes.
    drawMarks(block, [spec('n1', 0, 4), spec('n2', start + 4, start + 10)]);
    expect(document.getSelection()!.toString()).toBe('say claims');
    expect(block.querySelector('mark[data-note-id="n2"]')!.textContent).toBe('claims');
    drawMarks(block, [spec('n2', start + 4, start + 10)]);
    expect(document.getSelection()!.toString()).toBe('say claims');
    drawMarks(block, []);
    expect(document.getSelection()!.toString()).toBe('say claims');
  });
});
