/** The open form (one at a time), the open list editor, and the group new notes go to. */
import type { ListEditorMode } from '@listboard/core';
import type { Selection } from './selection';
import type { SetSlice } from './slice';

export interface OpenForm {
  id: string;
  /** What the form acts on, captured when it opened. */
  target: Selection;
  /** The note a reply form answers. */
  noteId?: string;
  /** Opened from a list's editor: the form shows inside that list, in this mode. */
  listEditor?: { listId: string; mode: ListEditorMode };
}

export interface FormsSlice {
  form: OpenForm | null;
  setForm: (form: OpenForm | null) => void;
  /** The one list whose editor is open (a 750 ms press on the list, or its Edit button). */
  editorListId: string | null;
  setEditorList: (listId: string | null) => void;
  /** The group this reader's new notes go to (select group). */
  noteGroup: string | null;
  setNoteGroup: (name: string | null) => void;
}

export const formsSlice = (set: SetSlice<FormsSlice>): FormsSlice => ({
  form: null,
  setForm: (form) => set({ form }),
  editorListId: null,
  setEditorList: (editorListId) => set({ editorListId }),
  noteGroup: null,
  setNoteGroup: (noteGroup) => set({ noteGroup }),
});
