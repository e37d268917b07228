/**
 * Wrong board passwords, counted per board and client address: after PASSWORD_TRIES wrong ones
 * in PASSWORD_WINDOW_MS, that address is refused for the board until the window has passed, the
 * right password included, so a short password cannot be guessed by trying them all. A class
 * behind one address mistypes too: the right password clears the count.
 *
 * Kept in memory, each instance counting its own: the password call's transaction rolls back
 * on a wrong password, and would take a count kept in the database with it. Behind a balancer
 * of n instances an address gets at most n times the tries.
 */
export const PASSWORD_TRIES = 20;
export const PASSWORD_WINDOW_MS = 10 * 60 * 1000;

const tries = new Map<string, { count: number; since: number }>();
const keyOf = (boardId: string, address: string) => `${boardId} ${address}`;

/** Whether this address may still try a password on this board. */
export function mayTryPassword(boardId: string, address: string, now = Date.now()): boolean {
  const t = tries.get(keyOf(boardId, address));
  return !t || now - t.since >= PASSWORD_WINDOW_MS || t.count < PASSWORD_TRIES;
}

/** Counts a wrong password. */
export function wrongPassword(boardId: string, address: string, now = Date.now()): void {
  const key = keyOf(boardId, address);
  const t = tries.get(key);
  if (!t || now - t.since >= PASSWORD_WINDOW_MS) tries.set(key, { count: 1, since: now });
  else t.count += 1;
  // Windows that have passed go, so the map holds only addresses trying now.
  if (tries.size > 10_000)
    for (const [k, v] of tries) if (now - v.since >= PASSWORD_WINDOW_MS) tries.delete(k);
}

/** The right password: this address starts afresh on this board. */
export function rightPassword(boardId: string, address: string): void {
  tries.delete(keyOf(boardId, address));
}
