import { DEFAULT_TIME_ZONE, type TimeZoneName } from '../constants';
import { SEARCH_DATE_RANGE_SEPARATOR, type SearchDateParser } from '../validation/search';
import { parseCalendarDate, type CalendarDate } from './formats';
import { localMidnight } from './zones';

/** Instants in ms since the epoch; start included, stop excluded. */
export interface InstantRange {
  start: number;
  stop: number;
}

/**
 * The instants a calendar date covers in the zone: a day from its local midnight to the next, a
 * month from its first day to the first of the next, a year likewise.
 */
export function calendarRange(
  date: CalendarDate,
  zone: TimeZoneName = DEFAULT_TIME_ZONE,
): InstantRange {
  const { year, month, day } = date;
  if (month === undefined) {
    return { start: localMidnight(year, 1, 1, zone), stop: localMidnight(year + 1, 1, 1, zone) };
  }
  if (day === undefined) {
    const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
    return {
      start: localMidnight(year, month, 1, zone),
      stop: localMidnight(next.y, next.m, 1, zone),
    };
  }
  // Day overflow is fine here: the 32nd of a month is the 1st of the next one.
  return {
    start: localMidnight(year, month, day, zone),
    stop: localMidnight(year, month, day + 1, zone),
  };
}

/** A date in any of DATE_FORMATS as the instants it covers in the zone, or null. */
export function parseDate(
  text: string,
  zone: TimeZoneName = DEFAULT_TIME_ZONE,
): InstantRange | null {
  const parsed = parseCalendarDate(text);
  return parsed ? calendarRange(parsed.date, zone) : null;
}

/** The parser validateSearch and validateDateRange take: a date's first instant in the zone. */
export function searchDateParser(zone: TimeZoneName = DEFAULT_TIME_ZONE): SearchDateParser {
  return (text) => parseDate(text, zone)?.start ?? null;
}

/** A date search range: from the start of the first date to the end of the second (open when none). */
export interface DateSearchRange {
  start: number;
  stop: number | null;
}

/**
 * Reads `A--B` (B may be left out): the first instant of A up to the last of B, so
 * `2023-01--2023-01` is the whole of January. Null when it does not read; validateDateRange with
 * searchDateParser says why.
 */
export function parseDateRange(
  text: string,
  zone: TimeZoneName = DEFAULT_TIME_ZONE,
): DateSearchRange | null {
  const parts = text.split(SEARCH_DATE_RANGE_SEPARATOR);
  const [from, to] = parts;
  if (parts.length !== 2 || from === undefined || to === undefined) return null;
  const start = parseDate(from, zone);
  if (!start) return null;
  if (to.trim() === '') return { start: start.start, stop: null };
  const stop = parseDate(to, zone);
  if (!stop || stop.start < start.start) return null;
  return { start: start.start, stop: stop.stop };
}
