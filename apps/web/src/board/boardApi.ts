import { createContext, useContext, type ReactNode } from 'react';
import type { PickedText } from '../highlights/capture';
import type { Item, ItemHandler, List, ListEditorMode, Multilist } from '@listboard/core';
import type {
  Display,
  ItemViewState,
  ListViewState,
  OpenForm,
  Prefs,
  Selection,
} from '../state/ui';
import type { CommandContext } from '../commands/registry';
import type { NoteButton } from '../commands/noteControls';
import type { DropSpot } from './itemDrop';

/** What the board screen hands down to its boards, lists and items. */
export interface BoardApi {
  display: Display;
  prefs: Prefs;
  selection: Selection;
  /** Whether a board is a search's results (no editing in place). */
  isResults: (board: Multilist) => boolean;
  signedIn: boolean;
  form: OpenForm | null;
  editorListId: string | null;
  splitLists: string[];
  shownLabels: string[];
  hiddenTags: string[];
  hiddenLists: string[];
  listState: (listId: string) => ListViewState;
  itemState: (itemId: string) => ItemViewState;
  selectList: (board: Multilist, list: List) => void;
  /** A click on an item (no words), or words selected in it. */
  selectItem: (board: Multilist, item: Item, picked: PickedText | null) => void;
  toggleItem: (item: Item) => void;
  toggleListEditor: (listId: string) => void;
  listMode: (board: Multilist, list: List, mode: ListEditorMode) => void;
  itemAction: (board: Multilist, item: Item, handler: ItemHandler) => void;
  noteAction: (board: Multilist, item: Item, note: Item, action: NoteButton) => void;
  /** Drops list `listId` before `beforeId` (null: at the end). */
  reorder: (board: Multilist, listId: string, beforeId: string | null) => void;
  /** Drops item `itemId` into list `listId` at `place`, with an Undo in the info bar (itemDrop). */
  moveItem: (board: Multilist, itemId: string, listId: string, place: DropSpot) => void;
  /** Uploads files dropped on list `list` at `place` and adds them there as one new item. */
  dropFiles: (board: Multilist, list: List, place: DropSpot, files: File[]) => void;
  /** The items in view, by their index in the board, once scrolling settles. */
  itemsInView: (board: Multilist, first: number, last: number) => void;
  unlocked: () => void;
  /** The open form, for a list editor to show inside its list. */
  renderForm: () => ReactNode;
  /** What the commands see: the selected item's Actions menu lists and runs them. */
  commands: CommandContext;
}

export const BoardApiContext = createContext<BoardApi | null>(null);

export function useBoardApi(): BoardApi {
  const api = useContext(BoardApiContext);
  if (!api) throw new Error('useBoardApi outside the board screen');
  return api;
}
