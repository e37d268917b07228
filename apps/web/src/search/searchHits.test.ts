import { describe, expect, it } from 'vitest';
import { findHits, hitWords } from './searchHits';

describe('the words a search marks in its results', () => {
  it('are its words and phrases, not the words left out, an or, a tag or a trailing *', () => {
    expect(hitWords('"a phrase" frame* -left or OR name:value claims')).toEqual([
      'a phrase',
      'frame',
      'claims',
    ]);
  });

  it('are found at a word’s start, case and accents aside, and anywhere in unspaced scripts', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>Café frames the <b>FRAME</b>; reframe it.</p><p>東京大学で学ぶ</p>';
    const found = (words: string[]) => findHits(root, words).map((r) => r.toString());
    expect(found(['frame'])).toEqual(['frame', 'FRAME']);
    expect(found(['cafe'])).toEqual(['Café']);
    expect(found(['大学'])).toEqual(['大学']);
  });
});
