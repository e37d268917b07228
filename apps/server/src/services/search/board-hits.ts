/**
 * What a listing reads of the boards it names: each board as the one visibility rule reads it,
 * and a listing of boards' entries.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { boardOpen, must, type VisibleBoard } from '@listboard/core';
import { boardOfParam } from '@listboard/core/api/search';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { boardMembers, multilists } from '../../db/schema';
import { policyBoard, type BoardRow } from '../boards/access';
import { viewerFor, visibleBoard } from '../notes/visibility';
import { boardEntry, type Hit } from './hits';
import type { Who } from './listing-scope';

/** Each of these boards as the one visibility rule reads it (its people included), by id. */
export async function visibleBoardsOf(
  db: Db,
  rows: readonly BoardRow[],
): Promise<Map<string, VisibleBoard>> {
  const ids = [...new Set(rows.map((b) => b.id))];
  const members = ids.length
    ? await db.select().from(boardMembers).where(inArray(boardMembers.multilistId, ids))
    : [];
  return new Map(
    rows.map((b) => [
      b.id,
      visibleBoard(
        b,
        policyBoard(
          b,
          members.filter((m) => m.multilistId === b.id),
        ),
      ),
    ]),
  );
}

/**
 * Boards as entries: each one's title, and its description to those it is open to (a board with
 * a password tells its title only, until the session gives the password).
 */
export async function boardHits(
  db: Db,
  who: Who,
  ids: string[] | null,
  where: ReturnType<typeof eq> | undefined,
): Promise<Hit[]> {
  const rows = await db
    .select()
    .from(multilists)
    .where(
      ids
        ? inArray(multilists.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000'])
        : where,
    )
    .orderBy(desc(multilists.modified));
  const [boards, viewer] = await Promise.all([
    visibleBoardsOf(db, rows),
    viewerFor(db, who.actor, who.sessionId),
  ]);
  return rows.map((b) => {
    const open = boardOpen(viewer, must(boards.get(b.id), `the board ${b.id}`));
    return {
      key: b.id,
      date: b.modified,
      text: boardEntry(b, open),
    };
  });
}

/**
 * The board one's own Notes narrow to (`&board=`, core boardParam): any board open to the caller,
 * theirs by its path title or another's as `{owner}/{ptitle}`. One they may not open (another's
 * private board, one behind a password this session has not given) answers as a missing one.
 */
export async function openBoard(db: Db, who: Who, username: string, param: string) {
  const { owner, ptitle } = boardOfParam(username, param);
  const [row] = await db
    .select()
    .from(multilists)
    .where(and(eq(multilists.owner, owner), eq(multilists.ptitle, ptitle)));
  const open =
    row &&
    boardOpen(
      await viewerFor(db, who.actor, who.sessionId),
      must((await visibleBoardsOf(db, [row])).get(row.id), `the board ${row.id}`),
    );
  if (!open) throw notFound(`${owner} has no board ${ptitle}.`);
  return {
    id: row.id,
    owner: row.owner,
    version: row.version,
    title: row.title,
    ptitle: row.ptitle,
    noteTags: row.noteTags,
  };
}
