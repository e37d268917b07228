/**
 * Where a long load stands (a file sent, a page read, lists written), as the progress bar under
 * the search bars shows it. The store alone: the code that runs a load and fills it
 * (loadProgress.ts) is fetched when a load starts.
 */
import { create } from 'zustand';

export interface Progress {
  /** 0 to 1. */
  fraction: number;
  label: string;
}

interface ProgressState {
  progress: Progress | null;
  set: (p: Progress | null) => void;
}

export const useLoadProgress = create<ProgressState>((set) => ({
  progress: null,
  set: (progress) => set({ progress }),
}));
