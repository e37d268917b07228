/** Moving around: home, history, reload, pages, and the selection keys. */
import type { Command } from './registry';
import { signedIn } from './helpers';

export const NAVIGATION_COMMANDS: Command[] = [
  {
    id: 'home',
    label: 'Home',
    group: 'navigate',
    toolbar: true,
    icon: '⌂',
    run: (c) => c.actions.navigate('/'),
  },
  {
    id: 'back',
    label: 'Back',
    group: 'navigate',
    toolbar: true,
    icon: '←',
    run: (c) => c.actions.back(),
  },
  {
    id: 'forward',
    label: 'Forward',
    group: 'navigate',
    toolbar: true,
    icon: '→',
    run: (c) => c.actions.forward(),
  },
  {
    id: 'reload',
    label: 'Reload',
    group: 'navigate',
    toolbar: true,
    icon: '↻',
    run: (c) => c.actions.reload(),
  },
  {
    id: 'closeBoard',
    label: 'Close board',
    group: 'navigate',
    shortcut: 'ctrl+shift+o',
    enabled: (c) => c.boards.length > 1,
    run(c) {
      const keep = c.boards.filter((b) => b._id !== c.board?._id);
      c.actions.navigate(
        `/${keep.map((b, i) => (i > 0 && keep[i - 1]!.owner === b.owner ? b.ptitle : `${b.owner}/${b.ptitle}`)).join(';')}`,
      );
    },
  },
  {
    id: 'discussion',
    label: 'Discussion',
    group: 'navigate',
    toolbar: true,
    icon: '✉',
    visible: signedIn,
    run: (c) =>
      c.actions.navigate(`/${c.user!.username}/home?code=pending&username=${c.user!.username}`),
  },
  {
    id: 'listings',
    label: 'Listings',
    group: 'navigate',
    toolbar: true,
    icon: '≣',
    visible: signedIn,
    run: (c) =>
      c.actions.navigate(`/${c.user!.username}/home?code=myBoards&username=${c.user!.username}`),
  },
  {
    id: 'shortcuts',
    label: 'Keyboard shortcuts',
    group: 'help',
    shortcut: 'shift+?',
    run: (c) => c.actions.openForm('shortcuts'),
  },
  {
    id: 'clearSelection',
    label: 'Clear selection',
    group: 'navigate',
    shortcut: 'ctrl+0',
    run: (c) => c.actions.clearSelection(),
  },
  {
    id: 'prevList',
    label: 'Previous list',
    group: 'navigate',
    shortcut: 'ctrl+b',
    visible: signedIn,
    run: (c) => c.actions.moveSelection('list', 'prev'),
  },
  {
    id: 'nextList',
    label: 'Next list',
    group: 'navigate',
    shortcut: 'ctrl+f',
    visible: signedIn,
    run: (c) => c.actions.moveSelection('list', 'next'),
  },
  {
    id: 'firstList',
    label: 'First list',
    group: 'navigate',
    shortcut: 'ctrl+shift+a',
    visible: signedIn,
    run: (c) => c.actions.moveSelection('list', 'first'),
  },
  {
    id: 'lastList',
    label: 'Last list',
    group: 'navigate',
    shortcut: 'ctrl+shift+e',
    visible: signedIn,
    run: (c) => c.actions.moveSelection('list', 'last'),
  },
  {
    id: 'prevItem',
    label: 'Previous item',
    group: 'navigate',
    shortcut: 'ctrl+p',
    visible: signedIn,
    run: (c) => c.actions.moveSelection('item', 'prev'),
  },
  {
    id: 'nextItem',
    label: 'Next item',
    group: 'navigate',
    shortcut: 'ctrl+n',
    visible: signedIn,
    run: (c) => c.actions.moveSelection('item', 'next'),
  },
  {
    id: 'firstItem',
    label: 'First item',
    group: 'navigate',
    shortcut: 'ctrl+alt+a',
    visible: signedIn,
    run: (c) => c.actions.moveSelection('item', 'first'),
  },
  {
    id: 'lastItem',
    label: 'Last item',
    group: 'navigate',
    shortcut: 'ctrl+alt+e',
    visible: signedIn,
    run: (c) => c.actions.moveSelection('item', 'last'),
  },
];
