/** The open form (one at a time), the open list editor, and the group new notes go to. */
import type { ListEditorMode } from '@listboard/core';
import type { Selection } from './selection';
import type { GetSlice, SetSlice } from './slice';

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
  /** Whether the user has typed or chosen anything in the open form since it opened. */
  formTyped: boolean;
  setFormTyped: (typed: boolean) => void;
  /**
   * Closes this form if it is still the one open. A form closes itself when its change is
   * done, which may be after its change already shows (through the live stream) and another
   * form has been opened in its place: that one stays open.
   */
  closeForm: (form: OpenForm) => void;
  /** The one list whose editor is open (a 750 ms press on the list, or its Edit button). */
  editorListId: string | null;
  setEditorList: (listId: string | null) => void;
}

export const formsSlice = (set: SetSlice<FormsSlice>, get: GetSlice<FormsSlice>): FormsSlice => ({
  form: null,
  setForm: (form) => set({ form, formTyped: false }),
  formTyped: false,
  setFormTyped: (formTyped) => set({ formTyped }),
  closeForm: (form) => {
    if (get().form === form) set({ form: null, formTyped: false });
  },
  editorListId: null,
  setEditorList: (editorListId) => set({ editorListId }),
});
