/** Search (spec section 3 search args), sort, and local search (accent). */
import {
  SEARCH_BUCKETS,
  SEARCH_TYPES,
  SORT_CRITERIA,
  TIME_ZONES,
  isGuestUser,
  searchMsg,
  validateSearchArgs,
  type SortCriterion,
} from '@listboard/core';
import type { FormDef, Values } from './registry';
import { fail, str } from './helpers';
import { here, searchHref, withArg } from '../search/address';
import { isResultsBoard } from '../search/results';
import {
  SEARCH_MODES,
  defaultSearchValues,
  readSearchValues,
  searchParams,
  valuesOfArgs,
} from '../search/searchArgs';
import { showPlace, useAccent } from '../search/accent';

const ORDERS = ['Ascending', 'Descending'] as const;
const NAME_SORTS: readonly SortCriterion[] = ['Title', 'Author Name', 'User Field 1'];

export const SEARCH_FORMS: FormDef[] = [
  {
    id: 'search',
    label: 'Search',
    fields: [
      {
        name: 'searchStr',
        label: 'Search for',
        type: 'text',
        hint: 'Words, accents or not ("a phrase", word*, -word, a or b), a label, a tag (name:value), or for a date search two dates: 2023-01-01--March 31, 2023',
      },
      { name: 'by', label: 'Search by', type: 'select', options: SEARCH_TYPES },
      {
        name: 'users',
        label: 'Users',
        type: 'text',
        hint: 'me (what you wrote), all (what everyone wrote), or user names separated by commas',
      },
      { name: 'start', label: 'From date', type: 'text', placeholder: 'YYYY-MM-DD' },
      { name: 'stop', label: 'To date', type: 'text', placeholder: 'YYYY-MM-DD' },
      { name: 'zone', label: 'Time zone', type: 'select', options: TIME_ZONES },
      { name: 'mode', label: 'Mode', type: 'select', options: SEARCH_MODES },
      { name: 'bucket', label: 'One list per', type: 'select', options: SEARCH_BUCKETS },
      { name: 'circle', label: 'Circle', type: 'text', hint: 'only users of this circle' },
      { name: 'items', label: 'Items', type: 'checkbox' },
      { name: 'replies', label: 'Replies', type: 'checkbox' },
      { name: 'annos', label: 'Annotations', type: 'checkbox' },
      { name: 'notes', label: 'Notes', type: 'checkbox' },
      { name: 'ascend', label: 'Oldest first', type: 'checkbox' },
      { name: 'save', label: 'Save the results as a board', type: 'checkbox' },
    ],
    initial(ctx) {
      const shown = isResultsBoard(ctx.board) ? ctx.board.search.args : null;
      return { ...(shown ? valuesOfArgs(shown) : defaultSearchValues(isGuestUser(ctx.user))) };
    },
    validate(v) {
      const f = readSearchValues(v);
      return validateSearchArgs(f);
    },
    // Each refusal shows under the field to put right, which the keyboard goes to.
    errorField: (message) =>
      message === searchMsg.searchStringRequired || message === searchMsg.dateRangeRequired
        ? 'searchStr'
        : message === searchMsg.startDateRequired
          ? 'start'
          : null,
    async submit(v, ctx) {
      const f = readSearchValues(v);
      const { pathname, search } = here();
      const href = searchHref(pathname, search, ctx.user?.username ?? 'guest', searchParams(f));
      if (!f.save) {
        ctx.navigate(href);
        return null;
      }
      const res = await ctx.api('/api/dbload/load_search', { address: `${href}&save=true` });
      const saved = res.ok ? res.value.search?.saved : undefined;
      if (!saved) return fail('save search', res.ok ? undefined : res.error);
      ctx.navigate(`/${saved.owner}/${saved.ptitle}`);
      return null;
    },
  },
  {
    id: 'sort',
    label: 'Sort results',
    fields: [
      { name: 'sort', label: 'Sort by', type: 'select', options: SORT_CRITERIA },
      { name: 'order', label: 'Order', type: 'select', options: ORDERS },
    ],
    initial(ctx) {
      const args = isResultsBoard(ctx.board) ? ctx.board.search.args : null;
      const sort: SortCriterion = args?.sort ?? 'Title';
      const ascending = args?.ascend ?? NAME_SORTS.includes(sort);
      return { sort, order: ascending ? 'Ascending' : 'Descending' };
    },
    submit(v: Values, ctx) {
      const { pathname, search } = here();
      let q = withArg(search, 'sort', str(v, 'sort'));
      q = withArg(q, 'ascend', v.order === 'Ascending' ? 'true' : 'false');
      // A new order starts again at the first page.
      q = withArg(q, 'page', null);
      ctx.navigate(`${pathname}${q}`);
      return Promise.resolve(null);
    },
  },
  {
    id: 'accent',
    label: 'Local search',
    fields: [
      {
        name: 'text',
        label: 'Highlight on this board',
        type: 'text',
        hint: 'Marks every match on the board in view and goes to the first; Next match (F3) and Previous match (Shift+F3) go on. The words are never sent to the server.',
      },
    ],
    initial: () => ({ text: useAccent.getState().text }),
    async submit(v, ctx) {
      const text = str(v, 'text');
      const accent = useAccent.getState();
      if (!text) {
        accent.clear();
        return null;
      }
      const board = ctx.board ? `${ctx.board.owner}/${ctx.board.ptitle}` : null;
      // The finder renders markup as the cards do: it comes with the first local search.
      const { findOnBoard, notesOnBoard } = await import('../search/boardFind');
      const places = ctx.board ? findOnBoard(ctx.board, text, notesOnBoard(ctx.display)) : [];
      const count = accent.apply(text, board, places);
      if (count === 0) {
        accent.clear();
        return `No match for “${text}” on this board.`;
      }
      showPlace(places[0] ?? null);
      return null;
    },
  },
];
