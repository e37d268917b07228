/** What a results board (load_search) says about the search behind it. */
import type { Multilist, SearchArgs } from '@listboard/core';

/** The arguments of the search, as the server read them; a results board has no page of its own. */
export type SearchArgsEcho = Omit<SearchArgs, 'page'>;

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
