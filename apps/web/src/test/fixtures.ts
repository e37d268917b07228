/**
 * Boards and users shaped as the API sends them, built from item text with the same markup code
 * the server uses, so tests read like the boards people write.
 */
import {
  abilitiesOf,
  itemDefaults,
  pathTitle,
  textToBlocks,
  type Item,
  type List,
  type Multilist,
  type PublicUser,
} from '@listboard/core';
import type { CommandActions, CommandContext } from '../commands/registry';
import { DEFAULT_DISPLAY, DEFAULT_PREFS, NO_SELECTION } from '../state/ui';

export const guest: PublicUser = {
  _id: 'user-guest',
  username: 'guest',
  email: null,
  roles: ['guest'],
  fullname: 'Guest',
  circle: null,
  groups: [],
  nodashboard: false,
  emailVerified: false,
  fields: {},
};

export interface ListSpec {
  title: string;
  description?: string;
  items: string[];
}

let seq = 0;
const id = (kind: string) => `${kind}-${++seq}`;
const when = '2026-01-01T00:00:00.000Z';

function makeItem(text: string, list: List, index: number, owner: string): Item {
  return {
    ...itemDefaults(),
    _id: id('item'),
    listId: list._id,
    multilistId: list.multilistId,
    index,
    indexInBoard: index,
    listIndex: list.index,
    owner,
    author: owner,
    text,
    blocks: textToBlocks(text),
    created: when,
    modified: when,
    version: 1,
  };
}

export function makeBoard(
  owner: string,
  title: string,
  lists: ListSpec[],
  description = '',
): Multilist {
  const boardId = id('board');
  return {
    _id: boardId,
    owner,
    title,
    ptitle: pathTitle(title),
    altTitle: null,
    description,
    listed: true,
    hasPassword: false,
    locked: false,
    labels: [],
    labelColors: {},
    colors: {},
    readerColors: {},
    isTable: false,
    authors: [],
    readers: [],
    contributors: [],
    groups: [],
    linkedBoards: [],
    sectionsInfoArray: [],
    created: when,
    modified: when,
    version: 1,
    viewstate: {},
    abilities: abilitiesOf('guest', []),
    lists: lists.map((spec, index) => {
      const list: List = {
        _id: id('list'),
        multilistId: boardId,
        index,
        title: spec.title,
        description: spec.description ?? '[ No description ]',
        author: owner,
        created: when,
        modified: when,
        reverse: false,
        tourId: null,
        notesDue: null,
        version: 1,
        items: [],
        viewstate: {},
      };
      list.items = spec.items.map((text, i) => makeItem(text, list, i, owner));
      return list;
    }),
  };
}

/**
 * A command's context for a screen test: `user` on `board` (none by default) with nothing
 * selected, no form open and the default display, as the toolbar would build it; `over` sets the
 * rest (abilities, selection, actions).
 */
export function commandContext(
  user: PublicUser,
  board: Multilist | null,
  over: Partial<CommandContext> = {},
): CommandContext {
  return {
    user,
    isGuest: user.roles.includes('guest'),
    boards: board ? [board] : [],
    board,
    abilities: board?.abilities ?? null,
    flags: null,
    selection: NO_SELECTION,
    display: DEFAULT_DISPLAY,
    prefs: DEFAULT_PREFS,
    form: null,
    results: false,
    listState: () => ({}),
    itemState: () => ({}),
    actions: {} as CommandActions,
    ...over,
  };
}
