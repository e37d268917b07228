/**
 * The date formats a search accepts (spec section 5): year, month and day in several orders, with
 * optional weekday names, separated by space, comma, dash or slash. Years have 4 digits; numeric
 * months and days have 2. Month and weekday names may be full or short, in any letter case, and a
 * short name may end with a dot.
 *
 * Tokens: YYYY year, MM numeric month, DD numeric day, MMMM / MMM month name (full / short),
 * dddd / ddd weekday name (full / short). A format without DD names a whole month; one without
 * MM or a month name names a whole year.
 */

import { must } from '../must';
import { own } from '../own';

export const DATE_FORMATS = [
  // Numbers only, year first or month first.
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'YYYY MM DD',
  'YYYY,MM,DD',
  'MM-DD-YYYY',
  'MM/DD/YYYY',
  'MM DD YYYY',
  'MM,DD,YYYY',
  // Month name, day, year.
  'MMMM DD YYYY',
  'MMMM DD, YYYY',
  'MMMM-DD-YYYY',
  'MMMM/DD/YYYY',
  'MMM DD YYYY',
  'MMM DD, YYYY',
  'MMM-DD-YYYY',
  'MMM/DD/YYYY',
  // Day, month name, year.
  'DD MMMM YYYY',
  'DD MMMM, YYYY',
  'DD-MMMM-YYYY',
  'DD/MMMM/YYYY',
  'DD MMM YYYY',
  'DD MMM, YYYY',
  'DD-MMM-YYYY',
  'DD/MMM/YYYY',
  // Year, month name, day.
  'YYYY MMMM DD',
  'YYYY, MMMM DD',
  'YYYY-MMMM-DD',
  'YYYY/MMMM/DD',
  'YYYY MMM DD',
  'YYYY, MMM DD',
  'YYYY-MMM-DD',
  'YYYY/MMM/DD',
  // A whole month.
  'YYYY-MM',
  'YYYY/MM',
  'MM/YYYY',
  'MM-YYYY',
  'MMMM YYYY',
  'MMMM, YYYY',
  'MMM YYYY',
  'MMM-YYYY',
  // A whole year.
  'YYYY',
  // With a weekday in front.
  'dddd, MMMM DD, YYYY',
  'dddd MMMM DD YYYY',
  'ddd, MMM DD, YYYY',
  'ddd MMM DD YYYY',
  'dddd, DD MMMM YYYY',
  'ddd, DD MMM YYYY',
  'dddd YYYY-MM-DD',
  'ddd YYYY-MM-DD',
  'dddd MM/DD/YYYY',
  'ddd MM/DD/YYYY',
] as const;

export type DateFormat = (typeof DATE_FORMATS)[number];

export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

export const WEEKDAY_NAMES = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

/** Short names, each mapped to its 0-based month or weekday; 'sept', 'tues', 'thurs' are common too. */
const SHORT_MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  sept: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};
const SHORT_WEEKDAYS: Record<string, number> = {
  sun: 0,
  mon: 1,
  tue: 2,
  tues: 2,
  wed: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  fri: 5,
  sat: 6,
};

type Token = 'YYYY' | 'MM' | 'DD' | 'MMMM' | 'MMM' | 'dddd' | 'ddd';

const TOKEN_PATTERN: Record<Token, string> = {
  YYYY: '(\\d{4})',
  MM: '(\\d{2})',
  DD: '(\\d{2})',
  MMMM: `(${MONTH_NAMES.join('|')})`,
  MMM: `(${Object.keys(SHORT_MONTHS).join('|')})\\.?`,
  dddd: `(${WEEKDAY_NAMES.join('|')})`,
  ddd: `(${Object.keys(SHORT_WEEKDAYS).join('|')})\\.?`,
};

/** Separators may carry extra spaces around them, as people type them. */
const SEPARATOR_PATTERN: Record<string, string> = {
  ' ': '\\s+',
  ',': '\\s*,\\s*',
  ', ': '\\s*,\\s*',
  '-': '\\s*-\\s*',
  '/': '\\s*/\\s*',
};

interface Compiled {
  format: DateFormat;
  regex: RegExp;
  tokens: Token[];
}

function compile(format: DateFormat): Compiled {
  const parts = format.match(/YYYY|MMMM|MMM|MM|DD|dddd|ddd|, |[ ,/-]/g) ?? [];
  const tokens: Token[] = [];
  const source = parts
    .map((p) => {
      if (p in TOKEN_PATTERN) {
        tokens.push(p as Token);
        return TOKEN_PATTERN[p as Token];
      }
      return must(own(SEPARATOR_PATTERN, p), `the pattern of separator '${p}'`);
    })
    .join('');
  return { format, regex: new RegExp(`^${source}$`, 'i'), tokens };
}

const COMPILED = DATE_FORMATS.map(compile);

/** A calendar date as typed: a year, a month of it (1-12), or a day of it. */
export interface CalendarDate {
  year: number;
  month?: number;
  day?: number;
}

export interface ParsedDate {
  date: CalendarDate;
  format: DateFormat;
}

/** Day 0 of the next month is the last day of this one; month is 1-12. */
function daysInMonth(year: number, month: number): number {
  return utcDate(year, month, 0).getUTCDate();
}

/** Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not. */
function utcDate(year: number, monthIndex: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  return d;
}

/**
 * Reads a date in one of DATE_FORMATS. Dates that do not exist (February 30) and weekdays that
 * do not match the date are refused, so a typo never silently moves the range.
 */
export function parseCalendarDate(text: string): ParsedDate | null {
  const input = text.trim().replace(/\s+/g, ' ');
  if (input === '') return null;
  for (const c of COMPILED) {
    const m = c.regex.exec(input);
    if (!m) continue;
    let year = 0;
    let month: number | undefined;
    let day: number | undefined;
    let weekday: number | undefined;
    c.tokens.forEach((token, i) => {
      const value = must(m[i + 1], `the ${token} of ${c.format}`).toLowerCase();
      if (token === 'YYYY') year = Number(value);
      else if (token === 'MM') month = Number(value);
      else if (token === 'DD') day = Number(value);
      else if (token === 'MMMM') month = MONTH_NAMES.indexOf(value as never) + 1;
      else if (token === 'MMM') month = must(own(SHORT_MONTHS, value), `month ${value}`) + 1;
      else if (token === 'dddd') weekday = WEEKDAY_NAMES.indexOf(value as never);
      else weekday = own(SHORT_WEEKDAYS, value);
    });
    if (year < 1) return null;
    if (month !== undefined && (month < 1 || month > 12)) return null;
    if (day !== undefined) {
      if (month === undefined || day < 1 || day > daysInMonth(year, month)) return null;
      if (weekday !== undefined && utcDate(year, month - 1, day).getUTCDay() !== weekday) {
        return null;
      }
    }
    const date: CalendarDate = { year };
    if (month !== undefined) date.month = month;
    if (day !== undefined) date.day = day;
    return { date, format: c.format };
  }
  return null;
}
