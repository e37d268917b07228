/**
 * Playback arithmetic of spec sections 4, 5 and 9: every seek is clamped between 0 and the
 * duration; with trim on it is also kept inside the block's range.
 */
import { MEDIA, type Block } from '@listboard/core';

/** The steps, in seconds, named by the spec. */
export const STEPS = {
  jump: MEDIA.jumpSeconds,
  skip: MEDIA.skipSeconds,
  nudge: MEDIA.nudgeSeconds,
  scrub: MEDIA.scrubSeconds,
  scrubByKey: MEDIA.scrubByKeySeconds,
} as const;

export interface Range {
  start: number;
  /** null: to the end of the file. */
  end: number | null;
}

export function rangeOf(block: Pick<Block, 'range'>): Range {
  const start = Math.max(0, block.range?.start ?? 0);
  const end = block.range && block.range.end > start ? block.range.end : null;
  return { start, end };
}

/** t held between 0 and the duration (an unknown duration only holds it above 0). */
export function clampTime(t: number, duration: number): number {
  if (!Number.isFinite(t)) return 0;
  const top = Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  return Math.min(top, Math.max(0, t));
}

/** Where a seek to t lands: within 0..duration, and within the range when trimmed. */
export function seekTarget(t: number, duration: number, range: Range, trim: boolean): number {
  const inFile = clampTime(t, duration);
  if (!trim) return inFile;
  const top = range.end ?? Infinity;
  return clampTime(Math.min(top, Math.max(range.start, inFile)), duration);
}

/** m:ss.s for the time readout. */
export function clock(t: number): string {
  if (!Number.isFinite(t)) return '–:––';
  const m = Math.floor(t / 60);
  const s = t - m * 60;
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`;
}
