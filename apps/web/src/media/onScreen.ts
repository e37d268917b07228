/**
 * What an item shows that a command, a form or a note reaches from outside it (its players, its
 * PDFs), kept by item while on screen: the item's first in the order it shows them, or one block's.
 */
export interface OnScreen {
  itemId: string;
  blockId: string | undefined;
  /** Its box on screen, for telling which of an item's comes first. */
  box(): Element | null;
}

/** How long a command waits for what it reaches to be drawn (a player's script still coming). */
const SOON_MS = 5000;

export function onScreenRegistry<T extends OnScreen>() {
  const all = new Set<T>();
  const registry = {
    all,
    register: (handle: T): (() => void) => {
      all.add(handle);
      return () => all.delete(handle);
    },
    /**
     * The item's first, in the order the item shows them; with `blockId`, that block's, if the
     * item still shows it.
     */
    of: (itemId: string | null | undefined, blockId?: string | null): T | null => {
      if (!itemId) return null;
      if (blockId) {
        for (const h of all) if (h.itemId === itemId && h.blockId === blockId) return h;
        return null;
      }
      let first: T | null = null;
      for (const h of all) {
        if (h.itemId !== itemId) continue;
        const a = first?.box();
        const b = h.box();
        if (!first || (a && b && b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING))
          first = h;
      }
      return first;
    },
    /**
     * The same, once it is drawn: asked again each frame for a few seconds (a note's button
     * pressed while its item's player is still on its way); null if it never comes.
     */
    soon: (itemId: string, blockId?: string | null): Promise<T | null> =>
      new Promise((resolve) => {
        const until = performance.now() + SOON_MS;
        const look = () => {
          const found = registry.of(itemId, blockId);
          if (found || performance.now() >= until) resolve(found);
          else requestAnimationFrame(look);
        };
        look();
      }),
  };
  return registry;
}
