/**
 * The tags a board's notes carry (`#question`, core tagsIn), each with how many notes carry it,
 * counted over the notes the caller may read (canSee), on the content items Insight counts
 * (counted.ts `seenContent`), so a tag written only in others' private notes is never named, and a
 * tag's count is what its Discussion lists; then the tags the board asks for (its `noteTags`) that
 * none of those carries yet.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { canSee, tagsIn } from '@listboard/core';
import type { NoteTag } from '@listboard/core/api/contracts/insight';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import { visibleBoard } from '../notes/visibility';
import { seenContent, type InsightAsk } from './counted';

/** Tags shown, most carried first. */
export const TAGS_SHOWN = 20;
/** Notes with a `#` in their words read, newest first. */
const TAGS_READ = 2000;

export async function noteTags(db: Db, ask: InsightAsk): Promise<NoteTag[]> {
  // What the visibility rule reads of a note (core VisibleItem), its words and whether it asks.
  const notes = await db
    .select({
      text: items.text,
      author: items.author,
      isPrivate: items.isPrivate,
      groupName: items.groupName,
      noteStatus: items.noteStatus,
      annotationClass: items.annotationClass,
      isQuestion: items.isQuestion,
    })
    .from(items)
    .where(
      and(
        eq(items.multilistId, ask.board.id),
        eq(items.annotationClass, 'note'),
        sql`strpos(${items.text}, '#') > 0`,
        ask.scope === 'own' ? eq(items.author, ask.username) : undefined,
        sql`${items.rootItemId} in (select c.id from (${seenContent(ask.board.id, ask.username)}) c)`,
      ),
    )
    .orderBy(desc(items.created), items.id)
    .limit(TAGS_READ);
  const board = visibleBoard(ask.board, ask.policy);
  const counts = new Map<string, NoteTag>();
  for (const note of notes) {
    // Its item is one the caller sees (seenContent): the note's own visibility is what is left.
    if (!canSee(ask.viewer, { kind: 'item', board, item: note })) continue;
    for (const tag of tagsIn(note.text)) {
      const counted = counts.get(tag) ?? { tag, notes: 0, questions: 0 };
      counted.notes += 1;
      if (note.isQuestion) counted.questions += 1;
      counts.set(tag, counted);
    }
  }
  const shown = [...counts.values()]
    .sort((a, b) => b.notes - a.notes || (a.tag < b.tag ? -1 : 1))
    .slice(0, TAGS_SHOWN);
  // And those the board asks for that no note the caller reads carries yet.
  const unused = ask.board.noteTags.filter((tag) => !counts.has(tag));
  return [...shown, ...unused.map((tag) => ({ tag, notes: 0, questions: 0 }))];
}
