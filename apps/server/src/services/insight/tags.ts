/**
 * The tags a board's notes carry (`#question`, core tagsIn), each with how many notes carry it:
 * counted over the notes the caller may read (canSee), so a tag written only in others' private
 * notes is never named, and a tag's count is what its Discussion lists.
 */
import { inArray, sql } from 'drizzle-orm';
import { canSee, tagsIn } from '@listboard/core';
import type { NoteTag } from '@listboard/core/api/contracts/insight';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import { visibleBoard } from '../notes/visibility';
import { rowsOf } from '../../db/rows-of';
import { countedNotes, type InsightAsk } from './counted';

/** Tags shown, most carried first. */
export const TAGS_SHOWN = 20;
/** Notes with a `#` in their words read, newest first. */
const TAGS_READ = 2000;

export async function noteTags(db: Db, ask: InsightAsk): Promise<NoteTag[]> {
  const ids = await rowsOf<{ id: string; item: string }>(
    db,
    sql`with q as (${countedNotes(ask, {
      where: sql`and n.annotation_class = 'note' and strpos(n.text, '#') > 0`,
    })})
      select q.id, q.item from q order by q.created desc, q.id
      limit ${TAGS_READ}`,
  );
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(items)
    .where(inArray(items.id, [...new Set(ids.flatMap((r) => [r.id, r.item]))]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const board = visibleBoard(ask.board, ask.policy);
  const counts = new Map<string, NoteTag>();
  for (const { id, item } of ids) {
    const note = byId.get(id);
    const on = byId.get(item);
    if (!note || !on || !canSee(ask.viewer, { kind: 'item', board, item: note, on })) continue;
    for (const tag of tagsIn(note.text)) {
      const counted = counts.get(tag) ?? { tag, notes: 0, questions: 0 };
      counted.notes += 1;
      if (note.isQuestion) counted.questions += 1;
      counts.set(tag, counted);
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.notes - a.notes || (a.tag < b.tag ? -1 : 1))
    .slice(0, TAGS_SHOWN);
}
