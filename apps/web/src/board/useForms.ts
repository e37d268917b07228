import { useCallback } from 'react';
import { boardMsg, type List, type ListEditorMode, type Multilist } from '@listboard/core';
import { useAlerts } from '../state/alerts';
import { useUi, type OpenForm } from '../state/ui';
import { toggleForm } from '../forms/registry';
import type { FormPlace } from '../commands/registry';
import { modeForm } from './ListEditor';

/**
 * Opening and closing forms, one at a time: a toolbar form toggles (another open form is refused
 * with 'close the form first'), a list editor's modes show inside their list.
 */
export function useForms() {
  const ui = useUi();
  const alert = useAlerts((s) => s.show);

  // The store as it is now, not as this render saw it: a key that reads the words selected on
  // screen (alt+n) updates the selection and opens its form before the page renders again.
  const openFormWith = useCallback(
    (form: OpenForm) => {
      const { next, refused } = toggleForm(useUi.getState().form?.id ?? null, form.id);
      if (refused) alert(boardMsg.closeFormFirst);
      else ui.setForm(next ? form : null);
    },
    [ui, alert],
  );

  const openForm = useCallback(
    (id: string, place?: FormPlace) => {
      if (!place) {
        openFormWith({ id, target: useUi.getState().selection });
        return;
      }
      const form: OpenForm = { id, target: place.target };
      if (place.noteId) form.noteId = place.noteId;
      if (place.whileOpen === 'toggle') openFormWith(form);
      else if (useUi.getState().form) alert(boardMsg.closeFormFirst);
      else ui.setForm(form);
    },
    [openFormWith, ui, alert],
  );

  const toggleListEditor = useCallback(
    (listId: string) => {
      if (ui.editorListId === listId) {
        // Closing the editor closes its open mode too.
        if (ui.form?.listEditor?.listId === listId) ui.setForm(null);
        ui.setEditorList(null);
        return;
      }
      if (ui.form?.listEditor) ui.setForm(null);
      ui.setEditorList(listId);
    },
    [ui],
  );

  const listMode = (b: Multilist, list: List, mode: ListEditorMode) => {
    const id = modeForm(mode);
    const open = ui.form;
    if (!id) return;
    const target = { multilistId: b._id, listId: list._id, itemId: null, text: null };
    if (open?.listEditor?.listId === list._id) {
      // One mode at a time: the same mode closes, another replaces it.
      ui.setForm(
        open.listEditor.mode === mode
          ? null
          : { id, target, listEditor: { listId: list._id, mode } },
      );
    } else if (open) {
      alert(boardMsg.closeFormFirst);
    } else {
      ui.setForm({ id, target, listEditor: { listId: list._id, mode } });
    }
  };

  return { openForm, toggleListEditor, listMode };
}
