/** Search, its result pages, sort and save; local search (accent); load and import. */
import { navigationMsg } from '@listboard/core';
import {
  ArrowDownWideNarrow,
  BookmarkPlus,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronUp,
  FileDown,
  FileInput,
  Link,
  Search,
  TextSearch,
  Users,
} from 'lucide-react';
import type { Command, CommandContext } from './registry';
import { canInsert, signedIn } from './helpers';
import { callApi, messageOr } from '../api/client';
import { here, stepPage, withArg } from '../search/address';
import { resultsOnScreen } from '../search/results';
import { showPlace, useAccent } from '../search/accent';

const results = (c: CommandContext) => resultsOnScreen(c.boards);

/** Local search is marking words on the board. */
const markingMatches = () => useAccent.getState().text !== '';

function goToMatch(by: 1 | -1) {
  showPlace(useAccent.getState().step(by));
}
const showingResults = (c: CommandContext) => results(c) !== null;

function turnPage(c: CommandContext, step: -1 | 1) {
  const { pathname, search } = here();
  const next = stepPage(search, step);
  if (next.ok) c.actions.navigate(`${pathname}${next.search}`);
  else if (next.reason === 'first') c.actions.alert(navigationMsg.alreadyAtFirstSearchPage);
}

/**
 * A search of one's own items (users `me`, the form's default), not a custom code's: the same
 * words may well be in the boards one reads, written by others.
 */
export function searchOfOwnItems(c: CommandContext): boolean {
  const r = results(c);
  return (
    r !== null && r.search.args.users === 'me' && !new URLSearchParams(here().search).has('code')
  );
}

export const SEARCH_COMMANDS: Command[] = [
  {
    id: 'search',
    label: 'Search',
    group: 'navigate',
    toolbar: true,
    phone: true,
    icon: Search,
    run: (c) => c.actions.openForm('search'),
  },
  {
    id: 'accent',
    label: 'Local search',
    group: 'navigate',
    icon: TextSearch,
    enabled: (c) => c.board !== null,
    run: (c) => c.actions.openForm('accent'),
  },
  {
    id: 'nextMatch',
    label: 'Next match',
    group: 'navigate',
    shortcut: 'f3',
    icon: ChevronDown,
    visible: markingMatches,
    enabled: () => useAccent.getState().places.length > 0,
    run: () => goToMatch(1),
  },
  {
    id: 'prevMatch',
    label: 'Previous match',
    group: 'navigate',
    shortcut: 'shift+f3',
    icon: ChevronUp,
    visible: markingMatches,
    enabled: () => useAccent.getState().places.length > 0,
    run: () => goToMatch(-1),
  },
  {
    id: 'prevPage',
    label: 'Previous page',
    group: 'navigate',
    icon: ChevronLeft,
    visible: showingResults,
    run: (c) => turnPage(c, -1),
  },
  {
    id: 'nextPage',
    label: 'Next page',
    group: 'navigate',
    icon: ChevronRight,
    visible: showingResults,
    // Blocked at page 100, and after the last page of hits.
    enabled: (c) => {
      const r = results(c);
      return r !== null && r.search.hasNext && r.search.page < 100;
    },
    run: (c) => turnPage(c, 1),
  },
  {
    id: 'searchEveryone',
    label: 'Search everyone',
    group: 'navigate',
    icon: Users,
    visible: (c) => signedIn(c) && searchOfOwnItems(c),
    run: (c) => {
      const { pathname, search } = here();
      c.actions.navigate(`${pathname}${withArg(withArg(search, 'users', 'all'), 'page', null)}`);
    },
  },
  {
    id: 'sort',
    label: 'Sort',
    group: 'view',
    icon: ArrowDownWideNarrow,
    visible: showingResults,
    run: (c) => c.actions.openForm('sort'),
  },
  {
    id: 'saveSearch',
    label: 'Save search',
    group: 'edit',
    icon: BookmarkPlus,
    visible: (c) => showingResults(c) && signedIn(c),
    async run(c) {
      const { pathname, search } = here();
      const answer = await callApi('/api/dbload/load_search', {
        address: `${pathname}${search}&save=true`,
      });
      const saved = answer.ok ? answer.value.search?.saved : undefined;
      if (!saved) {
        c.actions.alert(
          answer.ok ? 'ERROR: save search' : messageOr(answer.error, 'ERROR: save search'),
        );
        return;
      }
      c.actions.navigate(`/${saved.owner}/${saved.ptitle}`);
    },
  },
  {
    id: 'load',
    label: 'Load',
    group: 'edit',
    icon: FileDown,
    visible: signedIn,
    run: (c) => c.actions.openForm('load'),
  },
  {
    id: 'urlLoad',
    label: 'URL load',
    group: 'edit',
    icon: Link,
    visible: signedIn,
    run: (c) => c.actions.openForm('url'),
  },
  {
    id: 'importList',
    label: 'Import list',
    group: 'edit',
    icon: FileInput,
    visible: (c) => canInsert(c) && !showingResults(c),
    run: (c) => c.actions.openForm('importList'),
  },
];
