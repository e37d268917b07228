import { describe, expect, it } from 'vitest';
import { isListItemLine, markdownBlockType, startsWithHtml } from './markdown';
import { isDelimiterRow, startsTable } from './table';

describe('markdown block kinds', () => {
  it('list lines start with -, *, + or a number and . or ), then a space', () => {
    for (const l of ['- a', '* a', '+ a', '1. a', '12) a', '  - nested', '-']) {
      expect(isListItemLine(l), l).toBe(true);
    }
    for (const l of ['-a', '1.5 kg', '1234567890. a', 'a. b', '']) {
      expect(isListItemLine(l), l).toBe(false);
    }
  });

  it('html starts with a tag or a comment', () => {
    expect(startsWithHtml('<div class="a">')).toBe(true);
    expect(startsWithHtml('</p>')).toBe(true);
    expect(startsWithHtml('<br/>')).toBe(true);
    expect(startsWithHtml('<a')).toBe(true);
    expect(startsWithHtml('< div>')).toBe(false);
    expect(startsWithHtml('<3 you')).toBe(false);
  });

  it('tables need a delimiter row under the header', () => {
    expect(isDelimiterRow('| --- | :-: | --: |')).toBe(true);
    expect(isDelimiterRow('--|--')).toBe(true);
    expect(isDelimiterRow('---')).toBe(false);
    expect(isDelimiterRow('| - x |')).toBe(false);
    expect(startsTable('a | b', '-|-')).toBe(true);
    expect(startsTable('a b', '-|-')).toBe(false);
    expect(markdownBlockType('a | b\n-|-')).toBe('mdtable');
  });

  it('is null for plain text', () => {
    expect(markdownBlockType('Plain text. With (parens), colons: and 50% - dashes!')).toBeNull();
  });
});
