import { lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { callApi, type ChangeCall } from '../api/client';
import { signInAs, signOutToGuest } from '../account/session';
import { useAlerts } from '../state/alerts';
import { useUi, type Display } from '../state/ui';
import type { CommandContext } from '../commands/registry';
import { hasForm } from '../forms/definitions';
import { FormLoading, RegistryForm } from '../forms/RegistryForm';
import type { FormContext } from '../forms/registry';
import { editInProgress } from './editGuard';
import { keepOpenForm, takeOpenForm } from '../forms/drafts';

// The shortcut sheet and the undo panels are loaded the first time they open.
const ShortcutSheet = lazy(() => import('./ShortcutSheet'));
const TrashPanel = lazy(() => import('./UndoPanels').then((m) => ({ default: m.TrashPanel })));
const VersionsPanel = lazy(() =>
  import('./UndoPanels').then((m) => ({ default: m.VersionsPanel })),
);

/**
 * The open form, as the form bar (or a list editor) shows it: the shortcut sheet, or a form of
 * the registry with what it acts on and the calls it may make.
 */
export function useFormBar(
  ctx: CommandContext,
  calls: { call: ChangeCall; reload: () => Promise<void> },
  setDisplay: (patch: Partial<Display>) => void,
): () => ReactNode {
  const ui = useUi();
  const navigate = useNavigate();
  const alert = useAlerts((s) => s.show);
  // Moving within the app is fire and forget: the router shows what comes of it.
  const go = useCallback((to: string) => void navigate(to), [navigate]);
  const signOut = useCallback(() => signOutToGuest(go), [go]);

  const formCtx: FormContext = {
    user: ctx.user,
    // The board of what the form is about, wherever the selection goes while it is open (an
    // item selected on another board of the page, a saved selection taken up).
    board: ctx.boards.find((b) => b._id === ui.form?.target.multilistId) ?? ctx.board,
    target: ui.form?.target ?? ui.selection,
    noteId: ui.form?.noteId,
    call: calls.call,
    api: callApi,
    navigate: go,
    // The boards again after the form's own change: not the Reload command, which an open form
    // (this one, until it closes) refuses.
    reload: () => void calls.reload(),
    alert,
    // Kept in the board's view state: the group goes with this board, across reloads and
    // sign-ins, and not to other boards.
    group: ui.display.selectedGroup,
    setGroup: (selectedGroup) => setDisplay({ selectedGroup }),
    display: ui.display,
    setDisplay,
    prefs: ctx.prefs,
    setPrefs: ui.setPrefs,
    signIn: (username, password) => signInAs(username, password, go),
    signOut,
  };
  const form = ui.form;
  // Marks the form this render shows as typed in, once.
  const typed = () => {
    const now = useUi.getState();
    if (form && now.form === form && !now.formTyped) now.setFormTyped(true);
  };
  // Closing the tab or reloading the page with work in the form: the browser asks first.
  const unsaved = editInProgress(ui);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  // A form typed in is opened again, with its words, if the page loads again before it closes.
  const typedIn = form !== null && ui.formTyped;
  useEffect(() => {
    if (!typedIn) return;
    keepOpenForm(form);
    return () => keepOpenForm(null);
  }, [form, typedIn]);
  const boardIds = ctx.boards.map((b) => b._id).join(' ');
  const listIds = ctx.boards.flatMap((b) => b.lists.map((l) => l._id)).join(' ');
  useEffect(() => {
    const again = boardIds ? takeOpenForm(boardIds.split(' ')) : null;
    const now = useUi.getState();
    if (!again || now.form) return;
    // A list editor's form opens in its list's editor, while the list is on the page.
    const inList = again.listEditor?.listId;
    if (inList && !listIds.split(' ').includes(inList)) return;
    if (inList) now.setEditorList(inList);
    // Its words are unsent still: leaving asks first, and a reload brings it back again.
    now.setForm(again);
    now.setFormTyped(true);
  }, [boardIds, listIds]);
  // Closes the form this render shows, and no other opened since.
  const closeForm = () => {
    if (form) ui.closeForm(form);
  };
  const trashOf = ctx.boards.find((b) => b._id === ui.form?.target.multilistId) ?? ctx.board;
  const open = () =>
    ui.form?.id === 'shortcuts' ? (
      <ShortcutSheet ctx={ctx} onClose={closeForm} />
    ) : ui.form?.id === 'trash' && trashOf ? (
      <TrashPanel key={trashOf._id} board={trashOf} onClose={closeForm} />
    ) : ui.form?.id === 'itemVersions' && ui.form.target.itemId ? (
      <VersionsPanel
        key={ui.form.noteId ?? ui.form.target.itemId}
        itemId={ui.form.noteId ?? ui.form.target.itemId}
        isNote={ui.form.noteId !== undefined}
        onClose={closeForm}
      />
    ) : form && hasForm(form.id) ? (
      <RegistryForm
        key={`${form.id}-${form.target.listId}`}
        id={form.id}
        ctx={formCtx}
        onClose={closeForm}
        onTyped={typed}
      />
    ) : null;
  return () => {
    const shown = open();
    return shown && <Suspense fallback={<FormLoading />}>{shown}</Suspense>;
  };
}
