import { describe, expect, it } from 'vitest';
import { headlineOf } from './headline';

describe('headlineOf', () => {
  it('is the first non-blank block’s first line, without heading marks, emphasis or link targets', () => {
    expect(headlineOf([{ text: '  ' }, { text: '## Week *2*: [who](/a/b) published it\nmore' }])).toBe(
      'Week 2: who published it',
    );
  });
  it('falls back to the text when no block has words, and is cut at 120 characters', () => {
    expect(headlineOf([], 'x'.repeat(200))).toHaveLength(120);
    expect(headlineOf([{ text: '' }], '')).toBe('');
  });
});
