import { useState, type ReactNode } from 'react';
import { LIST_EDITOR_MODES, type ListEditorMode } from '@listboard/core';
import { hasForm } from '../forms/definitions';
import { useFocusBack } from '../forms/focusBack';

/** The registry forms that may serve each list editor mode (spec section 4), first found wins. */
const MODE_CANDIDATES: Record<ListEditorMode, string[]> = {
  title: ['editList'],
  description: ['editListDescription'],
  insert: ['insertItem'],
  upload: ['uploadItems', 'insertMedia'],
  import: ['importList'],
  duplicate: ['duplicateList'],
  delete: ['deleteList'],
};

/** The form a mode opens, or null when no area has registered one. */
export function modeForm(mode: ListEditorMode): string | null {
  return MODE_CANDIDATES[mode].find((id) => hasForm(id)) ?? null;
}

const MODE_LABELS: Record<ListEditorMode, string> = {
  title: 'Title',
  description: 'Description',
  insert: 'Insert item',
  upload: 'Upload',
  import: 'Import',
  duplicate: 'Duplicate',
  delete: 'Delete',
};

const UNAVAILABLE: Partial<Record<ListEditorMode, string>> = {
  upload: 'Uploading files into a list is not available on this site yet.',
  import: 'Importing a list is not available on this site yet.',
};

interface Props {
  /** The mode whose form is open in this list, if any. */
  openMode: ListEditorMode | null;
  /** The modes this user may use here. */
  modes: ListEditorMode[];
  onMode: (mode: ListEditorMode) => void;
  onClose: () => void;
  /** The open form, rendered by the board screen. */
  form: ReactNode;
}

/**
 * A list's editor: one button per mode, and under it the one mode open at a time. Each mode is
 * a form of the registry, shown inside the list instead of the form bar. Escape closes it (once
 * its open form, which takes the first Escape, is gone), and the keyboard goes back to what
 * opened it.
 */
export function ListEditor({ openMode, modes, onMode, onClose, form }: Props) {
  const [missing, setMissing] = useState<ListEditorMode | null>(null);
  const current = openMode ?? missing;
  useFocusBack();
  return (
    <div
      className="list-editor"
      role="group"
      aria-label="List editor modes"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        onClose();
      }}
    >
      <div className="list-editor-head">
        <div className="list-editor-modes">
          {LIST_EDITOR_MODES.filter((m) => modes.includes(m)).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={current === m}
              onClick={() => {
                if (!modeForm(m)) {
                  setMissing(missing === m ? null : m);
                  if (openMode) onMode(openMode);
                  return;
                }
                setMissing(null);
                onMode(m);
              }}
            >
              {MODE_LABELS[m]}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="list-editor-close"
          aria-label="Close the list editor"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      {openMode ? (
        form
      ) : missing ? (
        <p className="list-editor-note">{UNAVAILABLE[missing]}</p>
      ) : null}
    </div>
  );
}
