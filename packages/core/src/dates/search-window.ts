/**
 * The whole check of a search's dates, shared by the search form and the server: a date search
 * takes its range from searchStr (or from start and stop when searchStr is blank); any other
 * search may be limited to a start--stop window. Messages are the spec's (section 5).
 */
import { DEFAULT_TIME_ZONE, type TimeZoneName } from '../constants';
import { isBlank, type ValidationResult } from '../validation/fields';
import { validateDateRange, validateSearch } from '../validation/search';
import { parseDateRange, searchDateParser, type DateSearchRange } from './range';

export interface SearchDates {
  /** One of SEARCH_TYPES. */
  by: string;
  searchStr: string;
  start?: string;
  stop?: string;
  zone?: TimeZoneName;
}

/** The range text of a date search: searchStr, or start--stop when searchStr is blank. */
export function dateSearchText(args: SearchDates): string {
  const start = (args.start ?? '').trim();
  const stop = (args.stop ?? '').trim();
  if (!isBlank(args.searchStr) || (start === '' && stop === '')) return args.searchStr;
  return `${start}--${stop}`;
}

/** Null when the search may run, else the spec's message saying why not. */
export function validateSearchArgs(args: SearchDates): ValidationResult {
  const parser = searchDateParser(args.zone ?? DEFAULT_TIME_ZONE);
  if (args.by === 'date') {
    return validateSearch({ type: 'date', searchStr: dateSearchText(args) }, parser);
  }
  const problem = validateSearch({ type: args.by, searchStr: args.searchStr }, parser);
  if (problem) return problem;
  const start = (args.start ?? '').trim();
  const stop = (args.stop ?? '').trim();
  if (start === '' && stop === '') return null;
  return validateDateRange(`${start}--${stop}`, parser);
}

/**
 * The instants a valid search is limited to (start included, stop excluded or open), or null
 * when it has no dates. Call validateSearchArgs first: a range that does not read gives null.
 */
export function searchWindow(args: SearchDates): DateSearchRange | null {
  const zone = args.zone ?? DEFAULT_TIME_ZONE;
  if (args.by === 'date') return parseDateRange(dateSearchText(args), zone);
  const start = (args.start ?? '').trim();
  const stop = (args.stop ?? '').trim();
  if (start === '' && stop === '') return null;
  return parseDateRange(`${start}--${stop}`, zone);
}
