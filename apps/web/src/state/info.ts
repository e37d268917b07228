import { create } from 'zustand';
import type { TrashKind } from '@listboard/core/api/contracts/undo';

/** What the info bar says: the last thing done, and the Trash entry its Undo puts back. */
export interface Info {
  id: number;
  text: string;
  undo?: { trashId: string; kind: TrashKind };
}

interface InfoState {
  info: Info | null;
  /** Says `text` in the info bar until something else is said or it is closed. */
  show: (text: string, undo?: Info['undo']) => void;
  close: () => void;
}

let next = 1;
export const useInfo = create<InfoState>((set) => ({
  info: null,
  show: (text, undo) => {
    set({ info: { id: next++, text, ...(undo ? { undo } : {}) } });
  },
  close: () => {
    set({ info: null });
  },
}));

const DELETED: Record<TrashKind, string> = {
  item: 'Item deleted',
  note: 'Note deleted',
  list: 'List deleted',
  board: 'Board deleted',
};

/**
 * After a delete: '{Kind} deleted', with an Undo that puts it back from the Trash for those
 * who may use the Trash (the board's authors).
 */
export function showDeleted(kind: TrashKind, trashId: string, mayRestore: boolean): void {
  useInfo.getState().show(DELETED[kind], mayRestore ? { trashId, kind } : undefined);
}
