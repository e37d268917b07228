import { describe, expect, it } from 'vitest';
import { displayMathOpener, mathBlockType } from './math';

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
});
