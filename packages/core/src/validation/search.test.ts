import { describe, expect, it } from 'vitest';
import { readIsoDate, validateDateRange, validateSearch } from './search';

describe('validateSearch', () => {
  it.each(['text', 'label'])('%s search needs a non-blank string', (type) => {
    expect(validateSearch({ type, searchStr: '  ' })).toBe(
      'A search string is required for text or labels search.',
    );
    expect(validateSearch({ type, searchStr: 'video' })).toBeNull();
  });

  it('lets other searches go without a string', () => {
    expect(validateSearch({ type: 'author', searchStr: '' })).toBeNull();
    expect(validateSearch({ type: 'tags', searchStr: '' })).toBeNull();
  });

  it('checks the range of a date search', () => {
    expect(validateSearch({ type: 'date', searchStr: '2023-01-01' })).toBe(
      'Date search requires a date range',
    );
    expect(validateSearch({ type: 'date', searchStr: '2023-01-01--2023-02-01' })).toBeNull();
  });
});

describe('validateDateRange', () => {
  it('accepts two dates in order, or a start alone', () => {
    expect(validateDateRange('2023-01-01--2023-02-01')).toBeNull();
    expect(validateDateRange('2023-01-01 -- 2023-01-01')).toBeNull();
    expect(validateDateRange('2023-01-01--')).toBeNull();
  });

  it('needs a double dash', () => {
    expect(validateDateRange('')).toBe('Date search requires a date range');
    expect(validateDateRange('2023-01-01 2023-02-01')).toBe('Date search requires a date range');
  });

  it('needs a start date', () => {
    expect(validateDateRange('--2023-02-01')).toBe('A start date is required');
    expect(validateDateRange(' -- ')).toBe('A start date is required');
  });

  it.each([
    '2023-02-01--2023-01-01',
    '2023-13-01--2023-12-01',
    '2023-01-01--someday',
    '2023-02-30--2023-03-01',
    '2023-01-01--2023-02-01--2023-03-01',
  ])('rejects %s as a bad range', (range) => {
    expect(validateDateRange(range)).toBe('Bad date range');
  });

  it('uses the parser it is given', () => {
    const parser = (t: string) => ({ today: 2, yesterday: 1 })[t] ?? null;
    expect(validateDateRange('yesterday--today', parser)).toBeNull();
    expect(validateDateRange('today--yesterday', parser)).toBe('Bad date range');
    expect(validateSearch({ type: 'date', searchStr: 'yesterday--' }, parser)).toBeNull();
  });
});

describe('readIsoDate', () => {
  it('reads real YYYY-MM-DD dates only', () => {
    expect(readIsoDate('2023-01-01')).toBe(Date.UTC(2023, 0, 1));
    expect(readIsoDate('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(readIsoDate('2023-02-29')).toBeNull();
    expect(readIsoDate('2023-1-1')).toBeNull();
    expect(readIsoDate('01/01/2023')).toBeNull();
  });
});
