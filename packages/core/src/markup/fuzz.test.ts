/**
 * Property tests over generated markup, with a seeded generator so any failure replays. The
 * alphabet leans on the characters the parsers react to.
 */
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../model';
import { blocksToText, textToBlocks } from './blocks';
import { classifyBlock } from './classify';
import { formatLabelsText, parseLabelsText } from './labels';
import { parseLink } from './links';
import { parseMediaLine } from './media';
import { splitBlockTexts } from './split';

/** mulberry32: small, fast, and good enough to spread test cases. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHARS = '`$\\[]()|#~:-\n\n\n  \t/.!^@+*_<>=,\'"abcxyz019';
const PIECES = [
  '```',
  '~~~',
  '```js\n',
  '$$',
  '\\[',
  '\\]',
  '\\(',
  '\\)',
  '| a | b |\n',
  '|---|---|\n',
  '\n\n',
  '\r\n',
  ' # ',
  ' ~ ',
  ' : ',
  ' | ',
  'clip.mp4',
  'a/b.png',
  '/media/x.webm',
  'https://x.org/p',
  'https://x.org/v.mp3#t=1,2',
  ' 1:05-1:30',
  '#t=,5',
  '![a](b.png)',
  '[t](/o/b;c#s)',
  '^f(a, "b")',
  '!tag',
  '+[L]',
  'js:x u a=b',
  '<div>',
  '- ',
  '1. ',
  '    ',
  'default',
  'notes.docx',
];

function randomText(rand: () => number, maxLength: number): string {
  const length = Math.floor(rand() * maxLength);
  let s = '';
  while (s.length < length) {
    if (rand() < 0.6) s += CHARS[Math.floor(rand() * CHARS.length)] ?? '';
    else s += PIECES[Math.floor(rand() * PIECES.length)] ?? '';
  }
  return s;
}

function nonBlankLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
}

const CASES = 1500;

describe('generated markup', () => {
  it('parses any text into well-formed blocks, without throwing', () => {
    const rand = seeded(1);
    for (let n = 0; n < CASES; n++) {
      const text = randomText(rand, 300);
      const blocks = textToBlocks(text, { owner: 'o', uploadsFolder: 'up' });
      for (const block of blocks) {
        expect(BLOCK_TYPES).toContain(block.type);
        expect(block.text.trim(), JSON.stringify(text)).not.toBe('');
        expect(block.text, JSON.stringify(text)).toBe(block.text.trimEnd());
      }
    }
  });

  it('loses no line and invents none', () => {
    const rand = seeded(2);
    for (let n = 0; n < CASES; n++) {
      const text = randomText(rand, 300);
      const fromBlocks = splitBlockTexts(text).flatMap(nonBlankLines);
      expect(fromBlocks, JSON.stringify(text)).toEqual(nonBlankLines(text));
    }
  });

  it('is stable: parsing the text of the blocks gives the same blocks', () => {
    const rand = seeded(3);
    for (let n = 0; n < CASES; n++) {
      const text = randomText(rand, 400);
      const ctx = { owner: 'o' };
      const blocks = textToBlocks(text, ctx);
      const again = blocksToText(blocks);
      expect(textToBlocks(again, ctx), JSON.stringify(text)).toEqual(blocks);
      expect(blocksToText(textToBlocks(again, ctx))).toBe(again);
    }
  });

  it('gives each single block text back as one block of the same type', () => {
    const rand = seeded(4);
    for (let n = 0; n < CASES; n++) {
      for (const blockText of splitBlockTexts(randomText(rand, 200))) {
        const [only, ...rest] = textToBlocks(blockText);
        expect(rest, JSON.stringify(blockText)).toEqual([]);
        expect(only).toEqual(classifyBlock(blockText));
      }
    }
  });

  it('never throws on links, media lines or labels, and labels round-trip', () => {
    const rand = seeded(5);
    for (let n = 0; n < CASES; n++) {
      const s = randomText(rand, 80);
      expect(() => parseLink(s)).not.toThrow();
      expect(() => parseMediaLine(s)).not.toThrow();
      const labels = parseLabelsText(s);
      expect(parseLabelsText(formatLabelsText(labels)), JSON.stringify(s)).toEqual(labels);
    }
  });
});

// One megabyte of the worst shapes for naive parsers: long runs of one delimiter, openers
// without closers, many near-links. A quadratic parser would need minutes for each; the test
// timeout is the only clock here.
const MB = 1 << 20;
const fill = (unit: string): string => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
const ADVERSARIAL: Record<string, string> = {
  dollars: fill('$'),
  brackets: fill('['),
  backticks: fill('`'),
  pipes: fill('|'),
  backslashes: fill('\\'),
  'close-open': fill(']('),
  'open parens': '[a](' + fill('('),
  'image starts': fill('!['),
  mixed: fill('$[`|\\](~#: -'),
  'math lines': fill('$$\n'),
  'math openers, one closer at the end': fill('\\[\n\n') + '\\]',
  'fence lines': fill('```\n\n'),
  'growing fences': Array.from({ length: 1400 }, (_, i) => '`'.repeat(i + 3)).join('\n\n'),
  'table rows': fill('| a |\n|---|\n\n'),
  'blank lines': fill(' \n'),
  'list lines': fill('- a\n1. b\n'),
  'media markers': 'a.mp4' + fill(' # ~ :'),
  'long address': fill('a') + '.mp4 ~ x',
  'func args': '^f(' + fill("('a,"),
  'link destinations': fill('[a](/b "c") '),
  words: fill('lorem ipsum dolor. '),
};

describe('adversarial input of 1 MB', () => {
  it.each(Object.entries(ADVERSARIAL))(
    '%s',
    (_name, text) => {
      const blocks = textToBlocks(text, { owner: 'o' });
      expect(textToBlocks(blocksToText(blocks), { owner: 'o' }).length).toBe(blocks.length);
    },
    10_000,
  );
});
