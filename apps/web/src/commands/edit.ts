/** Changing boards: lists and items, inserted, edited, moved, duplicated, deleted. */
import type { Command } from './registry';
import {
  selectedItem,
  signedIn,
  canEdit,
  canDelete,
  canInsert,
  needItem,
  needList,
} from './helpers';

export const EDIT_COMMANDS: Command[] = [
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
];
