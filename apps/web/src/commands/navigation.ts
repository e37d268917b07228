/** Moving around: home, history, reload, pages, and the selection keys. */
import {
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  BookmarkPlus,
  ChevronFirst,
  ChevronLast,
  ChevronsDown,
  ChevronsUp,
  House,
  Link,
  Keyboard,
  LayoutList,
  MessagesSquare,
  RotateCw,
  SquareDashed,
  X,
} from 'lucide-react';
import { ROOT_BOARD } from '@listboard/core';
import type { Command } from './registry';
import { listingHref as searchHref } from '@listboard/core/api/search';
import { needItemShown, signedIn, userOf } from './helpers';
import { copyLink } from '../board/itemLink';
import { addToHome } from '../board/addToHome';
import { useInfo } from '../state/info';

export const NAVIGATION_COMMANDS: Command[] = [
  {
    id: 'home',
    label: 'Home',
    group: 'navigate',
    toolbar: true,
    // A guest's phone bar needs the room for Sign in and Sign up; the logo goes home too.
    phone: signedIn,
    icon: House,
    run: (c) => c.actions.navigate('/'),
  },
  {
    id: 'back',
    label: 'Back',
    group: 'navigate',
    toolbar: true,
    phone: true,
    icon: ArrowLeft,
    run: (c) => c.actions.back(),
  },
  {
    id: 'forward',
    label: 'Forward',
    group: 'navigate',
    toolbar: true,
    icon: ArrowRight,
    run: (c) => c.actions.forward(),
  },
  {
    id: 'reload',
    label: 'Reload',
    group: 'navigate',
    toolbar: true,
    icon: RotateCw,
    run: (c) => c.actions.reload(),
  },
  {
    id: 'closeBoard',
    label: 'Close board',
    group: 'navigate',
    shortcut: 'ctrl+shift+o',
    icon: X,
    enabled: (c) => c.boards.length > 1,
    run(c) {
      const keep = c.boards.filter((b) => b._id !== c.board?._id);
      c.actions.navigate(
        `/${keep.map((b, i) => (i > 0 && keep[i - 1]?.owner === b.owner ? b.ptitle : `${b.owner}/${b.ptitle}`)).join(';')}`,
      );
    },
  },
  {
    id: 'addToHome',
    label: 'Add to my home board',
    group: 'navigate',
    icon: BookmarkPlus,
    // Any board the user can open, but their home board itself.
    visible: (c) =>
      signedIn(c) &&
      !c.results &&
      c.board !== null &&
      !(c.board.owner === userOf(c).username && c.board.title === ROOT_BOARD),
    async run(c) {
      if (!c.board) return;
      const said = await addToHome(c.board, userOf(c).username, c.actions.call);
      if (said?.done) useInfo.getState().show(said.text);
      else if (said) c.actions.alert(said.text);
    },
  },
  {
    id: 'copyItemLink',
    label: 'Copy link',
    group: 'navigate',
    item: true,
    icon: Link,
    // A result is an item of another board, which its own Visit opens.
    visible: (c) => !c.results,
    run: (c) =>
      // The selected item's board is the command's board.
      needItemShown(c, (itemId) => {
        if (c.board)
          void copyLink(c.board, 'item', itemId).then((said) => useInfo.getState().show(said));
      }),
  },
  {
    id: 'discussion',
    label: 'Discussion',
    group: 'navigate',
    icon: MessagesSquare,
    visible: signedIn,
    run: (c) => c.actions.navigate(searchHref(userOf(c).username, 'pending')),
  },
  {
    id: 'listings',
    label: 'Listings',
    group: 'navigate',
    icon: LayoutList,
    visible: signedIn,
    run: (c) => c.actions.navigate(searchHref(userOf(c).username, 'myBoards')),
  },
  {
    id: 'shortcuts',
    label: 'Keyboard shortcuts',
    group: 'help',
    shortcut: 'shift+?',
    icon: Keyboard,
    run: (c) => c.actions.openForm('shortcuts'),
  },
  {
    id: 'clearSelection',
    label: 'Clear selection',
    group: 'navigate',
    shortcut: 'ctrl+0',
    icon: SquareDashed,
    run: (c) => c.actions.clearSelection(),
  },
  {
    id: 'prevList',
    label: 'Previous list',
    group: 'navigate',
    shortcut: 'ctrl+b',
    icon: ArrowLeft,
    visible: signedIn,
    run: (c) => c.actions.moveSelection('list', 'prev'),
  },
  {
    id: 'nextList',
    label: 'Next list',
    group: 'navigate',
    shortcut: 'ctrl+f',
    icon: ArrowRight,
    visible: signedIn,
    run: (c) => c.actions.moveSelection('list', 'next'),
  },
  {
    id: 'firstList',
    label: 'First list',
    group: 'navigate',
    shortcut: 'ctrl+shift+a',
    icon: ChevronFirst,
    visible: signedIn,
    run: (c) => c.actions.moveSelection('list', 'first'),
  },
  {
    id: 'lastList',
    label: 'Last list',
    group: 'navigate',
    shortcut: 'ctrl+shift+e',
    icon: ChevronLast,
    visible: signedIn,
    run: (c) => c.actions.moveSelection('list', 'last'),
  },
  {
    id: 'prevItem',
    label: 'Previous item',
    group: 'navigate',
    shortcut: 'ctrl+p',
    icon: ArrowUp,
    visible: signedIn,
    run: (c) => c.actions.moveSelection('item', 'prev'),
  },
  {
    id: 'nextItem',
    label: 'Next item',
    group: 'navigate',
    shortcut: 'ctrl+n',
    icon: ArrowDown,
    visible: signedIn,
    run: (c) => c.actions.moveSelection('item', 'next'),
  },
  {
    id: 'firstItem',
    label: 'First item',
    group: 'navigate',
    shortcut: 'ctrl+alt+a',
    icon: ChevronsUp,
    visible: signedIn,
    run: (c) => c.actions.moveSelection('item', 'first'),
  },
  {
    id: 'lastItem',
    label: 'Last item',
    group: 'navigate',
    shortcut: 'ctrl+alt+e',
    icon: ChevronsDown,
    visible: signedIn,
    run: (c) => c.actions.moveSelection('item', 'last'),
  },
];
