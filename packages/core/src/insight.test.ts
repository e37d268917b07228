import { describe, expect, it } from 'vitest';
import { heatLevel, isQuestion, wordCount } from './insight';

describe('insight rules', () => {
  it('counts a note as a question by its ending or its type label', () => {
    expect(isQuestion({ text: 'Why is this so?  ', labels: [] })).toBe(true);
    expect(isQuestion({ text: 'A remark.', labels: [] })).toBe(false);
    expect(isQuestion({ text: 'A remark.', labels: [{ name: 'Type', value: 'Question' }] })).toBe(
      true,
    );
    expect(isQuestion({ text: 'Is ? inside', labels: [{ name: 'type', value: 'idea' }] })).toBe(
      false,
    );
  });

  it('counts words between whitespace', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('  one  two\nthree ')).toBe(3);
  });

  it('shades items in four steps against the busiest', () => {
    expect([0, 1, 2, 3, 4, 5, 8].map((n) => heatLevel(n, 8))).toEqual([0, 1, 1, 2, 2, 3, 4]);
    expect(heatLevel(3, 0)).toBe(0);
  });
});
