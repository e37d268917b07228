import { describe, expect, it } from 'vitest';
import { parseFragmentRange, parseRangeToken, rangeUrl } from './range';
import { formatTimecode, parseTimecode } from './timecode';

describe('parseTimecode', () => {
  it('reads seconds, m:ss and h:mm:ss, with fractions', () => {
    expect(parseTimecode('90')).toBe(90);
    expect(parseTimecode('12.5')).toBe(12.5);
    expect(parseTimecode('.5')).toBe(0.5);
    expect(parseTimecode('1:05')).toBe(65);
    expect(parseTimecode('1:02:03.5')).toBe(3723.5);
  });

  it('refuses anything else', () => {
    for (const bad of ['', ':', '1:', ':5', '1:2:3:4', 'a', '1.2.3', '-1', '1.', '1 :05']) {
      expect(parseTimecode(bad), bad).toBeNull();
    }
  });

  it('formatTimecode writes seconds back as a time code', () => {
    expect(formatTimecode(65)).toBe('1:05');
    expect(formatTimecode(5)).toBe('0:05');
    expect(formatTimecode(3723.5)).toBe('1:02:03.5');
    expect(parseTimecode(formatTimecode(4000.25))).toBe(4000.25);
  });
});

describe('parseRangeToken (start-end)', () => {
  it('keeps the codes as written and the times in seconds', () => {
    expect(parseRangeToken('1:05-1:30')).toEqual({
      start: 65,
      end: 90,
      startCode: '1:05',
      endCode: '1:30',
    });
    expect(parseRangeToken('10-20.5')).toEqual({
      start: 10,
      end: 20.5,
      startCode: '10',
      endCode: '20.5',
    });
  });

  it('drops a range whose end is not after its start, or a token of another shape', () => {
    expect(parseRangeToken('20-10')).toBeNull();
    expect(parseRangeToken('10-10')).toBeNull();
    expect(parseRangeToken('10-')).toBeNull();
    expect(parseRangeToken('-10')).toBeNull();
    expect(parseRangeToken('1-2-3')).toBeNull();
    expect(parseRangeToken('a-b')).toBeNull();
  });
});

describe('parseFragmentRange (#t=start,end)', () => {
  it('reads a full media fragment', () => {
    expect(parseFragmentRange('v.mp4#t=10,20')).toEqual({
      start: 10,
      end: 20,
      startCode: '10',
      endCode: '20',
    });
    expect(parseFragmentRange('v.mp4#t=npt:1:05,1:30')).toMatchObject({ start: 65, end: 90 });
    expect(parseFragmentRange('v.mp4#x=1&t=5,6')).toMatchObject({ start: 5, end: 6 });
  });

  it('lets either side be left out: start 0 / end -1 with an empty code', () => {
    expect(parseFragmentRange('v.mp4#t=10')).toEqual({
      start: 10,
      end: -1,
      startCode: '10',
      endCode: '',
    });
    expect(parseFragmentRange('v.mp4#t=,20')).toEqual({
      start: 0,
      end: 20,
      startCode: '',
      endCode: '20',
    });
  });

  it('finds nothing without a usable t parameter', () => {
    expect(parseFragmentRange('v.mp4')).toBeNull();
    expect(parseFragmentRange('v.mp4#top')).toBeNull();
    expect(parseFragmentRange('v.mp4#t=')).toBeNull();
    expect(parseFragmentRange('v.mp4#t=9,3')).toBeNull();
  });

  it('rangeUrl sets the fragment for players', () => {
    const range = { start: 65, end: 90, startCode: '1:05', endCode: '1:30' };
    expect(rangeUrl('a/v.mp4?x=1#old', range)).toBe('a/v.mp4?x=1#t=65,90');
    expect(rangeUrl('v.mp4', { ...range, end: -1 })).toBe('v.mp4#t=65');
  });
});
