/**
 * The players on screen, by item, so the media keys, the marker list and the marker, range and
 * poster tools can reach the player of an item: the focused one first, else the selected item's.
 */
export interface PlayerHandle {
  itemId: string;
  blockId: string | undefined;
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
  /** The player's box on screen, for telling which of an item's players comes first. */
  box(): Element | null;
}

const players = new Set<PlayerHandle>();

export function registerPlayer(p: PlayerHandle): () => void {
  players.add(p);
  return () => players.delete(p);
}

/**
 * The first player of an item, in the order the item shows them; with `blockId`, that block's
 * player, if the item still shows it.
 */
export function playerOf(
  itemId: string | null | undefined,
  blockId?: string | null,
): PlayerHandle | null {
  if (!itemId) return null;
  if (blockId) {
    for (const p of players) if (p.itemId === itemId && p.blockId === blockId) return p;
    return null;
  }
  let first: PlayerHandle | null = null;
  for (const p of players) {
    if (p.itemId !== itemId) continue;
    const a = first?.box();
    const b = p.box();
    if (!first || (a && b && b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING))
      first = p;
  }
  return first;
}

/** The player the keys act on: the one holding focus, or in the focused item, or the selected one. */
export function activePlayer(selectedItemId: string | null): PlayerHandle | null {
  const focused = typeof document === 'undefined' ? null : document.activeElement;
  if (focused && focused !== document.body) {
    for (const p of players) if (p.contains(focused)) return p;
    const item = focused.closest('[data-item-id]')?.getAttribute('data-item-id');
    const inItem = playerOf(item);
    if (inItem) return inItem;
  }
  return playerOf(selectedItemId);
}
