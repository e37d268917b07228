import { describe, expect, it } from 'vitest';
import { validateDateRange, validateSearch } from '../validation/search';
import { DATE_FORMATS, parseCalendarDate, type DateFormat } from './formats';
import { calendarRange, parseDate, parseDateRange, searchDateParser } from './range';
import { localDateString, localMidnight, zoneOf, zoneOffsetMinutes } from './zones';

const DAY = { year: 2023, month: 3, day: 14 };
const MONTH = { year: 2023, month: 3 };
const YEAR = { year: 2023 };

/** One sample per format; 14 March 2023 was a Tuesday. */
const SAMPLES: Record<DateFormat, [string, object]> = {
  'YYYY-MM-DD': ['2023-03-14', DAY],
  'YYYY/MM/DD': ['2023/03/14', DAY],
  'YYYY MM DD': ['2023 03 14', DAY],
  'YYYY,MM,DD': ['2023,03,14', DAY],
  'MM-DD-YYYY': ['03-14-2023', DAY],
  'MM/DD/YYYY': ['03/14/2023', DAY],
  'MM DD YYYY': ['03 14 2023', DAY],
  'MM,DD,YYYY': ['03, 14, 2023', DAY],
  'MMMM DD YYYY': ['March 14 2023', DAY],
  'MMMM DD, YYYY': ['March 14, 2023', DAY],
  'MMMM-DD-YYYY': ['march-14-2023', DAY],
  'MMMM/DD/YYYY': ['MARCH/14/2023', DAY],
  'MMM DD YYYY': ['Mar 14 2023', DAY],
  'MMM DD, YYYY': ['Mar. 14, 2023', DAY],
  'MMM-DD-YYYY': ['mar-14-2023', DAY],
  'MMM/DD/YYYY': ['Mar/14/2023', DAY],
  'DD MMMM YYYY': ['14 March 2023', DAY],
  'DD MMMM, YYYY': ['14 March, 2023', DAY],
  'DD-MMMM-YYYY': ['14-March-2023', DAY],
  'DD/MMMM/YYYY': ['14/March/2023', DAY],
  'DD MMM YYYY': ['14 Mar 2023', DAY],
  'DD MMM, YYYY': ['14 Mar, 2023', DAY],
  'DD-MMM-YYYY': ['14-Mar-2023', DAY],
  'DD/MMM/YYYY': ['14/Mar/2023', DAY],
  'YYYY MMMM DD': ['2023 March 14', DAY],
  'YYYY, MMMM DD': ['2023, March 14', DAY],
  'YYYY-MMMM-DD': ['2023-March-14', DAY],
  'YYYY/MMMM/DD': ['2023/March/14', DAY],
  'YYYY MMM DD': ['2023 Mar 14', DAY],
  'YYYY, MMM DD': ['2023, Mar 14', DAY],
  'YYYY-MMM-DD': ['2023-Mar-14', DAY],
  'YYYY/MMM/DD': ['2023/Mar/14', DAY],
  'YYYY-MM': ['2023-03', MONTH],
  'YYYY/MM': ['2023/03', MONTH],
  'MM/YYYY': ['03/2023', MONTH],
  'MM-YYYY': ['03-2023', MONTH],
  'MMMM YYYY': ['March 2023', MONTH],
  'MMMM, YYYY': ['March, 2023', MONTH],
  'MMM YYYY': ['Mar 2023', MONTH],
  'MMM-YYYY': ['Mar-2023', MONTH],
  YYYY: ['2023', YEAR],
  'dddd, MMMM DD, YYYY': ['Tuesday, March 14, 2023', DAY],
  'dddd MMMM DD YYYY': ['Tuesday March 14 2023', DAY],
  'ddd, MMM DD, YYYY': ['Tue, Mar 14, 2023', DAY],
  'ddd MMM DD YYYY': ['Tue Mar 14 2023', DAY],
  'dddd, DD MMMM YYYY': ['Tuesday, 14 March 2023', DAY],
  'ddd, DD MMM YYYY': ['Tue, 14 Mar 2023', DAY],
  'dddd YYYY-MM-DD': ['tuesday 2023-03-14', DAY],
  'ddd YYYY-MM-DD': ['Tues. 2023-03-14', DAY],
  'dddd MM/DD/YYYY': ['Tuesday 03/14/2023', DAY],
  'ddd MM/DD/YYYY': ['Tue 03/14/2023', DAY],
};

describe('date formats', () => {
  it('number about fifty', () => {
    expect(DATE_FORMATS.length).toBeGreaterThanOrEqual(50);
    expect(Object.keys(SAMPLES).sort()).toEqual([...DATE_FORMATS].sort());
  });

  it.each(DATE_FORMATS.map((f) => [f, ...SAMPLES[f]] as const))(
    '%s reads %s',
    (format, text, expected) => {
      expect(parseCalendarDate(text)).toEqual({ date: expected, format });
    },
  );

  it.each([
    ['2023-3-14', 'one-digit month'],
    ['2023-03-4', 'one-digit day'],
    ['23-03-14', 'two-digit year'],
    ['March 4, 2023', 'one-digit day with a month name'],
    ['2023-02-29', 'no such day'],
    ['2024-13-01', 'no such month'],
    ['2023-04-31', 'April has 30 days'],
    ['Monday, March 14, 2023', 'wrong weekday'],
    ['Marchy 14 2023', 'unknown month name'],
    ['0000', 'year zero'],
    ['14.03.2023', 'dots are no separator'],
    ['', 'blank'],
    ['yesterday', 'words'],
  ])('refuses %s (%s)', (text) => {
    expect(parseCalendarDate(text)).toBeNull();
  });

  it('knows leap years and short-name spellings', () => {
    expect(parseCalendarDate('2024-02-29')?.date).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate('Sept 05 2023')?.date).toEqual({ year: 2023, month: 9, day: 5 });
    expect(parseCalendarDate('Thurs, Sep 07, 2023')?.date).toEqual({
      year: 2023,
      month: 9,
      day: 7,
    });
    expect(parseCalendarDate('  May   05 ,  2023 ')?.date).toEqual({
      year: 2023,
      month: 5,
      day: 5,
    });
  });
});

const iso = (ms: number) => new Date(ms).toISOString();

describe('time zones', () => {
  it('defaults to eastern and reads the four names in any case', () => {
    expect(zoneOf(undefined)).toBe('eastern');
    expect(zoneOf('Pacific')).toBe('pacific');
    expect(zoneOf(' MOUNTAIN ')).toBe('mountain');
    expect(zoneOf('central')).toBe('central');
    expect(zoneOf('utc')).toBe('eastern');
  });

  it('follows daylight saving time', () => {
    const winter = Date.UTC(2023, 0, 15, 12);
    const summer = Date.UTC(2023, 6, 15, 12);
    expect(zoneOffsetMinutes(winter, 'eastern')).toBe(-300);
    expect(zoneOffsetMinutes(summer, 'eastern')).toBe(-240);
    expect(zoneOffsetMinutes(winter, 'central')).toBe(-360);
    expect(zoneOffsetMinutes(winter, 'mountain')).toBe(-420);
    expect(zoneOffsetMinutes(summer, 'pacific')).toBe(-420);
  });

  it('puts local midnight at the right instant, also on the days the clocks change', () => {
    expect(iso(localMidnight(2023, 1, 15, 'eastern'))).toBe('2023-01-15T05:00:00.000Z');
    expect(iso(localMidnight(2023, 7, 15, 'pacific'))).toBe('2023-07-15T07:00:00.000Z');
    // 12 March 2023: clocks went forward at 2 a.m.; 5 November 2023: back.
    expect(iso(localMidnight(2023, 3, 12, 'eastern'))).toBe('2023-03-12T05:00:00.000Z');
    expect(iso(localMidnight(2023, 3, 13, 'eastern'))).toBe('2023-03-13T04:00:00.000Z');
    expect(iso(localMidnight(2023, 11, 5, 'central'))).toBe('2023-11-05T05:00:00.000Z');
    expect(iso(localMidnight(2023, 11, 6, 'central'))).toBe('2023-11-06T06:00:00.000Z');
  });

  it('gives the local calendar day of an instant', () => {
    const t = Date.UTC(2023, 2, 14, 3, 30);
    expect(localDateString(t, 'eastern')).toBe('2023-03-13');
    expect(localDateString(t, 'pacific')).toBe('2023-03-13');
    expect(localDateString(Date.UTC(2023, 2, 14, 12), 'eastern')).toBe('2023-03-14');
  });
});

describe('instant ranges', () => {
  it('a day, a month and a year in a zone', () => {
    expect(parseDate('2023-03-14', 'eastern')).toEqual({
      start: Date.UTC(2023, 2, 14, 4),
      stop: Date.UTC(2023, 2, 15, 4),
    });
    expect(parseDate('March 2023', 'pacific')).toEqual({
      start: Date.UTC(2023, 2, 1, 8),
      stop: Date.UTC(2023, 3, 1, 7),
    });
    expect(calendarRange({ year: 2023 }, 'central')).toEqual({
      start: Date.UTC(2023, 0, 1, 6),
      stop: Date.UTC(2024, 0, 1, 6),
    });
    expect(calendarRange({ year: 2023, month: 12 }, 'eastern').stop).toBe(Date.UTC(2024, 0, 1, 5));
    // The default zone is eastern.
    expect(parseDate('2023-01-31')).toEqual({
      start: Date.UTC(2023, 0, 31, 5),
      stop: Date.UTC(2023, 1, 1, 5),
    });
  });

  it('A--B runs from the start of A to the end of B, in any mix of formats', () => {
    expect(parseDateRange('2023-01-01--January 31, 2023', 'eastern')).toEqual({
      start: Date.UTC(2023, 0, 1, 5),
      stop: Date.UTC(2023, 1, 1, 5),
    });
    expect(parseDateRange('Mar 2023 -- 2024', 'eastern')).toEqual({
      start: Date.UTC(2023, 2, 1, 5),
      stop: Date.UTC(2025, 0, 1, 5),
    });
    // Compared as validateDateRange does: by where each date begins.
    expect(parseDateRange('Mar 2023 -- 2023', 'eastern')).toBeNull();
    expect(parseDateRange('03/14/2023--', 'eastern')).toEqual({
      start: Date.UTC(2023, 2, 14, 4),
      stop: null,
    });
    expect(parseDateRange('2023-02-01--2023-01-01')).toBeNull();
    expect(parseDateRange('2023-01-01')).toBeNull();
    expect(parseDateRange('--2023-01-01')).toBeNull();
  });
});

describe('validation with the full date grammar', () => {
  const parser = searchDateParser('eastern');

  it('takes any format on either side', () => {
    expect(validateDateRange('Jan 01, 2023 -- Tuesday, March 14, 2023', parser)).toBeNull();
    expect(validateSearch({ type: 'date', searchStr: '01/2023--03/2023' }, parser)).toBeNull();
    expect(validateSearch({ type: 'date', searchStr: 'May 2023--' }, parser)).toBeNull();
  });

  it('gives the spec messages', () => {
    expect(validateSearch({ type: 'date', searchStr: 'March 14, 2023' }, parser)).toBe(
      'Date search requires a date range',
    );
    expect(validateSearch({ type: 'date', searchStr: '--March 14, 2023' }, parser)).toBe(
      'A start date is required',
    );
    expect(validateSearch({ type: 'date', searchStr: 'soon--March 14, 2023' }, parser)).toBe(
      'Bad date range',
    );
    expect(validateSearch({ type: 'date', searchStr: '2023-03-14--2023-03-13' }, parser)).toBe(
      'Bad date range',
    );
    expect(validateSearch({ type: 'date', searchStr: '2023-03-14--2023--01' }, parser)).toBe(
      'Bad date range',
    );
  });
});
