/**
 * The custom searches behind the Listings and Discussion pages (spec section 3, custom search
 * codes). Each result is a board (results-board.ts): one list per week, one item per hit, each
 * linking to its source as /{owner}/home;{board title}.
 */
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  boardListedFor,
  canSee,
  hasTag,
  mentionsIn,
  sameName,
  seesLate,
  type Item,
  type VisibleBoard,
  must,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { boardMembers, items, multilists } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { answeredBy } from '../notes/answered-boards';
import { withNoteItems } from '../notes/note-on-item';
import { helpfulMarks } from '../notes/helpful';
import { onItemsOf, threadsOf, viewerFor } from '../notes/visibility';
import type { CustomCode, NoteOrder } from '@listboard/core/api/search';
import { noteItem, noteWhere, type Hit, type ItemRow } from './hits';
import { boardHits, visibleBoardsOf } from './board-hits';
import { dueOf, listDues, writtenLate } from '../notes/due-of';
import type { ListingScope, Who } from './listing-scope';

export { CUSTOM_CODES, CUSTOM_TITLES, type CustomCode } from '@listboard/core/api/search';
export { followedBoards, listsOwnBoards, resultsBoard } from './results-board';
export { noteGroupsOn } from './note-groups';

/** A listing's entries, and whether older ones were left out (past NOTES_LISTED). */
export interface Listed {
  hits: Hit[];
  more: boolean;
}

/** How many notes a listing reads, newest first. */
export const NOTES_LISTED = 500;

async function noteHits(
  db: Db,
  who: Who,
  filter: {
    cls: ('anno' | 'note' | 'reply')[];
    author?: string;
    /** Only the notes on the boards this user owns, coauthors or edits (Discussion, My notes). */
    answeredBy?: string;
    status?: string;
    groupsOnly?: boolean;
    /** Only others' notes, replies and annotations that mention this user (core mentionsIn). */
    mentions?: string;
    /** Only the notes on this board (a Discussion of one board), and on this list of it. */
    board?: string;
    list?: string;
    /** Only the notes posted to this reader group (a Discussion of one class section). */
    group?: string;
    /** Only the notes whose words carry this tag (core tagsIn; a tag's key). */
    tag?: string;
    /**
     * Only the notes this user wrote and the threads they replied in, with their replies shown:
     * what a teacher reads of one student (needs `replies`).
     */
    writer?: string;
    /** Each note comes with the replies in its thread the caller may see (Discussion, Notes). */
    replies?: boolean;
    /** Which NOTES_LISTED, from the newest (0) back. */
    page?: number;
    /** Most marked helpful first (then newest), instead of newest first. */
    order?: NoteOrder;
  },
): Promise<Listed> {
  const conds = [inArray(items.annotationClass, filter.cls)];
  if (filter.author) conds.push(eq(items.author, filter.author));
  if (filter.answeredBy) conds.push(answeredBy(filter.answeredBy));
  if (filter.status) conds.push(eq(items.noteStatus, filter.status as 'pending'));
  if (filter.groupsOnly) conds.push(sql`${items.groupName} is not null`);
  // Words with `@name` in them; which of those mention them, core's rule says (below).
  if (filter.mentions)
    conds.push(
      sql`strpos(lower(${items.text}), ${`@${filter.mentions.toLowerCase()}`}) > 0`,
      sql`lower(${items.author}) <> ${filter.mentions.toLowerCase()}`,
    );
  if (filter.board) conds.push(eq(multilists.id, filter.board));
  if (filter.list) conds.push(eq(items.listId, filter.list));
  if (filter.group !== undefined) conds.push(eq(items.groupName, filter.group));
  // Words with `#tag` in them (a tag in other letters than ASCII's, any `#`: the database may fold
  // their case otherwise), the note's or, where its replies are shown, a reply's in its thread (a
  // teacher's `#resolved` under a question); which of those carry it, core's rule says, over the
  // replies the caller may see (below).
  const { tag } = filter;
  if (tag) {
    const words = (text: SQL) =>
      /^[\x20-\x7e]*$/.test(tag)
        ? sql`strpos(lower(${text}), ${`#${tag}`}) > 0`
        : sql`strpos(${text}, '#') > 0`;
    conds.push(
      filter.replies
        ? sql`(${words(sql`${items.text}`)} or exists (select 1 from ${items} r
            where r.thread_id = ${items.id} and r.annotation_class = 'reply' and ${words(sql`r.text`)}))`
        : words(sql`${items.text}`),
    );
  }
  if (filter.writer)
    conds.push(sql`(${items.author} = ${filter.writer} or exists (select 1 from ${items} r
      where r.thread_id = ${items.id} and r.annotation_class = 'reply' and r.author = ${filter.writer}))`);
  const read = await db
    .select({ item: items, board: multilists })
    .from(items)
    .innerJoin(multilists, eq(multilists.id, items.multilistId))
    .where(and(...conds))
    .orderBy(
      ...(filter.order === 'helpful' ? [desc(items.votes)] : []),
      ...(filter.order === 'questions' ? [desc(items.isQuestion)] : []),
      desc(items.created),
      desc(items.id),
    )
    .offset((filter.page ?? 0) * NOTES_LISTED)
    .limit(NOTES_LISTED + 1);
  const rows = read.slice(0, NOTES_LISTED);
  const noteRows = rows.map((r) => r.item);
  const [boards, viewer, threads, rootOf, dues] = await Promise.all([
    visibleBoardsOf(
      db,
      rows.map((r) => r.board),
    ),
    viewerFor(db, who.actor, who.sessionId),
    threadsOf(db, noteRows),
    onItemsOf(db, noteRows),
    listDues(
      db,
      noteRows.map((r) => r.listId),
    ),
  ]);
  const boardOfNote = new Map<string, VisibleBoard>();
  const boardDue = new Map(rows.map((r) => [r.board.id, r.board.notesDue]));
  const { appVersion } = who;
  // A note or reply (an annotation is neither) written after the notes on its list were due.
  const late = (row: ItemRow, board: VisibleBoard) =>
    row.annotationClass !== 'anno' &&
    writtenLate(row.created, dueOf(dues.get(row.listId), boardDue.get(board.id) ?? null)) &&
    appVersion !== undefined &&
    seesLate(who.actor, board, row, { appVersion });
  const hits = rows
    .filter((r) => {
      const thread = r.item.threadId ? threads.get(r.item.threadId) : null;
      const board = must(boards.get(r.board.id), `the board ${r.board.id}`);
      boardOfNote.set(r.item.id, board);
      const on = r.item.rootItemId ? (rootOf.get(r.item.rootItemId) ?? null) : null;
      return (
        canSee(viewer, { kind: 'item', board, item: r.item, thread, on }) &&
        // Unlisted boards stay out of others' listings; one's own writing on them stays in, and so
        // does writing that names one (a course's board is often unlisted: its mail came too).
        (r.item.author === who.actor.username ||
          filter.mentions !== undefined ||
          boardListedFor(viewer, { ...board, listed: r.board.listed })) &&
        (!filter.groupsOnly || viewer.groups.includes(r.item.groupName ?? '')) &&
        (!filter.mentions ||
          mentionsIn(r.item.text).some((n) => sameName(n, filter.mentions ?? ''))) &&
        (!tag || filter.replies || hasTag(r.item.text, tag))
      );
    })
    .map((r): Hit & { note: Item } => {
      const on = r.item.rootItemId ? rootOf.get(r.item.rootItemId) : undefined;
      // The item's words only to those who may read the item (a note's writer may not, since).
      const board = boardOfNote.get(r.item.id);
      const seen = on && board && canSee(viewer, { kind: 'item', board, item: on, thread: null });
      return {
        key: r.item.id,
        date: r.item.created,
        // Its board and the item it is on; the note under it shows its quoted words.
        text: `On ${noteWhere(r.board, r.item.id, seen ? on.text : null)}`,
        note: noteItem(r.item, board !== undefined && late(r.item, board)),
        source: { _id: r.board.id, version: r.board.version },
      };
    });
  let listed = hits;
  if (filter.replies) {
    const shown = new Map(rows.map((r) => [r.item.id, r.item]));
    const replies = await repliesIn(db, [...shown.keys()]);
    for (const h of hits) {
      const root = must(shown.get(h.note._id), `the note ${h.note._id}`);
      const board = must(boardOfNote.get(root.id), `the board of note ${root.id}`);
      const on = root.rootItemId ? (rootOf.get(root.rootItemId) ?? null) : null;
      h.replies = (replies.get(root.id) ?? [])
        .filter((reply) => canSee(viewer, { kind: 'item', board, item: reply, thread: root, on }))
        .map((reply) => noteItem(reply, late(reply, board)));
    }
    // A reply shown under its thread's note is not listed again as an entry of its own.
    const roots = new Set(hits.map((h) => h.note._id));
    listed = hits.filter((h) => {
      const row = shown.get(h.note._id);
      return !(row?.annotationClass === 'reply' && row.threadId && roots.has(row.threadId));
    });
    // Another's thread stays only for a reply of the writer's that the caller may see; a thread
    // with a tag, for the tag in its note's words or a reply's the caller may see.
    const { writer } = filter;
    if (writer)
      listed = listed.filter(
        (h) => h.note.author === writer || (h.replies ?? []).some((r) => r.author === writer),
      );
    if (tag)
      listed = listed.filter((h) =>
        [h.note, ...(h.replies ?? [])].some((n) => hasTag(n.text, tag)),
      );
  }
  await withNoteItems(
    db,
    listed.map((h) => h.note),
    (note, item) =>
      canSee(viewer, {
        kind: 'item',
        board: must(boardOfNote.get(note._id), `the board of note ${note._id}`),
        item,
        thread: null,
      }),
  );
  // Which of them the caller marked helpful, theirs alone to know, as on the board: the page's
  // Helpful toggle shows it pressed.
  const shown = listed.flatMap((h) => [h.note, ...(h.replies ?? [])]);
  const mine = (
    await helpfulMarks(
      db,
      shown.filter((n) => (n.votes ?? 0) > 0).map((n) => n._id),
      who.actor.username,
    )
  ).get(who.actor.username);
  for (const n of shown) if (mine?.has(n._id)) n.voted = true;
  return { hits: listed, more: read.length > NOTES_LISTED };
}

/** The replies in each of these threads, oldest first, by the id of the thread's root note. */
async function repliesIn(db: Db, threadIds: string[]): Promise<Map<string, ItemRow[]>> {
  const byThread = new Map<string, ItemRow[]>();
  if (threadIds.length === 0) return byThread;
  const rows = await db
    .select()
    .from(items)
    .where(and(inArray(items.threadId, threadIds), eq(items.annotationClass, 'reply')))
    .orderBy(items.created);
  for (const r of rows) {
    const thread = must(r.threadId, `the thread of reply ${r.id}`);
    byThread.set(thread, [...(byThread.get(thread) ?? []), r]);
  }
  return byThread;
}

/**
 * How many notes wait on `username`'s Discussion page (its Pending notes), counted by the same
 * reading and the same visibility rule as the page itself: to NOTES_LISTED, and whether more.
 */
export async function waitingNotes(
  db: Db,
  who: Who,
  username: string,
): Promise<{ count: number; more: boolean }> {
  const { hits, more } = await noteHits(db, who, {
    cls: ['note'],
    answeredBy: username,
    status: 'pending',
  });
  return { count: hits.length, more };
}

export async function customHits(
  db: Db,
  who: Who,
  code: CustomCode,
  username: string,
  { board, list, group, tag, writer, order, page = 0 }: ListingScope = {},
): Promise<Listed> {
  /** Boards are listed whole: no more are left out. */
  const boardsListed = async (
    ids: string[] | null,
    where?: ReturnType<typeof eq>,
  ): Promise<Listed> => ({
    hits: await boardHits(db, who, ids, where),
    more: false,
  });
  switch (code) {
    case 'myBoards':
      return boardsListed(null, eq(multilists.owner, username));
    case 'coBoards': {
      const rows = await db
        .select({ id: boardMembers.multilistId })
        .from(boardMembers)
        .where(and(eq(boardMembers.username, username), eq(boardMembers.kind, 'author')));
      return boardsListed(rows.map((r) => r.id));
    }
    case 'annoBoards': {
      const rows = await db
        .selectDistinct({ id: items.multilistId })
        .from(items)
        .where(and(eq(items.author, username), ne(items.annotationClass, 'none')));
      return boardsListed(rows.map((r) => r.id));
    }
    case 'myAnnos':
      return noteHits(db, who, { cls: ['anno'], author: username, page });
    case 'myNotes':
      return noteHits(db, who, {
        cls: ['note'],
        answeredBy: username,
        board,
        list,
        group,
        tag,
        writer,
        // A thread one reader replied in, or one a reply's tag brings, comes with its replies.
        replies: writer !== undefined || tag !== undefined,
        order,
        page,
      });
    case 'annos':
      return noteHits(db, who, { cls: ['anno'], page });
    case 'notes':
      // One's notes with the replies to them, so a reader sees the answers in one place.
      return noteHits(db, who, {
        cls: ['note', 'reply'],
        author: username,
        board,
        list,
        tag,
        replies: true,
        page,
      });
    case 'groupNotes':
      return noteHits(db, who, { cls: ['note', 'reply'], groupsOnly: true, page });
    case 'mentions':
      return noteHits(db, who, { cls: ['note', 'reply', 'anno'], mentions: username, page });
    case 'pending':
    case 'answered':
    case 'dismissed':
      return noteHits(db, who, {
        cls: ['note'],
        answeredBy: username,
        status: code,
        board,
        list,
        group,
        tag,
        writer,
        replies: true,
        order,
        page,
      });
    default:
      throw badRequest(`Unknown search code: ${String(code)}`);
  }
}
