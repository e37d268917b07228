/**
 * What changed on each board lately, version by version, as this app instance heard it: for
 * each version, the item a change inside one item named, or nothing for any other change. A page
 * whose stream dropped comes back saying which version it holds; when every version since is
 * here and each was a change inside one item, the page is sent those items and is current again
 * without loading its boards. A gap (an event this instance did not hear, a LISTEN connection
 * lost) or any other change in between, and the page loads its boards as before.
 */
import type { BoardEvent } from './bus';

/** Versions kept per board; a page further behind loads its boards. */
const PER_BOARD = 64;
/** Boards kept, the least recently changed dropped first. */
const BOARDS = 2000;

export class ChangeLog {
  private readonly boards = new Map<string, Map<number, string | null>>();

  record(e: BoardEvent): void {
    if (e.version === undefined) {
      // A change of unknown version (a resync after a lost connection): nothing here holds.
      this.boards.delete(e.multilistId);
      return;
    }
    let log = this.boards.get(e.multilistId);
    if (log) this.boards.delete(e.multilistId);
    else log = new Map();
    this.boards.set(e.multilistId, log);
    log.set(e.version, e.patchItem ?? null);
    for (const v of log.keys()) {
      if (log.size <= PER_BOARD) break;
      log.delete(v);
    }
    for (const id of this.boards.keys()) {
      if (this.boards.size <= BOARDS) break;
      this.boards.delete(id);
    }
  }

  /**
   * The items changed on a board after version `from` up to `to`, each once, when every version
   * in between is known here and each was a change inside one item; otherwise null.
   */
  itemsSince(boardId: string, from: number, to: number): string[] | null {
    const log = this.boards.get(boardId);
    if (!log || to - from > PER_BOARD || from >= to) return null;
    const items = new Set<string>();
    for (let v = from + 1; v <= to; v++) {
      const item = log.get(v);
      if (!item) return null;
      items.add(item);
    }
    return [...items];
  }
}
