import { describe, expect, it } from 'vitest';
import { dateSearchText, searchWindow, validateSearchArgs } from './search-window';

describe('validateSearchArgs', () => {
  it.each([
    [{ by: 'text', searchStr: ' ' }, 'A search string is required for text or labels search.'],
    [{ by: 'label', searchStr: '' }, 'A search string is required for text or labels search.'],
    [{ by: 'date', searchStr: 'March 2023' }, 'Date search requires a date range'],
    [{ by: 'date', searchStr: '' }, 'Date search requires a date range'],
    [{ by: 'date', searchStr: '2023-03-02--2023-03-01' }, 'Bad date range'],
    [{ by: 'date', searchStr: '--2023-03-01' }, 'A start date is required'],
    [{ by: 'date', searchStr: '', stop: 'Mar 2023' }, 'A start date is required'],
    [{ by: 'text', searchStr: 'fox', start: 'soon' }, 'Bad date range'],
    [{ by: 'tags', searchStr: '', stop: '2023' }, 'A start date is required'],
  ])('%o: %s', (args, message) => {
    expect(validateSearchArgs(args)).toBe(message);
  });

  it('lets good searches through, with dates in any format', () => {
    expect(validateSearchArgs({ by: 'text', searchStr: 'fox' })).toBeNull();
    expect(validateSearchArgs({ by: 'author', searchStr: '' })).toBeNull();
    expect(validateSearchArgs({ by: 'date', searchStr: 'Tue, Mar 14, 2023--2023-04' })).toBeNull();
    expect(validateSearchArgs({ by: 'date', searchStr: '', start: '14 Mar 2023' })).toBeNull();
    expect(
      validateSearchArgs({ by: 'label', searchStr: 'x', start: '2023', stop: '2024' }),
    ).toBeNull();
  });
});

describe('searchWindow', () => {
  it('a date search reads searchStr, else start and stop; others only start and stop', () => {
    expect(dateSearchText({ by: 'date', searchStr: '', start: '2023', stop: '' })).toBe('2023--');
    const whole2023 = searchWindow({ by: 'date', searchStr: '2023--2023', zone: 'eastern' })!;
    expect(new Date(whole2023.start).toISOString()).toBe('2023-01-01T05:00:00.000Z');
    expect(new Date(whole2023.stop!).toISOString()).toBe('2024-01-01T05:00:00.000Z');
    const open = searchWindow({
      by: 'text',
      searchStr: 'x',
      start: '2023-06-01',
      zone: 'pacific',
    })!;
    expect(new Date(open.start).toISOString()).toBe('2023-06-01T07:00:00.000Z');
    expect(open.stop).toBeNull();
    expect(searchWindow({ by: 'text', searchStr: 'x' })).toBeNull();
  });
});
