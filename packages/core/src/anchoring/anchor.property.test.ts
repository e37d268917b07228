/**
 * Random items, a random passage noted in one block, random edits afterwards. Whatever the edits,
 * a note anchors to words equal to its quote (approximately only within the bound, and then it
 * says so) or is an orphan. When the edits leave the quoted words alone, nearly every note must
 * still be found exactly where those words went; the share is printed.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { anchorTarget, describeSelection, maxFuzzyErrors, quoteOf, type AnchorBlock } from '.';

// Few words, often repeated, so many quotes occur more than once; emoji and right-to-left too.
const WORDS = [
  'the',
  'figures',
  'were',
  'up',
  'said',
  'a',
  'cat',
  'note',
  'é',
  '👍',
  'שלום',
  'and',
];
const word = fc.constantFrom(...WORDS);
const blockText = fc
  .array(fc.tuple(word, fc.constantFrom(' ', ' ', ' ', ', ', '. ', '\n')), {
    minLength: 3,
    maxLength: 40,
  })
  .map((ws) =>
    ws
      .map(([w, sep]) => w + sep)
      .join('')
      .trim(),
  );

interface Edit {
  block: number;
  kind: 'insert' | 'delete' | 'replace' | 'newBlock';
  at: number;
  length: number;
  text: string;
}
const edit = fc.record<Edit>({
  block: fc.nat(),
  kind: fc.constantFrom('insert', 'delete', 'replace', 'insert', 'newBlock'),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  length: fc.integer({ min: 1, max: 12 }),
  text: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
});

const scenario = fc.record({
  blocks: fc.array(blockText, { minLength: 1, maxLength: 4 }),
  block: fc.nat(),
  from: fc.double({ min: 0, max: 1, noNaN: true }),
  length: fc.integer({ min: 1, max: 40 }),
  edits: fc.array(edit, { minLength: 1, maxLength: 4 }),
});

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Applies the edits; with `spare`, every edit keeps clear of the quoted span, which is tracked to
 * where it goes. Every edit renews the block ids, as saving an item does.
 */
function applyEdits(
  texts: string[],
  edits: Edit[],
  quote: { block: number; start: number; end: number },
  spare: boolean,
) {
  const blocks = [...texts];
  const q = { ...quote };
  for (const e of edits) {
    const b = e.block % blocks.length;
    if (e.kind === 'newBlock') {
      const at = Math.floor(e.at * (blocks.length + 1));
      blocks.splice(at, 0, e.text);
      if (at <= q.block) q.block++;
      continue;
    }
    const text = blocks[b]!;
    let at = Math.floor(e.at * (text.length + 1));
    let end = e.kind === 'insert' ? at : Math.min(text.length, at + e.length);
    if (spare && b === q.block) {
      // Keep clear of the quote: move the edit to whichever side it started on.
      if (at < q.end && end > q.start) {
        if (at < q.start) end = q.start;
        else {
          at = q.end;
          end = e.kind === 'insert' ? at : Math.min(text.length, at + e.length);
        }
      }
      if (e.kind === 'insert' && at > q.start && at < q.end) at = end = q.end;
    }
    const put = e.kind === 'delete' ? '' : e.text;
    blocks[b] = text.slice(0, at) + put + text.slice(end);
    if (b === q.block && end <= q.start) {
      const shift = put.length - (end - at);
      q.start += shift;
      q.end += shift;
    }
  }
  return { blocks: blocks.map((text, i): AnchorBlock => ({ id: `v2-${i}`, text })), quote: q };
}

function noteOn(texts: string[], s: { block: number; from: number; length: number }) {
  const block = s.block % texts.length;
  const text = texts[block]!;
  const start = Math.floor(s.from * Math.max(0, text.length - 1));
  const end = Math.min(text.length, start + s.length);
  const target = describeSelection(text, start, end, {
    blockId: `v1-${block}`,
    blockIndex: block,
    version: 1,
  });
  return { target, quote: { block, start, end } };
}

/** Anchored to the quote's own words, or within the bound and saying so, or an orphan. */
function checkFound(blocks: AnchorBlock[], target: ReturnType<typeof describeSelection>) {
  const exact = quoteOf(target).exact;
  const a = anchorTarget(blocks, target);
  if (!a) return null;
  const words = blocks[a.blockIndex]!.text.slice(a.start, a.end);
  if (a.how === 'fuzzy') {
    expect(a.errors).toBeGreaterThan(0);
    expect(a.errors).toBeLessThanOrEqual(maxFuzzyErrors(exact));
    expect(levenshtein(words, exact)).toBeLessThanOrEqual(a.errors);
  } else {
    expect(a.errors).toBe(0);
    expect(words).toBe(exact);
  }
  return a;
}

describe('anchoring after random edits', () => {
  it('edits anywhere: every note finds its own words, approximately within the bound, or is an orphan', () => {
    const how = { position: 0, quote: 0, fuzzy: 0, orphan: 0 };
    fc.assert(
      fc.property(scenario, (s) => {
        const { target, quote } = noteOn(s.blocks, s);
        const { blocks } = applyEdits(s.blocks, s.edits, quote, false);
        const a = checkFound(blocks, target);
        how[a ? a.how : 'orphan']++;
      }),
      { numRuns: 3000 },
    );
    console.log(`edits anywhere, 3000 notes: ${JSON.stringify(how)}`);
  });

  it('edits outside the quote: at least 99% of notes are found exactly where their words went', () => {
    let runs = 0;
    let survived = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const { target, quote } = noteOn(s.blocks, s);
        const moved = applyEdits(s.blocks, s.edits, quote, true);
        expect(
          moved.blocks[moved.quote.block]!.text.slice(moved.quote.start, moved.quote.end),
        ).toBe(quoteOf(target).exact);
        const a = checkFound(moved.blocks, target);
        runs++;
        if (
          a &&
          a.blockIndex === moved.quote.block &&
          a.start === moved.quote.start &&
          a.end === moved.quote.end
        )
          survived++;
      }),
      { numRuns: 5000 },
    );
    const share = survived / runs;
    console.log(
      `edits outside the quote: ${survived} of ${runs} notes (${(share * 100).toFixed(2)}%) found where their words went`,
    );
    expect(share).toBeGreaterThanOrEqual(0.99);
  });
});
