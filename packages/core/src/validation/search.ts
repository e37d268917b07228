import { searchMsg } from '../messages';
import { isBlank, type ValidationResult } from './fields';

/** Turns a date as typed into a time in ms, or null when it cannot be read. */
export type SearchDateParser = (text: string) => number | null;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads YYYY-MM-DD only, rejecting dates that do not exist. Callers with the full date grammar
 * (about 50 formats) pass their own parser to validateDateRange.
 */
export function readIsoDate(text: string): number | null {
  const m = ISO_DATE.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const time = Date.UTC(year, month - 1, day);
  const d = new Date(time);
  const exists =
    d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
  return exists ? time : null;
}

/** Separates the start and stop of a date search, e.g. 2023-01-01--2023-02-01. */
export const SEARCH_DATE_RANGE_SEPARATOR = '--';

/**
 * A date search is `start--stop`; the stop may be left out for an open-ended range, the start
 * may not. A stop before the start is a bad range.
 */
export function validateDateRange(
  range: string,
  parseDate: SearchDateParser = readIsoDate,
): ValidationResult {
  if (!range.includes(SEARCH_DATE_RANGE_SEPARATOR)) return searchMsg.dateRangeRequired;
  const parts = range.split(SEARCH_DATE_RANGE_SEPARATOR);
  if (parts.length !== 2) return searchMsg.badDateRange;
  const [startText, stopText] = parts.map((p) => p.trim()) as [string, string];
  if (startText === '') return searchMsg.startDateRequired;
  const start = parseDate(startText);
  if (start === null) return searchMsg.badDateRange;
  if (stopText === '') return null;
  const stop = parseDate(stopText);
  return stop === null || stop < start ? searchMsg.badDateRange : null;
}

export interface SearchInput {
  /** One of SEARCH_TYPES. */
  type: string;
  searchStr: string;
}

export function validateSearch(
  input: SearchInput,
  parseDate: SearchDateParser = readIsoDate,
): ValidationResult {
  if (input.type === 'text' || input.type === 'label') {
    return isBlank(input.searchStr) ? searchMsg.searchStringRequired : null;
  }
  if (input.type === 'date') return validateDateRange(input.searchStr, parseDate);
  return null;
}
