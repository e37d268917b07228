/** What a results board (load_search) says about the search behind it. */
import type { Multilist } from '@listboard/core';
import type { ResultsBoard } from '@listboard/core/api/search';

export type {
  ResultsBoard,
  SavedSearch,
  SearchArgsEcho,
  SearchInfo,
} from '@listboard/core/api/search';

export const isResultsBoard = (b: Multilist | null | undefined): b is ResultsBoard =>
  Boolean(b && 'search' in b && (b as { search?: ResultsBoard['search'] | null }).search?.args);

/** The general search on screen, if any: always the last board of the chain. */
export function resultsOnScreen(boards: Multilist[]): ResultsBoard | null {
  const last = boards[boards.length - 1];
  return isResultsBoard(last) ? last : null;
}
