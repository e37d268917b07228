import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { THEMES, must, toolbarRoleFlags, type Multilist, type PublicUser } from '@listboard/core';
import { callApi, endedSession, messageOr, type ChangeCall } from '../api/client';
import { useAlerts } from '../state/alerts';
import { useUi } from '../state/ui';
import type { CommandContext, FormPlace } from '../commands/registry';
import type { ViewStates } from './useViewStates';
import { mayLeave, refusedWhileEditing } from './editGuard';
import { afterOwnChange } from './ownChanges';

/** Reloading the boards, and a change call: a failure is alerted, a success reloads them. */
export function useBoardCalls() {
  const queryClient = useQueryClient();
  const alert = useAlerts((s) => s.show);
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['boards'] }),
    [queryClient],
  );
  const call = useCallback<ChangeCall>(
    async (p, body, label) => {
      const startedAt = Date.now();
      const res = await callApi(p, body);
      if (!res.ok) {
        // A call refused because the user was signed out: the header's bar says so already.
        if (!endedSession(res.error)) alert(messageOr(res.error, `ERROR: ${label}`));
        return res;
      }
      // The form closes as soon as the server agrees; the boards show the change behind it,
      // through its live event or by loading again.
      afterOwnChange(startedAt, () => void reload());
      return res;
    },
    [alert, reload],
  );
  return { reload, call };
}

export interface CommandContextDeps {
  user: PublicUser | null;
  isGuest: boolean;
  boards: Multilist[];
  board: Multilist | null;
  /** The search's results board on screen, if any. */
  resultsId: string | null;
  views: ViewStates;
  calls: ReturnType<typeof useBoardCalls>;
  openForm: (id: string, place?: FormPlace) => void;
  toggleListEditor: (listId: string) => void;
  moveSelection: CommandContext['actions']['moveSelection'];
}

/** What every command sees and may do: the screen's state and its actions (commands/registry). */
export function useCommandContext(deps: CommandContextDeps): CommandContext {
  const { user, isGuest, boards, board, resultsId, openForm, toggleListEditor, moveSelection } =
    deps;
  const { listState, itemState, setDisplay, setListState, setItemState } = deps.views;
  const { reload, call } = deps.calls;
  const ui = useUi();
  const navigate = useNavigate();
  const alert = useAlerts((s) => s.show);
  return useMemo(
    () => ({
      user,
      isGuest,
      boards,
      board,
      abilities: board?.abilities ?? null,
      flags:
        board && user
          ? toolbarRoleFlags(user, {
              owner: board.owner,
              authors: board.authors,
              contributors: board.contributors,
            })
          : null,
      selection: ui.selection,
      display: ui.display,
      prefs: {
        theme: ui.theme,
        displayMode: ui.displayMode,
        dragLock: ui.dragLock,
        hideLabels: ui.hideLabels,
      },
      form: ui.form,
      results: board !== null && board._id === resultsId,
      listState,
      itemState,
      actions: {
        // Leaving the board while an edit is open is refused: the edit would be lost. A form
        // with nothing typed in it closes as the page goes.
        navigate: (to) => void (mayLeave(ui, alert) && navigate(to)),
        back: () => void (mayLeave(ui, alert) && navigate(-1)),
        forward: () => void (mayLeave(ui, alert) && navigate(1)),
        reload: () => void (refusedWhileEditing(ui, alert) || reload()),
        alert,
        openForm,
        setDisplay,
        select: ui.select,
        clearSelection: ui.clearSelection,
        moveSelection,
        call,
        cycleTheme: () =>
          ui.setTheme(
            must(THEMES[(THEMES.indexOf(ui.theme) + 1) % THEMES.length], 'the next theme'),
          ),
        setPrefs: ui.setPrefs,
        setListState,
        setItemState,
        toggleListEditor,
        toggleSplit: ui.toggleSplit,
      },
    }),
    [
      user,
      isGuest,
      boards,
      board,
      ui,
      resultsId,
      listState,
      itemState,
      navigate,
      reload,
      alert,
      openForm,
      setDisplay,
      moveSelection,
      call,
      setListState,
      setItemState,
      toggleListEditor,
    ],
  );
}
