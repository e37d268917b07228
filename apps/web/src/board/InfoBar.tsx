import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { INFO_ZOOM_STEPS } from '@listboard/core';
import type { Restored, TrashKind } from '@listboard/core/api/contracts/undo';
import { callApi, messageOr } from '../api/client';
import { useAlerts } from '../state/alerts';
import { pageOf, showStatusSet, useInfo, type InfoUndo } from '../state/info';
import { focusWhenShown } from '../dom';
import type { Display } from '../state/ui';
import './undo.css';

const RESTORED: Record<TrashKind, string> = {
  item: 'Item restored',
  note: 'Note restored',
  list: 'List restored',
  board: 'Board restored',
};

/**
 * Puts a Trash entry back and says so in the info bar; the boards reload, and a board put back
 * is opened; with `focusRestored`, an item or list put back takes focus once shown. What went
 * back, or null.
 */
export function useRestore(
  opts: { focusRestored?: boolean } = {},
): (trashId: string) => Promise<Restored | null> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const alert = useAlerts((s) => s.show);
  const show = useInfo((s) => s.show);
  return async (trashId) => {
    const res = await callApi('/api/forms/restore_from_trash', { trashId });
    if (!res.ok) {
      alert(messageOr(res.error, 'ERROR: restore'));
      return null;
    }
    // A board put back is opened, and the info bar speaks there.
    const opened = res.value.kind === 'board' ? `/${res.value.owner}/${res.value.ptitle}` : null;
    show(RESTORED[res.value.kind], undefined, opened ?? undefined);
    if (opened) void navigate(opened);
    // What came back has the keyboard, where the button that brought it back is gone.
    const { kind, itemId, listId } = res.value;
    const back =
      kind === 'item' && itemId
        ? `article[data-item-id="${itemId}"]`
        : kind === 'list' && listId
          ? `section[data-list-id="${listId}"] .list-title`
          : null;
    if (opts.focusRestored && back) focusWhenShown(back);
    // Every board shown loads again; so does a board put back, which its address may have found
    // missing a moment ago.
    void queryClient.invalidateQueries({ queryKey: ['boards'] });
    return res.value;
  };
}

/** What the info bar's Undo runs: a restore from the Trash, a note's status set back, a move back. */
function useUndo(): (undo: InfoUndo) => Promise<unknown> {
  const queryClient = useQueryClient();
  const alert = useAlerts((s) => s.show);
  const restore = useRestore({ focusRestored: true });
  const show = useInfo((s) => s.show);
  const navigate = useNavigate();
  return async (undo) => {
    if ('open' in undo) return navigate(undo.open);
    if ('trashId' in undo) return restore(undo.trashId);
    if ('itemId' in undo) {
      const moved = await callApi('/api/forms/move_item_to_list', undo);
      if (!moved.ok) alert(messageOr(moved.error, 'ERROR: undo'));
      else show('Item moved back');
      return queryClient.invalidateQueries({ queryKey: ['boards'] });
    }
    const res = await callApi('/api/forms/set_note_status', {
      itemId: undo.noteId,
      status: undo.status,
    });
    if (!res.ok) {
      alert(messageOr(res.error, 'ERROR: undo'));
      return;
    }
    showStatusSet(undo.noteId, res.value.noteStatus);
    void queryClient.invalidateQueries({ queryKey: ['boards'] });
  };
}

/**
 * The header's optional info bar (spec section 2): what was just done, such as "Item deleted —
 * Undo". It shows while the board's view state has showInfo on, its text sized by
 * infoZoomLevel.
 */
export function InfoBar({ display }: { display: Display }) {
  const info = useInfo((s) => s.info);
  const close = useInfo((s) => s.close);
  const here = pageOf(useLocation());
  const runUndo = useUndo();
  const [busy, setBusy] = useState(false);
  if (!display.showInfo || !info || (info.at !== null && info.at !== here)) return null;
  const level = Math.max(0, Math.min(INFO_ZOOM_STEPS.length - 1, display.infoZoomLevel));
  const undo = info.undo;
  return (
    <div
      className="bar info-bar"
      role="status"
      aria-label="Info bar"
      style={{ fontSize: `${INFO_ZOOM_STEPS[level] ?? 1}em` }}
    >
      <span className="info-text">
        {info.text}
        {undo && (
          <>
            {' — '}
            <button
              type="button"
              className="info-undo"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void runUndo(undo).finally(() => setBusy(false));
              }}
            >
              {info.action ?? 'Undo'}
            </button>
          </>
        )}
      </span>
      <button type="button" className="info-close" aria-label="Close the info" onClick={close}>
        ×
      </button>
    </div>
  );
}
