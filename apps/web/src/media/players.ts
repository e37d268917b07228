/**
 * The players on screen, by item, so the media keys, the marker list and the marker, range and
 * poster tools can reach the player of an item: the focused one first, else the selected item's.
 */
import { onScreenRegistry, type OnScreen } from './onScreen';

export interface PlayerHandle extends OnScreen {
  /** Seconds; clamped as the player's seek rules say. */
  seek(t: number): void;
  step(seconds: number): void;
  togglePlay(): void;
  /** Back to the range start, paused. */
  toStart(): void;
  /** Plays from this second (a note's moment), as seek places it. */
  playFrom(t: number): void;
  currentTime(): number;
  duration(): number;
  contains(node: Node | null): boolean;
}

const players = onScreenRegistry<PlayerHandle>();

export const registerPlayer = players.register;

/**
 * The first player of an item, in the order the item shows them; with `blockId`, that block's
 * player, if the item still shows it.
 */
export const playerOf = players.of;

/** playerOf, once the player is drawn (onScreen's `soon`). */
export const playerSoon = players.soon;

/** The player the keys act on: the one holding focus, or in the focused item, or the selected one. */
export function activePlayer(selectedItemId: string | null): PlayerHandle | null {
  const focused = typeof document === 'undefined' ? null : document.activeElement;
  if (focused && focused !== document.body) {
    for (const p of players.all) if (p.contains(focused)) return p;
    const item = focused.closest('[data-item-id]')?.getAttribute('data-item-id');
    const inItem = playerOf(item);
    if (inItem) return inItem;
  }
  return playerOf(selectedItemId);
}
