/**
 * The tags a board's notes carry (`#question`, core tagsIn), each with how many threads carry it
 * in their note's words or a reply's, counted over the notes and replies the caller may read
 * (canSee), on the content items Insight counts (counted.ts `seenContent`), so a tag written only
 * in others' private notes or replies is never named, and a tag's count is what its Discussion
 * lists; then the tags the board asks for (its `noteTags`) that none of those carries yet.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { canSee, tagsIn } from '@listboard/core';
import type { NoteTag } from '@listboard/core/api/contracts/insight';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import { VISIBLE_ITEM_COLUMNS, visibleBoard } from '../notes/visibility';
import { seenContent, type InsightAsk } from './counted';

/** Tags shown, most carried first. */
export const TAGS_SHOWN = 20;
/** Notes and replies with a `#` in their words read, newest first. */
const TAGS_READ = 2000;

/** What the visibility rule reads of a note or reply (core VisibleItem), its words and thread. */
const COLUMNS = {
  id: items.id,
  threadId: items.threadId,
  text: items.text,
  isQuestion: items.isQuestion,
  ...VISIBLE_ITEM_COLUMNS,
};

export async function noteTags(db: Db, ask: InsightAsk): Promise<NoteTag[]> {
  const onBoard = and(
    eq(items.multilistId, ask.board.id),
    sql`${items.rootItemId} in (select c.id from (${seenContent(ask.board.id, ask.username)}) c)`,
  );
  // A reader's own: the threads of their notes.
  const own = (column: typeof items.id | typeof items.threadId) =>
    ask.scope === 'own'
      ? sql`${column} in (select o.id from ${items} o where o.multilist_id = ${ask.board.id}
          and o.annotation_class = 'note' and o.author = ${ask.username})`
      : undefined;
  const tagged = await db
    .select(COLUMNS)
    .from(items)
    .where(
      and(
        onBoard,
        sql`strpos(${items.text}, '#') > 0`,
        ask.scope === 'own'
          ? or(
              and(eq(items.annotationClass, 'note'), own(items.id)),
              and(eq(items.annotationClass, 'reply'), own(items.threadId)),
            )
          : inArray(items.annotationClass, ['note', 'reply']),
      ),
    )
    .orderBy(desc(items.created), items.id)
    .limit(TAGS_READ);
  // The notes of the threads whose replies alone carry a `#` (on the same items as their replies).
  const read = new Set(tagged.map((n) => n.id));
  const missing = [
    ...new Set(tagged.flatMap((n) => (n.threadId && !read.has(n.threadId) ? [n.threadId] : []))),
  ];
  const roots = missing.length
    ? await db
        .select(COLUMNS)
        .from(items)
        .where(and(eq(items.annotationClass, 'note'), inArray(items.id, missing)))
    : [];
  const notes = new Map(
    [...tagged, ...roots].filter((n) => n.annotationClass === 'note').map((n) => [n.id, n]),
  );
  const board = visibleBoard(ask.board, ask.policy);
  // Each thread's tags, over its note and the replies the caller may read (a reply takes its
  // thread's visibility as well as its own).
  const threads = new Map<string, Set<string>>();
  for (const n of tagged) {
    const note = notes.get(n.threadId ?? n.id);
    if (!note || !canSee(ask.viewer, { kind: 'item', board, item: note })) continue;
    if (n !== note && !canSee(ask.viewer, { kind: 'item', board, item: n, thread: note })) continue;
    const tags = threads.get(note.id) ?? new Set<string>();
    for (const tag of tagsIn(n.text)) tags.add(tag);
    threads.set(note.id, tags);
  }
  const counts = new Map<string, NoteTag>();
  for (const [id, tags] of threads)
    for (const tag of tags) {
      const counted = counts.get(tag) ?? { tag, notes: 0, questions: 0 };
      counted.notes += 1;
      if (notes.get(id)?.isQuestion) counted.questions += 1;
      counts.set(tag, counted);
    }
  const shown = [...counts.values()]
    .sort((a, b) => b.notes - a.notes || (a.tag < b.tag ? -1 : 1))
    .slice(0, TAGS_SHOWN);
  // And those the board asks for that no note the caller reads carries yet.
  const unused = ask.board.noteTags.filter((tag) => !counts.has(tag));
  return [...shown, ...unused.map((tag) => ({ tag, notes: 0, questions: 0 }))];
}
