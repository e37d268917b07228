import { describe, expect, it } from 'vitest';
import { anchorInText, anchorTarget, describeSelection, maxFuzzyErrors, readHighlight } from '.';
import type { TextTarget } from '.';

const original = 'The minister said the figures were up. Critics said the figures were wrong.';

const select = (text: string, words: string, nth = 0, where = {}) => {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(words, at + 1);
  return describeSelection(text, at, at + words.length, where);
};
const found = (text: string, t: TextTarget) => {
  const a = anchorInText(text, t);
  return a && { ...a, words: text.slice(a.start, a.end) };
};

describe('anchoring a passage', () => {
  it('finds it at its recorded position when nothing changed', () => {
    const t = select(original, 'the figures were wrong');
    expect(found(original, t)).toMatchObject({
      how: 'position',
      start: original.indexOf('the figures were wrong'),
      words: 'the figures were wrong',
    });
  });

  it('follows the quote when text is inserted before it', () => {
    const t = select(original, 'figures were up');
    const edited = `UPDATE: corrected. ${original}`;
    expect(found(edited, t)).toMatchObject({ how: 'quote', words: 'figures were up' });
  });

  it('picks the selected copy of a repeated phrase, not the first', () => {
    const t = select(original, 'the figures were', 1);
    expect(found(original, t)!.start).toBe(original.lastIndexOf('the figures were'));
    const edited = original.replace('The minister said', 'Yesterday the minister said');
    expect(found(edited, t)!.start).toBe(edited.lastIndexOf('the figures were'));
  });

  it('does not take a copy that happens to sit at the old offset when its context differs', () => {
    const text = 'one cat two cat three';
    const t = select(text, 'cat', 1);
    // Eight characters in front: the first cat now sits where the second one was.
    const edited = `Preface ${text}`;
    expect(edited.slice(12, 15)).toBe('cat');
    const a = found(edited, t)!;
    expect(a).toMatchObject({ how: 'quote', start: edited.lastIndexOf('cat'), words: 'cat' });
  });

  it('finds a lightly edited quote approximately, and says how far off it is', () => {
    const t = select(original, 'Critics said the figures were wrong');
    const edited = original.replace('Critics said', 'Critics argued');
    const a = found(edited, t)!;
    expect(a.how).toBe('fuzzy');
    expect(a.errors).toBeGreaterThan(0);
    expect(a.errors).toBeLessThanOrEqual(maxFuzzyErrors('Critics said the figures were wrong'));
    expect(a.words).toContain('the figures were wrong');
  });

  it('is an orphan when the words are gone, never moved to other words', () => {
    const t = select(original, 'Critics');
    expect(anchorInText(original.replace('Critics', 'Opponents'), t)).toBeNull();
    const long = select(original, 'the figures were wrong');
    expect(anchorInText('Nothing of the sort remains in this version.', long)).toBeNull();
  });

  it('clamps a selection outside the text', () => {
    expect(describeSelection('abc', -5, 99).selector).toEqual([
      { type: 'TextQuoteSelector', exact: 'abc', prefix: '', suffix: '' },
      { type: 'TextPositionSelector', start: 0, end: 3 },
    ]);
  });
});

describe('anchoring among blocks', () => {
  const blocks = [
    { id: 'b1', text: 'Intro: the same words.' },
    { id: 'b2', text: 'Body: the same words.' },
  ];

  it('looks in the block it was chosen in, found by id', () => {
    const t = describeSelection(blocks[1]!.text, 6, 20, { blockId: 'b2', blockIndex: 1 });
    expect(anchorTarget(blocks, t)).toMatchObject({ blockIndex: 1, start: 6, how: 'position' });
  });

  it('after an edit renews the ids, prefers the block at the same place among equals', () => {
    const same = 'Same: the same words.';
    const t = describeSelection(same, 6, 20, { blockId: 'b2', blockIndex: 1 });
    const edited = [
      { id: 'n1', text: same },
      { id: 'n2', text: same },
      { id: 'n3', text: same },
    ];
    expect(anchorTarget(edited, t)).toMatchObject({ blockIndex: 1, start: 6, how: 'position' });
    expect(anchorTarget([{ text: 'New first block.' }, ...edited], t)).toMatchObject({
      blockIndex: 1,
      how: 'position',
    });
  });

  it('follows a passage into another block when its own lost it', () => {
    const t = describeSelection('Alpha beta gamma.', 6, 10, { blockId: 'x', blockIndex: 0 });
    const edited = [{ text: 'Nothing here.' }, { text: 'Alpha beta gamma.' }];
    expect(anchorTarget(edited, t)).toMatchObject({ blockIndex: 1, start: 6, end: 10 });
  });
});

describe('notes stored before blocks were recorded', () => {
  it('read as a quote alone, with the markup dropped from the context', () => {
    const old = {
      exact: 'who published it',
      prefix: 'Ask *first* ',
      suffix: ' and [why](http://x)',
      start: 99,
      end: 115,
    };
    const h = readHighlight(old) as TextTarget;
    expect(h).toEqual({
      block: null,
      version: null,
      selector: [
        {
          type: 'TextQuoteSelector',
          exact: 'who published it',
          prefix: 'Ask first ',
          suffix: ' and why',
        },
      ],
    });
    const rendered = [{ text: 'Sources' }, { text: 'Ask first who published it and why.' }];
    expect(anchorTarget(rendered, h)).toMatchObject({ blockIndex: 1, start: 10, how: 'quote' });
  });

  it('media spans and new targets read as they are; anything else reads as none', () => {
    expect(readHighlight({ startTime: 1, endTime: 2 })).toEqual({ startTime: 1, endTime: 2 });
    const t = describeSelection('abc', 0, 1, { blockId: 'b', blockIndex: 0, version: 3 });
    expect(readHighlight(t)).toEqual(t);
    expect(readHighlight(null)).toBeNull();
    expect(readHighlight({ exact: '', prefix: '', suffix: '', start: 0, end: 0 })).toBeNull();
    expect(readHighlight('text')).toBeNull();
  });
});
