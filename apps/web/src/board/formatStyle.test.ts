import { describe, expect, it } from 'vitest';
import { formatStyle } from './formatStyle';

describe('formatStyle', () => {
  it('applies the font size names with their em values', () => {
    expect(formatStyle({ fontSizeName: 'micro' }).fontSize).toBe('0.25em');
    expect(formatStyle({ fontSizeName: 'huge' }).fontSize).toBe('3em');
    expect(formatStyle({ fontSizeName: 'collosal' }).fontSize).toBe('5em');
  });

  it('maps colour names and keeps text readable on a coloured card', () => {
    const s = formatStyle({ bgcolor: 'yellow' });
    expect(s.background).toBe('#fff3b0');
    expect(s.color).toBe('#1d2733');
    expect(formatStyle({ bgcolor: 'blank' }).background).toBe('transparent');
    expect(formatStyle({ textColor: '#123456' }).color).toBe('#123456');
  });

  it('applies font, spacing, alignment and height fields', () => {
    expect(
      formatStyle({
        fontName: 'Georgia',
        fontWeight: 700,
        fontStyle: 'italic',
        lineHeight: 1.8,
        padding: 12,
        textAlign: 'center',
        height: 200,
      }),
    ).toEqual({
      fontFamily: 'Georgia',
      fontWeight: 700,
      fontStyle: 'italic',
      lineHeight: 1.8,
      padding: '12px',
      textAlign: 'center',
      height: '200px',
      overflow: 'auto',
    });
  });
});
