import { describe, expect, it } from 'vitest';
import { displayMathOpener, hasInlineMath, inlineMathAt, mathBlockType } from './math';

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

  it('finds $…$ inside a paragraph where its dollars hug the formula', () => {
    const text = 'where $n$ is the size and $\\bar{x} = 2$, here.';
    const at = text.indexOf('$n');
    expect(inlineMathAt(text, at)).toEqual({ tex: 'n', end: at + 3 });
    const second = text.indexOf('$\\bar');
    expect(inlineMathAt(text, second)).toEqual({
      tex: '\\bar{x} = 2',
      end: text.indexOf(', here'),
    });
    // An escaped dollar inside does not close it.
    expect(inlineMathAt('$a\\$b$ c', 0)).toEqual({ tex: 'a\\$b', end: 6 });
  });

  it('leaves prices and loose dollars as text', () => {
    for (const t of [
      '$5 and $6',
      '$5, or $10 with shipping',
      '$5–$10 a month',
      '$ x$',
      '$x $',
      '$x$5',
      '$a\n\nb$',
      '$ never closed',
      '$',
    ]) {
      expect(inlineMathAt(t, 0), t).toBeNull();
      expect(hasInlineMath(t), t).toBe(false);
    }
    expect(hasInlineMath('it costs $5 and \\$x\\$ is escaped')).toBe(false);
    expect(hasInlineMath('it costs $5, and $x$ is a formula')).toBe(true);
    expect(hasInlineMath('the area $$\\pi r^2$$')).toBe(true);
  });
});
