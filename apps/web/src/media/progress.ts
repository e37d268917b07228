/**
 * The upload progress shown in the header's progress bar (spec section 2 and 4: progress runs
 * 0 to 100). One upload batch at a time; the bar stays a moment at 100 so it can be read.
 */
import { create } from 'zustand';
import { UPLOAD_PROGRESS_MAX, UPLOAD_PROGRESS_MIN } from '@listboard/core';

export type UploadPhase = 'idle' | 'uploading' | 'done' | 'failed';

interface ProgressState {
  phase: UploadPhase;
  /** 0..100, whole numbers. */
  percent: number;
  /** The file being sent, or what happened. */
  label: string;
  /** Stops the batch being sent (the bar's Cancel); null when nothing can be stopped. */
  cancel: (() => void) | null;
  start(label: string, cancel?: () => void): void;
  set(percent: number, label?: string): void;
  finish(label: string): void;
  fail(label: string): void;
  clear(): void;
}

/** How long a finished or failed bar stays up, ms. */
export const PROGRESS_LINGER_MS = 2500;

let timer: ReturnType<typeof setTimeout> | undefined;
const later = (fn: () => void) => {
  clearTimeout(timer);
  timer = setTimeout(fn, PROGRESS_LINGER_MS);
};

export function clampPercent(p: number): number {
  if (!Number.isFinite(p)) return UPLOAD_PROGRESS_MIN;
  return Math.round(Math.min(UPLOAD_PROGRESS_MAX, Math.max(UPLOAD_PROGRESS_MIN, p)));
}

export const useUploadProgress = create<ProgressState>((set, get) => ({
  phase: 'idle',
  percent: UPLOAD_PROGRESS_MIN,
  label: '',
  cancel: null,
  start(label, cancel) {
    clearTimeout(timer);
    set({ phase: 'uploading', percent: UPLOAD_PROGRESS_MIN, label, cancel: cancel ?? null });
  },
  set(percent, label) {
    // Progress only moves forward within a batch.
    const next = Math.max(get().percent, clampPercent(percent));
    set({ percent: next, ...(label !== undefined ? { label } : {}) });
  },
  finish(label) {
    set({ phase: 'done', percent: UPLOAD_PROGRESS_MAX, label, cancel: null });
    later(() => get().clear());
  },
  fail(label) {
    // A failed upload never leaves a bar that looks as if it were still going.
    set({ phase: 'failed', label, cancel: null });
    later(() => get().clear());
  },
  clear: () => set({ phase: 'idle', percent: UPLOAD_PROGRESS_MIN, label: '' }),
}));
