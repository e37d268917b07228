/** What a results board (load_search) says about the search behind it. */
import type {
  Multilist,
  SearchBucket,
  SearchType,
  SortCriterion,
  TimeZoneName,
} from '@listboard/core';

export interface SearchArgsEcho {
  searchStr: string;
  by: SearchType;
  users: 'me' | 'all' | string[];
  start: string;
  stop: string;
  collect: boolean;
  save: boolean;
  bucket: SearchBucket;
  ascend: boolean | null;
  circle: string | null;
  items: boolean;
  replies: boolean;
  annos: boolean;
  notes: boolean;
  sort: SortCriterion | null;
  zone: TimeZoneName;
  title: string | null;
}

export interface SavedSearch {
  multilistId: string;
  owner: string;
  title: string;
  ptitle: string;
  existing: boolean;
}

export interface SearchInfo {
  args: SearchArgsEcho;
  page: number;
  pageSize: number;
  count: number;
  hasNext: boolean;
  saved?: SavedSearch;
}

export type ResultsBoard = Multilist & { search: SearchInfo };

export const isResultsBoard = (b: Multilist | null | undefined): b is ResultsBoard =>
  Boolean(b && 'search' in b && (b as ResultsBoard).search?.args);

/** The general search on screen, if any: always the last board of the chain. */
export function resultsOnScreen(boards: Multilist[]): ResultsBoard | null {
  const last = boards[boards.length - 1];
  return isResultsBoard(last) ? last : null;
}
