/**
 * A board of one's own that its address no longer finds because one deleted it: rather than
 * "Could not find the board", the page says it is in the Trash and offers to put it back. The
 * entry is found in the Trash of a board of one's own (list_trash shows an owner the boards they
 * deleted too, and no one else's).
 */
import { parseAddress, pathTitle, type Multilist } from '@listboard/core';
import type { TrashEntry } from '@listboard/core/api/contracts/undo';
import { callApi } from '../api/client';
import { useInfo } from '../state/info';
import { useAlerts } from '../state/alerts';
import { useUi } from '../state/ui';
import { loadHomeBoard } from './useBoards';

/** The Trash entries of `keys` ('owner/ptitle') that are `username`'s deleted boards. */
export async function inOwnTrash(
  keys: string[],
  onScreen: Multilist[],
  username: string | undefined,
): Promise<Map<string, TrashEntry>> {
  const found = new Map<string, TrashEntry>();
  const mine = keys.filter((k) => username !== undefined && k.startsWith(`${username}/`));
  if (mine.length === 0 || username === undefined) return found;
  // A board of one's own on screen (the home board a link was followed from), else one's home
  // board, read for its id (an address typed alone).
  const board =
    onScreen.find((b) => b.owner === username && b.abilities.trash) ??
    (await loadHomeBoard(username));
  if (!board?.abilities.trash) return found;
  const res = await callApi('/api/forms/list_trash', { multilistId: board._id });
  if (!res.ok) return found;
  // Newest first: a board deleted twice at one address comes back as it was last.
  for (const e of res.value.entries) {
    const [at] = e.kind === 'board' && e.address ? parseAddress(e.address).segments : [];
    const key = at && `${at.owner}/${pathTitle(at.title)}`;
    if (key && mine.includes(key) && !found.has(key)) found.set(key, e);
  }
  return found;
}

/**
 * In the info bar, on every page: the board is in the Trash, and Restore puts it back. With the
 * info bar switched off, the alert bar says where it is.
 */
export function showInTrash(entry: TrashEntry): void {
  const text = `“${entry.title}” is in your Trash`;
  if (!useUi.getState().display.showInfo) {
    useAlerts.getState().show(`${text}: the Trash of any of your boards puts it back.`);
    return;
  }
  useInfo.getState().show(text, { trashId: entry._id, kind: 'board' }, null, 'Restore');
}
