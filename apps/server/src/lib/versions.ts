/**
 * Optimistic concurrency: an edit names the version of the board, list or item it was made
 * against, and is refused when someone else changed it since.
 */
import { conflictMsg } from '@listboard/core';
import { conflict } from './errors';

export function checkVersion(
  kind: 'list' | 'item' | 'board',
  current: number,
  given: number | undefined,
): void {
  if (given !== undefined && given !== current) {
    throw conflict(conflictMsg(kind));
  }
}
