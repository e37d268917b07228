import { describe, expect, it } from 'vitest';
import { formatLabels, nextAnnotationLabel, noteText, parseLabels } from './notes';

describe('parseLabels', () => {
  it('reads comma-separated name:value pairs', () => {
    expect(parseLabels('a:1, b:2')).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
    ]);
  });

  it('trims, skips empty entries and keeps a bare name', () => {
    expect(parseLabels(' topic : intro ,, draft ,')).toEqual([
      { name: 'topic', value: 'intro' },
      { name: 'draft', value: '' },
    ]);
  });

  it('splits at the first colon only', () => {
    expect(parseLabels('time:12:30')).toEqual([{ name: 'time', value: '12:30' }]);
  });

  it('skips a pair with no name', () => {
    expect(parseLabels(':orphan, ok:1')).toEqual([{ name: 'ok', value: '1' }]);
    expect(parseLabels('')).toEqual([]);
  });

  it('keeps one label per name, in first place with the last value', () => {
    expect(parseLabels('a:1, b:2, a:3')).toEqual([
      { name: 'a', value: '3' },
      { name: 'b', value: '2' },
    ]);
  });

  it('reads back what formatLabels writes', () => {
    const labels = [
      { name: 'a', value: '1' },
      { name: 'flag', value: '' },
    ];
    expect(formatLabels(labels)).toBe('a:1, flag');
    expect(parseLabels(formatLabels(labels))).toEqual(labels);
  });
});

describe('noteText', () => {
  it('stores a blank note as a highlight only', () => {
    expect(noteText('')).toBe('[Highlight only]');
    expect(noteText(' \n ')).toBe('[Highlight only]');
    expect(noteText(null)).toBe('[Highlight only]');
  });

  it('keeps a written note as written', () => {
    expect(noteText(' Good point ')).toBe(' Good point ');
  });
});

describe('nextAnnotationLabel', () => {
  it('starts at 1', () => {
    expect(nextAnnotationLabel([])).toBe('1');
    expect(nextAnnotationLabel(['intro', null, undefined])).toBe('1');
  });

  it('is one more than the highest numeric label, not the count', () => {
    expect(nextAnnotationLabel(['1', '2', '7'])).toBe('8');
    expect(nextAnnotationLabel(['10', '9', 'x', '2a'])).toBe('11');
    expect(nextAnnotationLabel([' 3 '])).toBe('4');
    expect(nextAnnotationLabel(new Set(['2', '5']))).toBe('6');
  });

  it('stays exact beyond the safe integer range', () => {
    expect(nextAnnotationLabel(['9007199254740993'])).toBe('9007199254740994');
  });
});
