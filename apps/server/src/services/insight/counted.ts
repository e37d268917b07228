/**
 * The notes and replies a board's Insight counts, as SQL: one row each, on the content items the
 * caller can see (contentSeenBy, the SQL form of canSee for content), private ones included; for
 * a caller who is not one of the board's authors, their own only.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PolicyBoard, Viewer } from '@listboard/core';
import { items, lists } from '../../db/schema';
import { dueSql } from '../notes/due-of';
import type { BoardRow } from '../boards/access';
import { contentSeenBy } from '../notes/visibility';

export interface InsightAsk {
  board: BoardRow;
  policy: PolicyBoard;
  viewer: Viewer;
  /** The caller's user name: whose private items count, and whose figures an 'own' answer has. */
  username: string;
  /** Everyone's figures (the board's authors) or the caller's own. */
  scope: 'board' | 'own';
}

/** The content items the caller can see, as a subquery (id, list_id). */
export const seenContent = (boardId: string, username: string) =>
  sql`select ${items.id} as id, ${items.listId} as list_id from ${items} where ${and(
    eq(items.multilistId, boardId),
    eq(items.annotationClass, 'none'),
    contentSeenBy(username),
  )}`;

/**
 * The notes and replies counted, one row each: the item and list they are on, what they are, and
 * when they were due (notes/due-of.ts).
 * Whether a note is a question and how many words it has are kept with each row by the database
 * (items.is_question and items.word_count, generated from its text and labels).
 */
export function countedNotes(
  ask: Pick<InsightAsk, 'board' | 'username' | 'scope'>,
  /** Of those, only some (`and …` of each note `n`), with more of their columns (`, … as name`). */
  narrower: { where?: SQL; columns?: SQL } = {},
): SQL {
  const mine = ask.scope === 'own' ? sql`and n.author = ${ask.username}` : sql``;
  return sql`select n.id, n.root_item_id as item, c.list_id as list, n.author, n.hint,
      n.group_name as grp, n.annotation_class = 'note' as is_note, n.is_question as q,
      n.note_status as status, n.created, n.word_count as words, n.votes,
      to_char(n.created at time zone 'UTC', 'YYYY-MM-DD') as day,
      ${dueSql(sql`l.notes_due`, sql`${ask.board.notesDue?.toISOString() ?? null}::timestamptz`)} as due
      ${narrower.columns ?? sql``}
    from ${items} n join (${seenContent(ask.board.id, ask.username)}) c on c.id = n.root_item_id
      join ${lists} l on l.id = c.list_id
    where n.multilist_id = ${ask.board.id} and n.annotation_class in ('note', 'reply') ${mine}
      ${narrower.where ?? sql``}`;
}
