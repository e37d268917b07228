/**
 * Optimistic concurrency: an edit names the version of the board, list or item it was made
 * against, and is refused when someone else changed it since.
 */
import { conflictMsg } from '@listboard/core';
import { conflict } from './errors';

/**
 * An edit of an item's words, or of a list's title or description, made against version `given`:
 * refused only when those words changed since (their `textVersion` is later than it), or when it
 * names a version never reached. A move, a label, an answer or who sees it changes the row's
 * version and not its words: an edit begun before one of those is not a conflict, and saves over
 * the words it was begun on.
 */
export function checkWordsVersion(
  kind: 'list' | 'item',
  row: { version: number; textVersion: number },
  given: number | undefined,
): void {
  if (given === undefined || given === row.version) return;
  if (given > row.version || given < row.textVersion) throw conflict(conflictMsg(kind));
}

export function checkVersion(
  kind: 'list' | 'item' | 'board',
  current: number,
  given: number | undefined,
): void {
  if (given !== undefined && given !== current) {
    throw conflict(conflictMsg(kind));
  }
}
