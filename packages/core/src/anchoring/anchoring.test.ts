import { describe, expect, it } from 'vitest';
import { anchorSelector, describeSelection } from './index';

const original = 'The minister said the figures were up. Critics said the figures were wrong.';

describe('anchoring a highlight', () => {
  it('finds the quote where it was when nothing changed', () => {
    const at = original.indexOf('the figures were wrong');
    const sel = describeSelection(original, at, at + 'the figures were wrong'.length);
    expect(anchorSelector(original, sel)).toEqual({ start: at, end: sel.end });
  });

  it('follows the quote when text is inserted before it', () => {
    const at = original.indexOf('figures were up');
    const sel = describeSelection(original, at, at + 'figures were up'.length);
    const edited = `UPDATE: corrected. ${original}`;
    const found = anchorSelector(edited, sel)!;
    expect(edited.slice(found.start, found.end)).toBe('figures were up');
  });

  it('picks the right copy of a repeated phrase by its context', () => {
    const second = original.lastIndexOf('the figures were');
    const sel = describeSelection(original, second, second + 'the figures were'.length);
    const edited = original.replace('The minister said', 'Yesterday the minister said');
    const found = anchorSelector(edited, sel)!;
    expect(found.start).toBe(edited.lastIndexOf('the figures were'));
  });

  it('returns null when the words are gone, so the note shows as on an earlier version', () => {
    const at = original.indexOf('Critics');
    const sel = describeSelection(original, at, at + 'Critics'.length);
    expect(anchorSelector(original.replace('Critics', 'Opponents'), sel)).toBeNull();
  });

  it('clamps a selection outside the text', () => {
    expect(describeSelection('abc', -5, 99)).toMatchObject({ exact: 'abc', start: 0, end: 3 });
  });
});
