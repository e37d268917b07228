/**
 * After the user's own change the boards on screen must show it. With the live stream open, its
 * event brings the change (the item alone, for a change inside one item), so loading the whole
 * board again as well would download it twice: the page waits for that event instead, and loads
 * the boards only when none comes in OWN_EVENT_WAIT_MS (a change no board hears of, a slow
 * stream). Without a stream it loads at once.
 */
export const OWN_EVENT_WAIT_MS = 1500;

let streamOpen = false;
let lastHeard = Number.NEGATIVE_INFINITY;
const waiting = new Set<ReturnType<typeof setTimeout>>();

/** The live stream says whether it is open. */
export function setStreamOpen(open: boolean): void {
  streamOpen = open;
}

/** An event of this user's own change has come in: whatever waited for one is done. */
export function ownChangeHeard(): void {
  lastHeard = Date.now();
  for (const t of waiting) clearTimeout(t);
  waiting.clear();
}

/**
 * After a change the server agreed to, begun at `startedAt`: load the boards unless the change's
 * own event has come (the stream may be faster than the answer) or comes soon.
 */
export function afterOwnChange(startedAt: number, reload: () => void): void {
  if (!streamOpen) {
    reload();
    return;
  }
  if (lastHeard >= startedAt) return;
  const t = setTimeout(() => {
    waiting.delete(t);
    reload();
  }, OWN_EVENT_WAIT_MS);
  waiting.add(t);
}
