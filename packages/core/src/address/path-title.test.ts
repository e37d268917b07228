import { describe, expect, it } from 'vitest';
import { boardTitleProblem, pathTitle } from './path-title';

describe('pathTitle', () => {
  it.each([
    ['Home', 'home'],
    ['My First Board', 'my-first-board'],
    ['Notes: week 1, part 2!', 'notes-week-1-part-2'],
    ["Don't   stop -- believing", 'don-t-stop-believing'],
    ['  padded\ttitle\n', 'padded-title'],
    ['...leading and trailing...', 'leading-and-trailing'],
    ['already-a-path-title', 'already-a-path-title'],
    ['snake_case/and.dots', 'snake-case-and-dots'],
    ['Café Müller', 'café-müller'],
    ['Ünïcode 日本語 Title', 'ünïcode-日本語-title'],
    ['C++ & C#', 'c-c'],
    ['', ''],
    ['?!#', ''],
  ])('%j -> %j', (title, expected) => {
    expect(pathTitle(title)).toBe(expected);
  });

  it('gives titles that look the same one address', () => {
    const same = (a: string, b: string) => expect([a, pathTitle(a)]).toEqual([a, pathTitle(b)]);
    // Composed and decomposed Vietnamese.
    same('Tiếng Việt lớp 5'.normalize('NFD'), 'Tiếng Việt lớp 5'.normalize('NFC'));
    expect(pathTitle('Tiếng Việt lớp 5'.normalize('NFD'))).toBe(
      'tiếng-việt-lớp-5'.normalize('NFC'),
    );
    // Characters that show nothing: a soft hyphen, a zero-width space, a combining grapheme
    // joiner, a right-to-left override, a byte-order mark.
    for (const hidden of ['\u00AD', '\u200B', '\u034F', '\u202E', '\uFEFF'])
      same(`Ku${hidden}rs`, 'Kurs');
    same('Week\u200B1', 'Week1');
    // Full-width letters and digits.
    same('ＡＢＣ　１２３', 'ABC 123');
    // Turkish capital dotted I.
    expect(pathTitle('İstanbul')).toBe('istanbul');
  });

  it('is idempotent', () => {
    for (const t of ['A  B', 'x--y', 'Q&A: 2023/01/02', '-a-']) {
      expect(pathTitle(pathTitle(t))).toBe(pathTitle(t));
    }
  });
});

describe('boardTitleProblem', () => {
  it('asks for a title when none is typed, and for a letter or digit when it has none', () => {
    expect(boardTitleProblem('   ')).toBe('Please fill in title field.');
    for (const t of ['🎉', '...', '— ? —', '🎉 🎉'])
      expect([t, boardTitleProblem(t)]).toEqual([
        t,
        'A board’s title needs a letter or a digit: its address is made of them.',
      ]);
    for (const t of ['🎉 Party', '2026', '日本語']) expect(boardTitleProblem(t)).toBeNull();
  });
});
