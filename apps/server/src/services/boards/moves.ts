/**
 * A board's old addresses. Renaming a board moves it to a new address; the old one is kept and
 * leads to the board for as long as no other board of its owner takes it, so a link shared
 * before (in a mail, on a course page, in a bookmark, or the page a reader has open) still
 * finds it. Anyone may open a board by its address (a board with a password shows its name and
 * asks for the password), so the new address tells an old address's holder nothing a load of
 * the board at that address would not: its title.
 */
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardMoves, multilists } from '../../db/schema';
import { addressesToKeys } from './load';
import type { BoardRow } from './access';

/** Keeps the address a board leaves on a rename, and clears the one it takes. */
export async function recordMove(db: Db, board: BoardRow, ptitle: string): Promise<void> {
  if (ptitle === board.ptitle) return;
  await db
    .insert(boardMoves)
    .values({ owner: board.owner, ptitle: board.ptitle, multilistId: board.id })
    .onConflictDoUpdate({
      target: [boardMoves.owner, boardMoves.ptitle],
      set: { multilistId: board.id, created: new Date() },
    });
  await db
    .delete(boardMoves)
    .where(and(eq(boardMoves.owner, board.owner), eq(boardMoves.ptitle, ptitle)));
}

/**
 * For each board address with no board at it that a board was renamed away from, where that
 * board is now: `{ from: '/owner/old', to: '/owner/new' }`. Chained addresses count board by
 * board; an address with a board at it, or never left, is not in the answer.
 */
export async function movedBoards(
  db: Db,
  addresses: string[],
): Promise<{ from: string; to: string }[]> {
  const keys = addressesToKeys(addresses);
  if (keys.length === 0) return [];
  const at = (k: { owner: string; ptitle: string }) =>
    and(eq(boardMoves.owner, k.owner), eq(boardMoves.ptitle, k.ptitle));
  const rows = await db
    .select({
      owner: boardMoves.owner,
      from: boardMoves.ptitle,
      toOwner: multilists.owner,
      to: multilists.ptitle,
    })
    .from(boardMoves)
    .innerJoin(multilists, eq(multilists.id, boardMoves.multilistId))
    .where(or(...keys.map(at)));
  if (rows.length === 0) return [];
  // A board now at an old address is that address's board: the move no longer leads anywhere.
  const taken = await db
    .select({ ptitle: multilists.ptitle, owner: multilists.owner })
    .from(multilists)
    .where(
      or(...rows.map((r) => and(eq(multilists.owner, r.owner), eq(multilists.ptitle, r.from)))),
    );
  const there = new Set(taken.map((t) => `${t.owner}/${t.ptitle}`));
  const to = new Map(
    rows
      .filter((r) => !there.has(`${r.owner}/${r.from}`))
      .map((r) => [`${r.owner}/${r.from}`, `/${r.toOwner}/${r.to}`]),
  );
  // In the order asked.
  return keys.flatMap((k) => {
    const now = to.get(`${k.owner}/${k.ptitle}`);
    return now ? [{ from: `/${k.owner}/${k.ptitle}`, to: now }] : [];
  });
}
