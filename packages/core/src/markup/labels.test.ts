import { describe, expect, it } from 'vitest';
import { formatLabelsText, nextAnnoLabel, noteTextOrHighlight, parseLabelsText } from './labels';

describe('parseLabelsText', () => {
  it('reads comma-separated name:value pairs', () => {
    expect(parseLabelsText('a:1, b:2')).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
    ]);
  });

  it('trims, allows a bare name, keeps colons in values, drops nameless entries', () => {
    expect(parseLabelsText(' week : 1 ,draft,, :x, time: 1:05 ')).toEqual([
      { name: 'week', value: '1' },
      { name: 'draft', value: '' },
      { name: 'time', value: '1:05' },
    ]);
    expect(parseLabelsText('')).toEqual([]);
  });

  it('keeps the first place and the last value of a repeated name', () => {
    expect(parseLabelsText('a:1, b:2, a:3')).toEqual([
      { name: 'a', value: '3' },
      { name: 'b', value: '2' },
    ]);
  });

  it('formatLabelsText writes what parseLabelsText reads back', () => {
    const labels = [
      { name: 'a', value: '1' },
      { name: 'draft', value: '' },
    ];
    expect(formatLabelsText(labels)).toBe('a:1, draft');
    expect(parseLabelsText(formatLabelsText(labels))).toEqual(labels);
  });
});

describe('nextAnnoLabel', () => {
  it("is '1' when there is no numeric label", () => {
    expect(nextAnnoLabel([])).toBe('1');
    expect(nextAnnoLabel(['a', null, undefined, '', '1a', '-3'])).toBe('1');
  });

  it('is one more than the highest numeric label', () => {
    expect(nextAnnoLabel(['2', '10', 'x', ' 7 '])).toBe('11');
    expect(nextAnnoLabel(['0'])).toBe('1');
    expect(nextAnnoLabel(['99999999999999999999'])).toBe('100000000000000000000');
  });
});

describe('noteTextOrHighlight', () => {
  it("makes blank note text '[Highlight only]'", () => {
    expect(noteTextOrHighlight('')).toBe('[Highlight only]');
    expect(noteTextOrHighlight(' \n\t')).toBe('[Highlight only]');
    expect(noteTextOrHighlight(null)).toBe('[Highlight only]');
    expect(noteTextOrHighlight('Good point')).toBe('Good point');
  });
});
