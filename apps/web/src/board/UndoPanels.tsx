/**
 * The two places where what was undone lives: a board's Trash (what its deletes took, each with
 * Restore) and an item's previous texts (what its edits replaced, each with Restore). Both open
 * in the form bar, like a form, and close with Close or Escape.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { counted, type Multilist } from '@listboard/core';
import type { ItemVersionEntry, TrashEntry } from '@listboard/core/api/contracts/undo';
import { callApi, messageOr } from '../api/client';
import { useInfo } from '../state/info';
import { when } from '../pages/format';
import { useRestore } from './InfoBar';
import { focusWhenShown } from '../dom';
import { useFocusBack } from '../forms/focusBack';

const KIND_NAMES: Record<TrashEntry['kind'], string> = {
  item: 'Item',
  note: 'Note',
  list: 'List',
  board: 'Board',
};

/** What went with an entry, in words: "with 2 notes", "3 items". */
function withIt(e: TrashEntry): string {
  if (e.kind === 'item') return e.notes ? `, with ${counted(e.notes, 'note')}` : '';
  if (e.kind === 'note') return e.notes ? `, with ${counted(e.notes, 'reply', 'replies')}` : '';
  return `, ${counted(e.items, 'item')}`;
}

function Panel(props: { label: string; onClose: () => void; children: ReactNode }) {
  // What opened the panel (a menu's entry, the item) has the keyboard back when it closes.
  useFocusBack();
  return (
    <section
      className="input-form undo-panel"
      role="dialog"
      aria-label={props.label}
      onKeyDown={(e) => e.key === 'Escape' && props.onClose()}
    >
      <h2 className="form-label">{props.label}</h2>
      {props.children}
      <div className="form-buttons">
        <button type="button" autoFocus onClick={props.onClose}>
          Close
        </button>
      </div>
    </section>
  );
}

/** A board's Trash: newest first, what each thing was, who deleted it and when; Restore. */
export function TrashPanel({ board, onClose }: { board: Multilist; onClose: () => void }) {
  const [entries, setEntries] = useState<TrashEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const restore = useRestore();
  useEffect(() => {
    let live = true;
    void callApi('/api/forms/list_trash', { multilistId: board._id }).then((res) => {
      if (!live) return;
      if (res.ok) setEntries(res.value.entries);
      else setError(messageOr(res.error, 'ERROR: trash'));
    });
    return () => {
      live = false;
    };
  }, [board._id]);
  const own = entries?.filter((e) => e.kind !== 'board') ?? [];
  const boards = entries?.filter((e) => e.kind === 'board') ?? [];
  const row = (e: TrashEntry) => (
    // Focusable by script only: the keyboard moves on to the next entry after a restore.
    <li key={e._id} className="undo-entry" tabIndex={-1}>
      <span className="undo-what">
        <span className="undo-kind">{KIND_NAMES[e.kind]}</span> “{e.title}”
        {e.kind !== 'board' && e.author ? ` by ${e.author}` : ''}
        {withIt(e)}
      </span>
      <span className="undo-when">
        deleted by {e.deletedBy}, {when(e.deletedAt)}
      </span>
      <button
        type="button"
        disabled={busy !== null}
        aria-label={`Restore ${KIND_NAMES[e.kind].toLowerCase()} “${e.title}”`}
        onClick={(ev) => {
          const button = ev.currentTarget;
          const panel = button.closest('[role="dialog"]');
          setBusy(e._id);
          void restore(e._id).then((done) => {
            setBusy(null);
            if (!done) return;
            setEntries((all) => all?.filter((x) => x._id !== e._id) ?? null);
            // Once the row and its button are gone, the keyboard goes on to the next entry (the
            // row, which a screen reader reads, not its Restore, which a stray key would press),
            // or to Close.
            focusWhenShown(() =>
              button.isConnected
                ? null
                : (panel?.querySelector<HTMLElement>('.undo-entry') ??
                  panel?.querySelector<HTMLElement>('button') ??
                  null),
            );
          });
        }}
      >
        Restore
      </button>
    </li>
  );
  return (
    <Panel label={`Trash of ${board.title}`} onClose={onClose}>
      <p className="form-description">
        What was deleted from this board, newest first. Restore puts a thing back where it was, with
        everything that went with it.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {entries === null && !error && <p className="form-description">Loading…</p>}
      {entries && own.length === 0 && <p>The Trash of this board is empty.</p>}
      {own.length > 0 && <ul className="undo-list">{own.map(row)}</ul>}
      {boards.length > 0 && (
        <>
          <h3 className="undo-heading">Boards you deleted</h3>
          <ul className="undo-list">{boards.map(row)}</ul>
        </>
      )}
    </Panel>
  );
}

/** What the panel calls the words it lists: an item's text, or a note's words (its writer's). */
const VERSION_WORDS = {
  item: {
    label: 'Previous versions',
    about:
      'The texts this item’s edits replaced, newest first. Restoring one keeps the current text as a previous version too.',
    none: 'This item has not been edited yet.',
    restore: 'Restore this text',
    restored: 'Item text restored',
  },
  note: {
    label: 'Earlier words',
    about:
      'The words your edits to this note replaced, newest first. Putting some back keeps the current words here too.',
    none: 'This note has not been edited yet.',
    restore: 'Restore these words',
    restored: 'Note’s words restored',
  },
};

/** An item's previous texts, newest first, each with who replaced it and when; Restore. */
export function VersionsPanel({
  itemId,
  isNote = false,
  onClose,
}: {
  itemId: string;
  isNote?: boolean;
  onClose: () => void;
}) {
  const words = VERSION_WORDS[isNote ? 'note' : 'item'];
  const [versions, setVersions] = useState<ItemVersionEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const show = useInfo((s) => s.show);
  useEffect(() => {
    let live = true;
    void callApi('/api/forms/list_item_versions', { itemId }).then((res) => {
      if (!live) return;
      if (res.ok) setVersions(res.value.versions);
      else setError(messageOr(res.error, 'ERROR: previous versions'));
    });
    return () => {
      live = false;
    };
  }, [itemId]);
  const restore = async (v: ItemVersionEntry) => {
    setBusy(true);
    const res = await callApi('/api/forms/restore_item_version', { itemId, versionId: v._id });
    setBusy(false);
    if (!res.ok) {
      setError(messageOr(res.error, 'ERROR: restore version'));
      return;
    }
    show(words.restored);
    void queryClient.invalidateQueries({ queryKey: ['boards'] });
    onClose();
  };
  return (
    <Panel label={words.label} onClose={onClose}>
      <p className="form-description">{words.about}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {versions === null && !error && <p className="form-description">Loading…</p>}
      {versions?.length === 0 && <p>{words.none}</p>}
      {versions && versions.length > 0 && (
        <ul className="undo-list">
          {versions.map((v) => (
            <li key={v._id} className="undo-entry">
              <pre className="undo-text">{v.text}</pre>
              <span className="undo-when">
                replaced by {v.editedBy}, {when(v.at)}
              </span>
              <button type="button" disabled={busy} onClick={() => void restore(v)}>
                {words.restore}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
