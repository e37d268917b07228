/**
 * The tags of one's own notes and replies (`#evidence`, core tagsIn), on every board, each with
 * how many carry it: a student's index of what they gathered, each tag leading to their Notes of
 * it. Read through the visibility rule (canSee) like every channel: one's own words on a board
 * this session may not open (behind a password not given) are left out.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { canSee, isGuestUser, must, tagsIn, type VisibleBoard } from '@listboard/core';
import type { OwnTag } from '@listboard/core/api/contracts/load';
import type { Db } from '../../db/client';
import { items, multilists } from '../../db/schema';
import type { Actor } from '../accounts/users';
import { VISIBLE_ITEM_COLUMNS, viewerFor } from '../notes/visibility';
import { visibleBoardsOf } from './board-hits';

/** Tags named, most carried first. */
export const OWN_TAGS_SHOWN = 12;
/** Notes and replies with a `#` read, newest first. */
const OWN_TAGS_READ = 2000;

export async function myTags(
  db: Db,
  actor: Actor | null,
  sessionId: string | null,
): Promise<OwnTag[]> {
  if (!actor || isGuestUser(actor)) return [];
  // What the visibility rule reads of each (core VisibleItem), its words and its board.
  const rows = await db
    .select({
      multilistId: items.multilistId,
      text: items.text,
      ...VISIBLE_ITEM_COLUMNS,
    })
    .from(items)
    .where(
      and(
        eq(items.author, actor.username),
        inArray(items.annotationClass, ['note', 'reply']),
        sql`strpos(${items.text}, '#') > 0`,
      ),
    )
    .orderBy(desc(items.created), desc(items.id))
    .limit(OWN_TAGS_READ);
  const ids = [...new Set(rows.map((r) => r.multilistId))];
  const [boards, viewer] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(multilists)
          .where(inArray(multilists.id, ids))
          .then((b) => visibleBoardsOf(db, b))
      : new Map<string, VisibleBoard>(),
    viewerFor(db, actor, sessionId),
  ]);
  const counts = new Map<string, number>();
  for (const item of rows) {
    const board = must(boards.get(item.multilistId), `the board ${item.multilistId}`);
    // One's own: the rule asks only whether this session may open the board.
    if (!canSee(viewer, { kind: 'item', board, item })) continue;
    for (const tag of tagsIn(item.text)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([tag, notes]) => ({ tag, notes }))
    .sort((a, b) => b.notes - a.notes || (a.tag < b.tag ? -1 : 1))
    .slice(0, OWN_TAGS_SHOWN);
}
