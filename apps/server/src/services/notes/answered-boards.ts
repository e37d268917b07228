/**
 * The boards whose readers' notes a user answers on their Discussion page: those they own and
 * those they coauthor (a teaching assistant on a course board, say). Discussion and My notes
 * list the notes on these boards, the page follows them live, and new notes on them are mailed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { roleFor } from '@listboard/core';
import { boardOfParam } from '@listboard/core/api/search';
import { policyBoard } from '../boards/access';
import type { Db } from '../../db/client';
import { boardMembers, multilists } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** The boards where `username` is listed as `kind`. */
const listedAs = (username: string, kind: 'author' | 'contributor') =>
  sql`select ${boardMembers.multilistId} from ${boardMembers} where ${boardMembers.username} = ${username} and ${boardMembers.kind} = ${kind}`;

/**
 * Where `multilists` holds a board `username` owns or coauthors: a coauthor marked
 * contributor-only (listed as a contributor too) answers no notes (core roleFor).
 */
export const answeredBy = (username: string) =>
  sql`(${multilists.owner} = ${username} or ${multilists.id} in (${listedAs(username, 'author')} except ${listedAs(username, 'contributor')}))`;

/** Who answers the notes on a board: its owner, then its coauthors (core roleFor's authors). */
export async function answerersOf(db: Db, board: { id: string; owner: string }) {
  const members = await db
    .select()
    .from(boardMembers)
    .where(eq(boardMembers.multilistId, board.id));
  const shape = policyBoard(board, members);
  const authors = shape.authors.filter(
    (u) => roleFor({ username: u, roles: [] }, shape) === 'author',
  );
  return [board.owner, ...authors.filter((u) => u !== board.owner)];
}

/**
 * The board a listing of `username`'s narrows to (`&board=`, core boardParam): one of theirs by
 * its path title, or `{owner}/{ptitle}` of one they coauthor; 404 for any other.
 */
export async function answeredBoard(db: Db, username: string, param: string) {
  const { owner, ptitle } = boardOfParam(username, param);
  const [board] = await db
    .select({
      id: multilists.id,
      owner: multilists.owner,
      version: multilists.version,
      title: multilists.title,
      ptitle: multilists.ptitle,
    })
    .from(multilists)
    .where(and(eq(multilists.owner, owner), eq(multilists.ptitle, ptitle), answeredBy(username)));
  if (!board)
    throw notFound(
      owner === username
        ? `${owner} has no board ${ptitle}.`
        : `${username} does not coauthor a board ${owner}/${ptitle}.`,
    );
  return board;
}
