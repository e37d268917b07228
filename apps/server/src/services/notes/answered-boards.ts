/**
 * The boards whose readers' notes a user answers on their Discussion page: those they moderate
 * (core policy 'moderate': those they own, coauthor or edit; a teaching assistant on a course
 * board, say). Discussion and My notes list the notes on these boards, the page follows them
 * live, and new notes on them are mailed. A site admin, who moderates every board, has the
 * boards of their own here, and anyone's Discussion to open besides.
 */
import { and, eq, sql } from 'drizzle-orm';
import { roleFor } from '@listboard/core';
import { boardOfParam } from '@listboard/core/api/search';
import { id } from '@listboard/core/api/contract';
import { policyBoard } from '../boards/access';
import type { Db } from '../../db/client';
import { boardMembers, lists, multilists } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** The boards where `username` is listed as `kind`. */
const listedAs = (username: string, kind: 'author' | 'member' | 'contributor') =>
  sql`select ${boardMembers.multilistId} from ${boardMembers} where ${boardMembers.username} = ${username} and ${boardMembers.kind} = ${kind}`;

/**
 * Where `multilists` holds a board `username` owns, coauthors or edits, as core roleFor reads
 * them: a coauthor marked contributor-only (listed as a contributor too) answers no notes.
 */
export const answeredBy = (username: string) =>
  sql`(${multilists.owner} = ${username} or ${multilists.id} in ((${listedAs(username, 'author')} except ${listedAs(username, 'contributor')}) union ${listedAs(username, 'member')}))`;

export interface Answerer {
  username: string;
  role: 'owner' | 'coauthor' | 'editor';
}

/** Who answers the notes on a board (its owner, then its coauthors and editors), and as what. */
export async function answerersOf(
  db: Db,
  board: { id: string; owner: string },
): Promise<Answerer[]> {
  const members = await db
    .select()
    .from(boardMembers)
    .where(eq(boardMembers.multilistId, board.id));
  const shape = policyBoard(board, members);
  const answerers: Answerer[] = [{ username: board.owner, role: 'owner' }];
  for (const username of new Set(members.map((m) => m.username))) {
    if (username === board.owner) continue;
    const role = roleFor({ username, roles: [] }, shape);
    if (role === 'author') answerers.push({ username, role: 'coauthor' });
    if (role === 'editor') answerers.push({ username, role: 'editor' });
  }
  return answerers;
}

/**
 * The board a listing of `username`'s narrows to (`&board=`, core boardParam): one of theirs by
 * its path title, or `{owner}/{ptitle}` of one they coauthor or edit; 404 for any other.
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
      noteTags: multilists.noteTags,
    })
    .from(multilists)
    .where(and(eq(multilists.owner, owner), eq(multilists.ptitle, ptitle), answeredBy(username)));
  if (!board)
    throw notFound(
      owner === username
        ? `${owner} has no board ${ptitle}.`
        : `${username} neither coauthors nor edits a board ${owner}/${ptitle}.`,
    );
  return board;
}

/**
 * One list of that board whose notes are listed (`&list=`: a Discussion of one week), by its id;
 * a list no longer on the board is answered as missing.
 */
export async function answeredList(
  db: Db,
  boardId: string,
  param: string,
): Promise<{ _id: string; title: string }> {
  const [list] = id.safeParse(param).success
    ? await db
        .select({ id: lists.id, title: lists.title })
        .from(lists)
        .where(and(eq(lists.id, param), eq(lists.multilistId, boardId)))
    : [];
  if (!list) throw notFound('That list is no longer on the board.');
  return { _id: list.id, title: list.title };
}
