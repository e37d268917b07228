/**
 * What one viewer may see of a board's content, worked out once per content and viewer (the
 * visibility rule, core's canSee, over every row) and kept while that content is.
 */
import { createHash } from 'node:crypto';
import {
  canSee,
  itemVisible,
  type AppVersion,
  type Device,
  type Viewer,
  type VisibleBoard,
} from '@listboard/core';
import type { BoardContent } from './content';
import type { ItemRow } from './rows';

/** The rows of a board's content one viewer may see, and a digest of their ids. */
export interface SeenRows {
  rows: ItemRow[];
  digest: string;
}
export const NONE_SEEN: SeenRows = { rows: [], digest: '' };
/** Per content (a board at one version): per viewer, what they may see of it. */
const seenRowsKept = new WeakMap<BoardContent, Map<string, SeenRows>>();
const VIEWERS_KEPT = 256;

/**
 * The rows of `content` the viewer may see, worked out once per content and viewer: a class
 * reloading a board after each change asks the same question of the same rows many times. The
 * key is everything the answer depends on besides the rows: the viewer (who, their roles,
 * groups and unlocked boards), the board as the visibility rule reads it, the app and device.
 */
export function seenRowsOf(
  content: BoardContent,
  viewer: Viewer,
  board: VisibleBoard,
  shown: { appVersion: AppVersion; device: Device },
): SeenRows {
  let kept = seenRowsKept.get(content);
  if (!kept) seenRowsKept.set(content, (kept = new Map<string, SeenRows>()));
  const key = JSON.stringify([
    viewer.user?.username ?? null,
    viewer.user?.roles ?? [],
    viewer.groups,
    [...viewer.unlocked].includes(board.id),
    board,
    shown,
  ]);
  const hit = kept.get(key);
  if (hit) return hit;
  const byId = new Map(content.items.map((i) => [i.id, i]));
  const rows = content.items.filter(
    (i) =>
      itemVisible(i.flags, shown) &&
      canSee(viewer, {
        kind: 'item',
        board,
        item: i,
        thread: i.annotationClass === 'reply' && i.threadId ? byId.get(i.threadId) : null,
      }),
  );
  const ids = createHash('sha1');
  for (const r of rows) ids.update(r.id);
  const made = { rows, digest: ids.digest('base64url') };
  kept.set(key, made);
  for (const oldest of kept.keys()) {
    if (kept.size <= VIEWERS_KEPT) break;
    kept.delete(oldest);
  }
  return made;
}
