import { LIST_WIDTH_STEPS, selectionMsg } from '@listboard/core';
import type { Command, CommandContext } from './registry';

const MAX_ZOOM = LIST_WIDTH_STEPS.length - 1;

const selectedList = (ctx: CommandContext) =>
  ctx.board?.lists.find((l) => l._id === ctx.selection.listId) ?? null;
const selectedItem = (ctx: CommandContext) => {
  for (const l of ctx.board?.lists ?? []) {
    const it = l.items.find((i) => i._id === ctx.selection.itemId);
    if (it) return it;
  }
  return null;
};
const signedIn = (ctx: CommandContext) => !ctx.isGuest;
const canEdit = (ctx: CommandContext) => ctx.abilities?.edit === true;
const canDelete = (ctx: CommandContext) => ctx.abilities?.delete === true;
const canInsert = (ctx: CommandContext) =>
  !ctx.isGuest && (ctx.abilities?.edit === true || ctx.abilities?.role === 'contributor');

/** Runs only with an item selected; otherwise says what to do, as the spec words it. */
const needItem = (ctx: CommandContext, run: () => void) =>
  ctx.selection.itemId ? run() : ctx.actions.alert(selectionMsg.selectAnItemFirst);
const needList = (ctx: CommandContext, run: () => void) =>
  ctx.selection.listId ? run() : ctx.actions.alert(selectionMsg.selectAListFirst);

export const COMMANDS: Command[] = [
  // Navigation
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
    id: 'help',
    label: 'Help',
    group: 'help',
    toolbar: true,
    icon: '?',
    run: (c) => c.actions.navigate('/admin/help'),
  },
  {
    id: 'shortcuts',
    label: 'Keyboard shortcuts',
    group: 'help',
    shortcut: 'shift+?',
    run: (c) => c.actions.openForm('shortcuts'),
  },

  // View
  {
    id: 'zoomIn',
    label: 'Zoom in',
    group: 'view',
    shortcut: 'ctrl+z',
    toolbar: true,
    icon: '+',
    enabled: (c) => c.display.zoom < MAX_ZOOM,
    run: (c) => c.actions.setDisplay({ zoom: Math.min(MAX_ZOOM, c.display.zoom + 1) }),
  },
  {
    id: 'zoomOut',
    label: 'Zoom out',
    group: 'view',
    shortcut: 'ctrl+y',
    toolbar: true,
    icon: '−',
    enabled: (c) => c.display.zoom > 0,
    run: (c) => c.actions.setDisplay({ zoom: Math.max(0, c.display.zoom - 1) }),
  },
  {
    id: 'collapseItems',
    label: 'Collapse all items',
    group: 'view',
    shortcut: 'ctrl+g',
    run: (c) => c.actions.setDisplay({ collapseItems: !c.display.collapseItems }),
  },
  {
    id: 'collapseLists',
    label: 'Collapse all lists',
    group: 'view',
    shortcut: 'ctrl+h',
    run: (c) => c.actions.setDisplay({ collapseLists: !c.display.collapseLists }),
  },
  {
    id: 'compact',
    label: 'Compact view',
    group: 'view',
    toolbar: true,
    icon: '☰',
    run: (c) => c.actions.setDisplay({ compactView: !c.display.compactView }),
  },
  {
    id: 'headlines',
    label: 'Headline view',
    group: 'view',
    run: (c) => c.actions.setDisplay({ headlineView: !c.display.headlineView }),
  },
  {
    id: 'theme',
    label: 'Theme',
    group: 'view',
    toolbar: true,
    icon: '◐',
    run: (c) => c.actions.cycleTheme(),
  },
  {
    id: 'toggleNotes',
    label: 'Show notes',
    group: 'view',
    shortcut: 'alt+m',
    toolbar: true,
    icon: '✎',
    run: (c) =>
      c.actions.setDisplay({
        showNotes:
          c.display.showNotes === 'annos+notes'
            ? 'none'
            : c.display.showNotes === 'none'
              ? 'annos'
              : 'annos+notes',
      }),
  },

  // Selection movement
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

  // Editing: lists
  {
    id: 'newBoard',
    label: 'New board',
    group: 'edit',
    toolbar: true,
    icon: '▦',
    visible: signedIn,
    run: (c) => c.actions.openForm('insertMultilist'),
  },
  {
    id: 'insertList',
    label: 'Insert list',
    group: 'edit',
    shortcut: 'ctrl+l',
    toolbar: true,
    icon: '⊞',
    visible: canInsert,
    run: (c) => c.actions.openForm('insertList'),
  },
  {
    id: 'editListTitle',
    label: 'Edit list title',
    group: 'edit',
    shortcut: 'l',
    visible: canEdit,
    run: (c) => needList(c, () => c.actions.openForm('editList')),
  },
  {
    id: 'editListDescription',
    label: 'Edit list description',
    group: 'edit',
    shortcut: 'alt+l',
    visible: canEdit,
    run: (c) => needList(c, () => c.actions.openForm('editListDescription')),
  },
  {
    id: 'duplicateList',
    label: 'Duplicate list',
    group: 'edit',
    visible: canInsert,
    run: (c) =>
      needList(
        c,
        () =>
          void c.actions.call(
            '/api/forms/duplicate_list',
            { multilistId: c.board!._id, prevListId: c.selection.listId },
            'duplicate list',
          ),
      ),
  },
  {
    id: 'deleteList',
    label: 'Delete list',
    group: 'edit',
    shortcut: 'ctrl+alt+l',
    visible: canDelete,
    run: (c) => needList(c, () => c.actions.openForm('deleteList')),
  },
  {
    id: 'moveListLeft',
    label: 'Move list left',
    group: 'edit',
    shortcut: 'ctrl+shift+b',
    visible: canEdit,
    run: (c) =>
      needList(
        c,
        () =>
          void c.actions.call(
            '/api/forms/move_list',
            { listId: c.selection.listId, direction: 'left' },
            'move list',
          ),
      ),
  },
  {
    id: 'moveListRight',
    label: 'Move list right',
    group: 'edit',
    shortcut: 'ctrl+shift+f',
    visible: canEdit,
    run: (c) =>
      needList(
        c,
        () =>
          void c.actions.call(
            '/api/forms/move_list',
            { listId: c.selection.listId, direction: 'right' },
            'move list',
          ),
      ),
  },
  {
    id: 'reverseList',
    label: 'Reverse list',
    group: 'edit',
    visible: canEdit,
    run: (c) =>
      needList(
        c,
        () =>
          void c.actions.call(
            '/api/forms/reverse_list',
            { listId: c.selection.listId },
            'reverse list',
          ),
      ),
  },

  // Editing: items
  {
    id: 'editItem',
    label: 'Edit item',
    group: 'edit',
    shortcut: 'i',
    visible: canEdit,
    run: (c) => needItem(c, () => c.actions.openForm('editItem')),
  },
  {
    id: 'insertItem',
    label: 'Insert item',
    group: 'edit',
    shortcut: 'ctrl+i',
    toolbar: true,
    icon: '⊕',
    visible: canInsert,
    run: (c) => needList(c, () => c.actions.openForm('insertItem')),
  },
  {
    id: 'duplicateItem',
    label: 'Duplicate item',
    group: 'edit',
    visible: canInsert,
    run: (c) =>
      needItem(c, () => {
        const it = selectedItem(c)!;
        void c.actions.call(
          '/api/forms/duplicate_item',
          { listId: it.listId, text: it.text, index: it.index + 1 },
          'duplicate item',
        );
      }),
  },
  {
    id: 'deleteItem',
    label: 'Delete item',
    group: 'edit',
    shortcut: 'ctrl+alt+i',
    visible: canDelete,
    run: (c) => needItem(c, () => c.actions.openForm('deleteItem')),
  },
  {
    id: 'moveItemUp',
    label: 'Move item up',
    group: 'edit',
    shortcut: 'ctrl+shift+p',
    visible: canEdit,
    run: (c) =>
      needItem(
        c,
        () =>
          void c.actions.call(
            '/api/forms/move_item',
            { itemId: c.selection.itemId, direction: 'up' },
            'move item',
          ),
      ),
  },
  {
    id: 'moveItemDown',
    label: 'Move item down',
    group: 'edit',
    shortcut: 'ctrl+shift+n',
    visible: canEdit,
    run: (c) =>
      needItem(
        c,
        () =>
          void c.actions.call(
            '/api/forms/move_item',
            { itemId: c.selection.itemId, direction: 'down' },
            'move item',
          ),
      ),
  },
  {
    id: 'labels',
    label: 'Labels',
    group: 'edit',
    shortcut: 'alt+t',
    visible: canEdit,
    run: (c) => needItem(c, () => c.actions.openForm('labels')),
  },
  {
    id: 'note',
    label: 'Note',
    group: 'edit',
    toolbar: true,
    icon: '✐',
    visible: (c) => c.abilities?.note === true,
    run: (c) => needItem(c, () => c.actions.openForm('note')),
  },
  {
    id: 'annotate',
    label: 'Annotate',
    group: 'edit',
    visible: (c) => c.abilities?.annotate === true,
    run: (c) => needItem(c, () => c.actions.openForm('annotation')),
  },

  // Groups
  {
    id: 'groups',
    label: 'Groups',
    group: 'edit',
    toolbar: true,
    visible: signedIn,
    run: (c) => c.actions.openForm('joinGroup'),
  },
  {
    id: 'createGroup',
    label: 'New group',
    group: 'edit',
    visible: signedIn,
    run: (c) => c.actions.openForm('createGroup'),
  },
  {
    id: 'selectGroup',
    label: 'Post notes to a group',
    group: 'edit',
    visible: signedIn,
    run: (c) => c.actions.openForm('selectGroup'),
  },
  {
    id: 'assignGroup',
    label: 'Assign group',
    group: 'edit',
    visible: (c) => c.abilities?.addCoauthor === true,
    run: (c) => c.actions.openForm('assignGroup'),
  },

  {
    id: 'addGroupMember',
    label: 'Add a member to my group',
    group: 'edit',
    visible: signedIn,
    run: (c) => c.actions.openForm('addGroupMember'),
  },
  {
    id: 'emailItem',
    label: 'E-mail item',
    group: 'edit',
    visible: (c) => signedIn(c) && !(c.user?.roles.includes('lbadmin') ?? false),
    run: (c) => needItem(c, () => c.actions.openForm('emailItem')),
  },
  {
    id: 'myNotes',
    label: 'Show my notes',
    group: 'navigate',
    visible: signedIn,
    run: (c) =>
      c.actions.navigate(`/${c.user!.username}/home?code=notes&username=${c.user!.username}`),
  },

  // Account
  {
    id: 'login',
    label: 'Sign in',
    group: 'account',
    toolbar: true,
    visible: (c) => c.isGuest,
    run: (c) => c.actions.openForm('login'),
  },
  {
    id: 'logout',
    label: 'Sign out',
    group: 'account',
    toolbar: true,
    visible: (c) => !c.isGuest,
    run: (c) => c.actions.signOut(),
  },
  {
    id: 'export',
    label: 'Export',
    group: 'account',
    visible: signedIn,
    run: (c) => c.actions.alert('Export is not yet implemented.'),
  },
];

export { selectedItem, selectedList };
