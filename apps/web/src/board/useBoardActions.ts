import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  boardMsg,
  visitTarget,
  type Item,
  type ItemHandler,
  type Multilist,
} from '@listboard/core';
import type { ChangeCall } from '../api/client';
import { useUi, type Display } from '../state/ui';
import { itemIsOpen } from '../commands/helpers';
import { executeCommand } from '../commands/execute';
import { NOTE_ACTION_COMMANDS } from '../commands/noteControls';
import type { CommandContext } from '../commands/registry';
import type { BoardApi } from './boardApi';
import { dropIndex } from './itemDrop';
import { showMoved } from '../state/info';
import { useAlerts } from '../state/alerts';
import type { ViewStates } from './useViewStates';
import type { useForms } from './useForms';
import type { useSelection } from './useSelection';

/** The command each item action button runs (visit is a link to the board it names). */
const ACTION_COMMANDS: Record<Exclude<ItemHandler, 'visit'>, string> = {
  annotate: 'annotate',
  reply: 'replyToItem',
  delete: 'deleteItem',
  label: 'labels',
  duplicate: 'duplicateItem',
  insert: 'insertItem',
  edit: 'editItem',
};

/** No item of any list: files dropped make a new one. */
const NO_ITEM = { _id: '' } as Item;

export interface BoardActionsDeps {
  ctx: CommandContext;
  board: Multilist | null;
  resultsId: string | null;
  views: ViewStates;
  forms: ReturnType<typeof useForms>;
  selection: ReturnType<typeof useSelection>;
  call: ChangeCall;
  reload: () => void;
  setDisplay: (patch: Partial<Display>) => void;
  renderForm: () => ReactNode;
}

/**
 * What the board screen hands down to its boards, lists and items (boardApi): their state, and
 * what their controls do. An item's and a note's buttons run their commands through
 * executeCommand, like the toolbar's.
 */
export function useBoardActions(deps: BoardActionsDeps): BoardApi {
  const { ctx, board, resultsId, views, forms, selection, call, setDisplay } = deps;
  const ui = useUi();
  const navigate = useNavigate();
  const alert = useAlerts((s) => s.show);
  const isResults = (b: Multilist) => b._id === resultsId;
  return {
    display: ui.display,
    prefs: ctx.prefs,
    selection: ui.selection,
    isResults,
    signedIn: !ctx.isGuest,
    form: ui.form,
    editorListId: ui.editorListId,
    splitLists: ui.splitLists,
    shownLabels: ui.shownLabels,
    hiddenTags: ui.hiddenTags,
    hiddenLists: ui.hiddenLists,
    listState: views.listState,
    itemState: views.itemState,
    selectList: selection.selectList,
    selectItem: selection.selectItem,
    toggleItem: (item) =>
      views.setItemState(item._id, {
        open: !itemIsOpen(ui.display, views.itemState(item._id)),
      }),
    toggleListEditor: forms.toggleListEditor,
    listMode: forms.listMode,
    itemAction(b, item, handler) {
      if (handler === 'visit') {
        const to = visitTarget(item);
        if (to) void navigate(to);
        return;
      }
      // Reply answers the item itself: a note listed as an item of its own (Discussion).
      const note =
        handler === 'reply' ? { board: b, item, note: item, results: isResults(b) } : undefined;
      executeCommand(ACTION_COMMANDS[handler], 'toolbar', ctx, note);
    },
    noteAction(b, item, note, action) {
      executeCommand(NOTE_ACTION_COMMANDS[action], 'toolbar', ctx, {
        board: b,
        item,
        note,
        results: isResults(b),
      });
    },
    reorder(b, listId, beforeId) {
      const order = b.lists.map((l) => l._id).filter((id) => id !== listId);
      const at = beforeId ? order.indexOf(beforeId) : order.length;
      order.splice(at < 0 ? order.length : at, 0, listId);
      void call('/api/forms/reorder_lists', { multilistId: b._id, listOrder: order }, 'move list');
    },
    moveItem(b, itemId, listId, place) {
      const from = b.lists.find((l) => l.items.some((i) => i._id === itemId));
      const item = from?.items.find((i) => i._id === itemId);
      const to = b.lists.find((l) => l._id === listId);
      if (!to) return;
      if (!from || !item) {
        // From another board on screen: the server says it cannot go there.
        const index = dropIndex(to, NO_ITEM, place);
        void call('/api/forms/move_item_to_list', { itemId, listId, index }, 'move item');
        return;
      }
      const index = dropIndex(to, item, place);
      const back = { itemId, listId: from._id, index: from.items.indexOf(item) };
      if (to._id === from._id && index === back.index) return;
      void call('/api/forms/move_item_to_list', { itemId, listId, index }, 'move item').then(
        (res) => {
          if (res.ok) showMoved(to.title || `List ${to.index + 1}`, back);
        },
      );
    },
    dropFiles(b, list, place, files) {
      void (async () => {
        // Uploading is loaded the first time files are dropped: a board view needs it no sooner.
        const upload = await import('../media/upload').catch(() => null);
        if (!upload) {
          alert(boardMsg.noConnection);
          return;
        }
        const made = await upload.uploadedItemText(files, { boardOwner: b.owner, skipped: alert });
        if ('error' in made) {
          alert(made.error);
          return;
        }
        const index = dropIndex(list, NO_ITEM, place);
        await call(
          '/api/forms/insert_item',
          { listId: list._id, text: made.text, index },
          'insert item',
        );
      })();
    },
    itemsInView(b, first, last) {
      if (b._id !== board?._id) return;
      if (first === ui.display.itemsViewStartIndex && last === ui.display.itemsViewStopIndex)
        return;
      setDisplay({ itemsViewStartIndex: first, itemsViewStopIndex: last });
    },
    unlocked: deps.reload,
    renderForm: deps.renderForm,
    commands: ctx,
  };
}
