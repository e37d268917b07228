import { describe, expect, it } from 'vitest';
import { displayMathOpener, inlineMathAt, mathBlockType } from './math';

describe('math', () => {
  it('knows the four math block types', () => {
    expect(mathBlockType('$$x$$')).toBe('mathblock1');
    expect(mathBlockType('\\[x\\]')).toBe('mathblock2');
    expect(mathBlockType('$x$')).toBe('mathinline1');
    expect(mathBlockType('\\(x\\)')).toBe('mathinline2');
  });

  it('refuses empty formulas and several formulas', () => {
    for (const t of ['$$', '$$$$', '$$ $$', '$', '$$', '$a$b$', '\\[a\\]b\\]', '\\(\\)', 'x']) {
      expect(mathBlockType(t), t).toBeNull();
    }
  });

  it('opens a display region only on a line that does not close it', () => {
    expect(displayMathOpener('$$')).toMatchObject({ close: '$$' });
    expect(displayMathOpener('  \\[ a')).toMatchObject({ close: '\\]' });
    expect(displayMathOpener('$$a$$')).toBeNull();
    expect(displayMathOpener('a $$')).toBeNull();
  });

  it('finds $$…$$ inside a paragraph, where it starts', () => {
    const text = 'The area is $$\\pi r^2$$ for a circle, $$a$$ twice.';
    const at = text.indexOf('$$');
    expect(inlineMathAt(text, at)).toEqual({ tex: '\\pi r^2', end: text.indexOf(' for') });
    expect(inlineMathAt(text, 0)).toBeNull();
    const second = text.lastIndexOf('$$a');
    expect(inlineMathAt(text, second)).toEqual({ tex: 'a', end: second + 5 });
    expect(inlineMathAt('a $$b\nc$$ d', 2)).toEqual({ tex: 'b\nc', end: 9 });
  });

  it('leaves unclosed, empty and paragraph-crossing dollars as they are', () => {
    for (const t of ['$$ never closed', '$$ $$', '$$$$', '$$a\n\nb$$', '$5 and $6']) {
      expect(inlineMathAt(t, 0), t).toBeNull();
    }
  });
});
