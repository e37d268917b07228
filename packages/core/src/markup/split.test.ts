import { describe, expect, it } from 'vitest';
import { splitBlockTexts } from './split';

describe('splitBlockTexts', () => {
  it('separates blocks at blank lines, however many and however spaced', () => {
    expect(splitBlockTexts('one\ntwo\n\nthree\n \t \n\n\nfour')).toEqual([
      'one\ntwo',
      'three',
      'four',
    ]);
  });

  it('returns no blocks for empty or blank text', () => {
    expect(splitBlockTexts('')).toEqual([]);
    expect(splitBlockTexts('\n \n\t\n')).toEqual([]);
  });

  it('drops blank lines around the text and trailing spaces of a block, keeps indentation', () => {
    expect(splitBlockTexts('\n\n  indented  \n\nnext   \n\n')).toEqual(['  indented', 'next']);
  });

  it('treats CRLF and CR line ends like LF', () => {
    expect(splitBlockTexts('a\r\n\r\nb\rc')).toEqual(['a', 'b\nc']);
  });

  describe('fenced code', () => {
    it('keeps a fence whole across blank lines', () => {
      const fence = '```js\nconst a = 1;\n\n\nconst b = 2;\n```';
      expect(splitBlockTexts(`before\n\n${fence}\n\nafter`)).toEqual(['before', fence, 'after']);
    });

    it('accepts tilde fences and closes only on the same character, at least as long', () => {
      const fence = '~~~~\na\n\n~~~\n\n```\n\nb\n~~~~~';
      expect(splitBlockTexts(fence)).toEqual([fence]);
    });

    it('leaves a fence with no closer below it open to nothing', () => {
      expect(splitBlockTexts('```\ncode\n\nmore')).toEqual(['```\ncode', 'more']);
    });

    it('does not count a fence indented by four spaces or with a backtick in its info string', () => {
      expect(splitBlockTexts('    ```\na\n\nb\n```')).toEqual(['    ```\na', 'b\n```']);
      expect(splitBlockTexts('```a`\nx\n\ny\n```')).toEqual(['```a`\nx', 'y\n```']);
    });

    it('ignores math and table openers inside a fence', () => {
      const fence = '```\n$$\n\n| a |\n|---|\n```';
      expect(splitBlockTexts(`${fence}\n\n$$`)).toEqual([fence, '$$']);
    });
  });

  describe('display math', () => {
    it('keeps $$ … $$ whole across blank lines', () => {
      const math = '$$\na = b\n\n+ c\n$$';
      expect(splitBlockTexts(`x\n\n${math}\n\ny`)).toEqual(['x', math, 'y']);
    });

    it('keeps \\[ … \\] whole across blank lines', () => {
      const math = '\\[\na\n\nb \\]';
      expect(splitBlockTexts(`${math}\n\nz`)).toEqual([math, 'z']);
    });

    it('does not open a region on a line that closes itself', () => {
      expect(splitBlockTexts('$$a$$\n\nb\n\n$$')).toEqual(['$$a$$', 'b', '$$']);
    });

    it('leaves $$ with no closer below it as an ordinary line', () => {
      expect(splitBlockTexts('$$ costs\n\nmore')).toEqual(['$$ costs', 'more']);
    });
  });

  describe('tables', () => {
    it('keeps a table whole when blank lines sit between its rows', () => {
      const table = '| a | b |\n| --- | :-: |\n| 1 | 2 |\n\n| 3 | 4 |';
      expect(splitBlockTexts(`${table}\n\ntext`)).toEqual([table, 'text']);
    });

    it('keeps a table that starts below a paragraph line in that block', () => {
      const block = 'Intro\na | b\n--|--\n1 | 2\n\n| 3 | 4 |';
      expect(splitBlockTexts(block)).toEqual([block]);
    });

    it('ends the table at a line without a pipe', () => {
      expect(splitBlockTexts('| a |\n|---|\nplain\n\n| b |')).toEqual([
        '| a |\n|---|\nplain',
        '| b |',
      ]);
    });

    it('does not join pipe lines that are not a table', () => {
      expect(splitBlockTexts('| a |\n\n| b |')).toEqual(['| a |', '| b |']);
    });
  });
});
