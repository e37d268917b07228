/**
 * Every signed-in user has a dashboard: their root board (/{user}/home). Accounts made after
 * the seed have none until they first open it; it is made then, in one transaction with its
 * audit row, and only for the user themself.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ROOT_BOARD, isGuestUser, pathTitle } from '@listboard/core';
import type { Db } from '../../db/client';
import { multilists, users } from '../../db/schema';
import { recordAudit } from '../admin/audit';
import { addressesToKeys } from './load';
import { createBoard } from './create';
import type { Actor } from '../accounts/users';

export function homeBoardSpec(owner: string, fullname: string) {
  return {
    owner,
    title: ROOT_BOARD,
    description: `${fullname || owner}: home board.`,
    listed: true,
    lists: [
      {
        title: 'My boards',
        description: 'Links to the boards you read and write.',
        items: [
          `This is your home board. Put links to boards here, one item each, like this:\n\n[Sample course: Reading the News](/author/course)\n\nOn a board you want to keep, choose **Add to my home board** from the menu: its link comes here.\n\nMake a board of your own with **New board** (on a phone, under Menu ▸ Edit): its link comes here too. Boards you make are listed under **Listings**; notes on them arrive under **Discussion**.`,
        ],
      },
    ],
  };
}

/** Makes the actor's home board if the addresses ask for it and it does not exist yet. */
export async function ensureHomeBoard(
  db: Db,
  actor: Actor | null,
  addresses: string[],
): Promise<boolean> {
  if (!actor || isGuestUser(actor)) return false;
  const home = pathTitle(ROOT_BOARD);
  const wanted = addressesToKeys(addresses).some(
    (k) => k.owner === actor.username && k.ptitle === home,
  );
  if (!wanted) return false;
  const mine = and(eq(multilists.owner, actor.username), eq(multilists.ptitle, home));
  const [exists] = await db.select({ id: multilists.id }).from(multilists).where(mine).limit(1);
  if (exists) return false;
  return db.transaction(async (tx) => {
    // Two first visits at once (two tabs) make one board.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`board-title:${actor.username}`}))`,
    );
    const [again] = await tx.select({ id: multilists.id }).from(multilists).where(mine).limit(1);
    if (again) return false;
    const [user] = await tx
      .select({ fullname: users.fullname })
      .from(users)
      .where(eq(users.id, actor.id));
    const id = await createBoard(tx, homeBoardSpec(actor.username, user?.fullname ?? ''));
    await recordAudit(tx, {
      actor,
      call: '/api/dbload/load_multilists',
      board: { id, owner: actor.username, ptitle: home },
      details: { created: 'home board' },
    });
    return true;
  });
}
