/** Changing boards: lists and items, inserted, edited, moved, duplicated, deleted. */
import {
  ArrowDown,
  ArrowDownUp,
  ArrowLeft,
  ArrowRight,
  ArrowRightLeft,
  ArrowUp,
  Copy,
  CopyPlus,
  Highlighter,
  LayoutDashboard,
  ListPlus,
  Move,
  NotebookPen,
  Pencil,
  Scissors,
  SquarePen,
  SquarePlus,
  Tags,
  TextCursorInput,
  Trash2,
} from 'lucide-react';
import { moveMsg, must } from '@listboard/core';
import type { Command, CommandContext } from './registry';
import {
  selectedItem,
  signedIn,
  canEdit,
  canDelete,
  canInsert,
  canDuplicate,
  canLabel,
  needItem,
  needList,
  needTextOrItem,
} from './helpers';

function moveList(c: CommandContext, direction: 'left' | 'right') {
  needList(c, (listId) => {
    const lists = must(c.board, 'the board of the selected list').lists;
    const at = lists.findIndex((l) => l._id === c.selection.listId);
    if ((direction === 'left' && at === 0) || (direction === 'right' && at === lists.length - 1)) {
      c.actions.alert(moveMsg.listAtEnd(direction));
      return;
    }
    void c.actions.call('/api/forms/move_list', { listId, direction }, 'move list');
  });
}

function moveItem(c: CommandContext, direction: 'up' | 'down') {
  needItem(c, () => {
    const item = selectedItem(c);
    const list = c.board?.lists.find((l) => l._id === item?.listId);
    if (!item || !list) return;
    const at = list.items.findIndex((i) => i._id === item._id);
    if (
      (direction === 'up' && at === 0) ||
      (direction === 'down' && at === list.items.length - 1)
    ) {
      c.actions.alert(moveMsg.itemAtEnd(direction));
      return;
    }
    void c.actions.call('/api/forms/move_item', { itemId: item._id, direction }, 'move item');
  });
}

export const EDIT_COMMANDS: Command[] = [
  {
    id: 'newBoard',
    label: 'New board',
    group: 'edit',
    toolbar: true,
    icon: LayoutDashboard,
    visible: signedIn,
    run: (c) => c.actions.openForm('insertMultilist'),
  },
  {
    id: 'insertList',
    label: 'Insert list',
    group: 'edit',
    shortcut: 'ctrl+l',
    toolbar: true,
    icon: ListPlus,
    visible: canInsert,
    run: (c) => c.actions.openForm('insertList'),
  },
  {
    id: 'editListTitle',
    label: 'Edit list title',
    group: 'edit',
    shortcut: 'l',
    icon: TextCursorInput,
    visible: canEdit,
    run: (c) => needList(c, () => c.actions.openForm('editList')),
  },
  {
    id: 'editListDescription',
    label: 'Edit list description',
    group: 'edit',
    shortcut: 'alt+l',
    icon: Pencil,
    visible: canEdit,
    run: (c) => needList(c, () => c.actions.openForm('editListDescription')),
  },
  {
    // Ours: a course board by week has a date for each week's notes.
    id: 'listNotesDue',
    label: 'Notes due on this list…',
    group: 'edit',
    visible: canEdit,
    run: (c) => needList(c, () => c.actions.openForm('listNotesDue')),
  },
  {
    id: 'duplicateList',
    label: 'Duplicate list',
    group: 'edit',
    icon: Copy,
    visible: canDuplicate,
    run: (c) => needList(c, () => c.actions.openForm('duplicateList')),
  },
  {
    id: 'copyListToBoard',
    label: 'Copy list to another board…',
    group: 'edit',
    icon: CopyPlus,
    // A reader's own boards are theirs to add to: collecting what they read is no edit here.
    visible: (c) => signedIn(c) && !c.results,
    run: (c) => needList(c, () => c.actions.openForm('copyListToBoard')),
  },
  {
    id: 'deleteList',
    label: 'Delete list',
    group: 'edit',
    shortcut: 'ctrl+alt+l',
    icon: Trash2,
    visible: canDelete,
    run: (c) => needList(c, () => c.actions.openForm('deleteList')),
  },
  {
    id: 'moveListLeft',
    label: 'Move list left',
    group: 'edit',
    shortcut: 'ctrl+shift+b',
    icon: ArrowLeft,
    visible: canEdit,
    run: (c) => moveList(c, 'left'),
  },
  {
    id: 'moveListRight',
    label: 'Move list right',
    group: 'edit',
    shortcut: 'ctrl+shift+f',
    icon: ArrowRight,
    visible: canEdit,
    run: (c) => moveList(c, 'right'),
  },
  {
    id: 'reverseList',
    label: 'Reverse list',
    group: 'edit',
    icon: ArrowDownUp,
    visible: canEdit,
    run: (c) =>
      needList(
        c,
        (listId) => void c.actions.call('/api/forms/reverse_list', { listId }, 'reverse list'),
      ),
  },

  // Editing: items
  {
    id: 'editItem',
    label: 'Edit item',
    group: 'edit',
    shortcut: 'i',
    item: true,
    ops: 'edit',
    icon: SquarePen,
    visible: canEdit,
    run: (c) => needItem(c, () => c.actions.openForm('editItem')),
  },
  {
    id: 'insertItem',
    label: 'Insert item',
    group: 'edit',
    shortcut: 'ctrl+i',
    toolbar: true,
    item: true,
    ops: 'edit',
    icon: SquarePlus,
    visible: canInsert,
    run: (c) => needList(c, () => c.actions.openForm('insertItem')),
  },
  {
    id: 'duplicateItem',
    label: 'Duplicate item',
    group: 'edit',
    item: true,
    ops: 'edit',
    icon: Copy,
    visible: canDuplicate,
    run: (c) =>
      needItem(c, () => {
        const it = must(selectedItem(c), 'the selected item');
        void c.actions.call(
          '/api/forms/duplicate_item',
          { listId: it.listId, text: it.text, index: it.index + 1, itemId: it._id },
          'duplicate item',
        );
      }),
  },
  {
    id: 'copyItemToBoard',
    label: 'Copy item to another board…',
    group: 'edit',
    item: true,
    icon: CopyPlus,
    // Not a note or an annotation: those stay with the board and the readers they were for.
    visible: (c) =>
      signedIn(c) && !c.results && (selectedItem(c)?.annotationClass ?? 'none') === 'none',
    run: (c) => needItem(c, () => c.actions.openForm('copyItemToBoard')),
  },
  {
    id: 'deleteItem',
    label: 'Delete item',
    group: 'edit',
    shortcut: 'ctrl+alt+i',
    item: true,
    ops: 'edit',
    icon: Trash2,
    visible: canDelete,
    run: (c) => needItem(c, () => c.actions.openForm('deleteItem')),
  },
  {
    id: 'moveItemUp',
    label: 'Move item up',
    group: 'edit',
    shortcut: 'ctrl+shift+p',
    item: true,
    ops: 'edit',
    icon: ArrowUp,
    visible: canEdit,
    run: (c) => moveItem(c, 'up'),
  },
  {
    id: 'moveItemDown',
    label: 'Move item down',
    group: 'edit',
    shortcut: 'ctrl+shift+n',
    item: true,
    ops: 'edit',
    icon: ArrowDown,
    visible: canEdit,
    run: (c) => moveItem(c, 'down'),
  },
  {
    id: 'labels',
    label: 'Labels',
    group: 'edit',
    item: true,
    ops: 'edit',
    icon: Tags,
    visible: canLabel,
    run: (c) => needItem(c, () => c.actions.openForm('labels')),
  },
  {
    id: 'note',
    label: 'Note',
    group: 'annotate',
    // With text selected in an item, alt+n notes that passage; otherwise it opens or closes the
    // item (view.ts), so the one key does what the selection asks for.
    shortcut: 'alt+n',
    scope: 'text',
    toolbar: true,
    item: true,
    ops: 'note',
    icon: NotebookPen,
    visible: (c) => c.abilities?.note === true,
    run: (c) => needTextOrItem(c, () => c.actions.openForm('note')),
  },
  {
    id: 'annotate',
    label: 'Annotate',
    group: 'annotate',
    item: true,
    ops: 'note',
    icon: Highlighter,
    visible: (c) => c.abilities?.annotate === true,
    run: (c) => needTextOrItem(c, () => c.actions.openForm('annotation')),
  },
  {
    id: 'moveItemForm',
    label: 'Move item…',
    group: 'edit',
    item: true,
    ops: 'edit',
    icon: Move,
    visible: canEdit,
    run: (c) => needItem(c, () => c.actions.openForm('moveItem')),
  },
  {
    id: 'moveItemToListForm',
    label: 'Move to list…',
    group: 'edit',
    item: true,
    ops: 'edit',
    icon: ArrowRightLeft,
    visible: canEdit,
    run: (c) => needItem(c, () => c.actions.openForm('moveItemToList')),
  },
  {
    id: 'moveListForm',
    label: 'Move list…',
    group: 'edit',
    icon: Move,
    visible: canEdit,
    run: (c) => needList(c, () => c.actions.openForm('moveList')),
  },
  {
    id: 'splitItem',
    label: 'Split item at its markers',
    group: 'edit',
    shortcut: 'ctrl+shift+i',
    item: true,
    ops: 'mark',
    icon: Scissors,
    visible: canEdit,
    // The marker forms split at media markers on a media item, else at block or sentence markers.
    run: (c) =>
      needItem(c, () =>
        c.actions.openForm(
          (selectedItem(c)?.mediaMarkers.length ?? 0) > 0
            ? 'splitAtMediaMarkers'
            : 'splitAtTextMarkers',
        ),
      ),
  },
  {
    id: 'listEditor',
    label: 'List editor',
    group: 'edit',
    icon: Pencil,
    visible: canInsert,
    run: (c) => needList(c, (listId) => c.actions.toggleListEditor(listId)),
  },
];

/** Item action buttons (ItemActions) run these, by handler name. */
export { moveItem, moveList };
