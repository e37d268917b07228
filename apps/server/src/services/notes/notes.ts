import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  answersNotes,
  fieldMsg,
  groupFormMsg,
  groupMsg,
  mayHaveNoWords,
  must,
  noteNoun,
  nextAnnoLabel,
  noteTextOrHighlight,
  replyVisibility,
  readHighlight,
  type LegacyTextHighlight,
  type Highlight,
  type PolicyBoard,
  type Viewer,
} from '@listboard/core';
import { isQuestion } from '@listboard/core/insight';
import type { Db } from '../../db/client';
import { NOTE_TEXT_MAX, type NoteWritten } from '@listboard/core/api/contracts/notes';
import { items, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { BoardRow, ItemRow } from '../boards/access';
import { storeBlocks } from '../boards/blocks-store';
import { editItemKeepingText } from '../boards/versions';
import { canSeeItem, threadOf, userGroupNames, visibleBoard } from './visibility';
import type { Actor } from '../accounts/users';

export interface NoteInput {
  text: string;
  highlight?: Highlight | LegacyTextHighlight | null;
  parentId?: string | null;
  groupName?: string | null;
  labels?: { name: string; value: string }[];
  isPrivate?: boolean;
  /** Annotations only. */
  label?: string | null;
  type?: string;
}

async function annoLabelsInBoard(db: Db, boardId: string): Promise<string[]> {
  const rows = await db
    .select({ l: items.annoLabel })
    .from(items)
    .where(and(eq(items.multilistId, boardId), eq(items.annotationClass, 'anno')));
  return rows.map((r) => r.l ?? '');
}

/**
 * Adds an author's annotation, a reader's note or a reply to either. Notes and annotations hang
 * off an item (rootItem); replies hang off a note or annotation (parentId) one level deeper.
 * A reader's note starts pending; a reply by the board's author or editor anywhere in its thread
 * answers it, and a reader's question in reply after that sets it pending again. A private note
 * has no status: nobody but its writer sees it, so nobody can answer; nor has a note by the
 * board's owner, coauthor or editor, who answer its notes themselves.
 */
export async function addNote(
  db: Db,
  ctx: {
    actor: Actor;
    viewer: Viewer;
    board: BoardRow;
    policy: PolicyBoard;
    item: ItemRow;
    moderator: boolean;
    kind: 'anno' | 'note';
  },
  input: NoteInput,
): Promise<NoteWritten> {
  const { actor, board } = ctx;
  let parent: ItemRow = ctx.item;
  if (input.parentId && input.parentId !== ctx.item.id) {
    const [p] = await db.select().from(items).where(eq(items.id, input.parentId));
    // A note the caller cannot see is answered exactly as one that does not exist.
    const visible =
      p !== undefined &&
      p.multilistId === board.id &&
      (await canSeeItem(db, ctx.viewer, visibleBoard(board, ctx.policy), p));
    if (!visible) throw notFound('No such note to reply to.');
    parent = p;
  }
  const isReply = parent.annotationClass !== 'none';
  const rootItemId = isReply ? (parent.rootItemId ?? parent.id) : parent.id;
  // The item named in the call must be the one the thread hangs off (or the note replied to).
  if (isReply && rootItemId !== ctx.item.id && parent.id !== ctx.item.id) {
    throw badRequest('That note belongs to another item.');
  }
  const thread = isReply
    ? parent.annotationClass === 'reply'
      ? ((await threadOf(db, parent)) ?? parent)
      : parent
    : null;
  // A reply is never seen more widely than its thread: it takes the thread's privacy and group.
  const seen = thread
    ? replyVisibility(thread, input)
    : { isPrivate: input.isPrivate ?? false, groupName: input.groupName ?? null };
  if (!thread && seen.groupName) {
    if (!board.groups.includes(seen.groupName)) throw badRequest(groupMsg.boardReferencesNoGroups);
    const mine = await userGroupNames(db, actor.id);
    if (!mine.includes(seen.groupName))
      throw forbidden(groupFormMsg.notMemberToPost(seen.groupName));
  }
  const annotationClass = isReply ? 'reply' : ctx.kind;
  const annoLabel =
    annotationClass === 'anno'
      ? input.label?.trim() || nextAnnoLabel(await annoLabelsInBoard(db, board.id))
      : null;
  const text = noteTextOrHighlight(input.text);
  // A reader's note waits for an answer; a private one has no status (nobody else sees it), nor
  // has the note of one who answers the board's notes (no one else would answer it).
  const waitsForAnswer =
    annotationClass === 'note' && !seen.isPrivate && !answersNotes(actor, ctx.policy);
  const id = randomUUID();
  const [author] = await db
    .select({ fullname: users.fullname })
    .from(users)
    .where(eq(users.id, actor.id));
  const [inserted] = await db
    .insert(items)
    .values({
      id,
      listId: parent.listId,
      multilistId: board.id,
      index: 0,
      owner: board.owner,
      author: actor.username,
      // A writer without a full name is shown by user name (the author field), not by ''.
      hint: author?.fullname.trim() || null,
      text,
      // Stored as the app reads it: the older quote shape becomes a quote selector alone.
      highlight: readHighlight(input.highlight) as Record<string, unknown> | null,
      annotationClass,
      annoType: annotationClass === 'anno' ? (input.type ?? 'general') : null,
      annoLabel,
      replyLevel: isReply ? parent.replyLevel + 1 : 0,
      parentId: parent.id,
      rootItemId,
      // A root note or annotation is its own thread.
      threadId: thread?.id ?? id,
      noteStatus: waitsForAnswer ? 'pending' : null,
      isPrivate: seen.isPrivate,
      groupName: seen.groupName,
      labels: input.labels ?? [],
    })
    .returning({ id: items.id, noteStatus: items.noteStatus });
  const row = must(inserted, 'the new note');
  await storeBlocks(db, row.id, text, { owner: board.owner });
  // A moderator's reply anywhere in a thread answers the reader's note at its root; a reader's
  // question under a note already answered (core isQuestion: it ends in '?' or is typed so) asks
  // again, and the note waits on Discussion once more; a reader's thanks leaves it answered, and
  // so does a private question, which asks no one. A dismissed note stays dismissed.
  let askedAgain = false;
  if (thread?.annotationClass === 'note') {
    if (ctx.moderator && thread.noteStatus === 'pending')
      await setNoteStatus(db, thread, 'answered', actor.username);
    else if (
      !ctx.moderator &&
      !seen.isPrivate &&
      thread.noteStatus === 'answered' &&
      isQuestion({ text, labels: input.labels ?? [] })
    ) {
      await setNoteStatus(db, thread, 'pending', actor.username);
      askedAgain = true;
    }
  }
  const written = { itemId: row.id, annotationClass, annoLabel, noteStatus: row.noteStatus };
  return askedAgain ? { ...written, askedAgain: true } : written;
}

/**
 * A note's, annotation's or reply's writer changes its words (edit_item on a note). Only its
 * writer (core noteWordsRefusal, asked for every edit call): a note says what they wrote, so the
 * board's authors answer it rather than rewrite it.
 * Its quote, thread, status and who sees it stay as they were; the words it had are kept as an
 * earlier version, as an item's are, and it is marked edited (flags.edited). Words left blank
 * keep a passage's note as a highlight. At most as many words as a new note may have.
 */
export async function editNoteText(
  db: Db,
  note: ItemRow,
  args: { text: string; version?: number; isPrivate?: boolean },
  by: string,
): Promise<{ itemId: string; version: number }> {
  const noun = noteNoun(note);
  if (args.isPrivate !== undefined && args.isPrivate !== note.isPrivate) {
    throw badRequest(`Who sees a ${noun} is settled when it is written: write a new one instead.`);
  }
  const blank = args.text.trim() === '';
  if (blank && !mayHaveNoWords(note)) {
    throw badRequest(fieldMsg.requiredField(noun));
  }
  if (args.text.length > NOTE_TEXT_MAX) {
    throw badRequest(
      `The ${noun} is too long: at most ${NOTE_TEXT_MAX.toLocaleString('en-US')} characters.`,
    );
  }
  const words = noteTextOrHighlight(args.text);
  const edited = await editItemKeepingText(db, note, { text: words, version: args.version }, by);
  // Said beside it from now on: a reply may answer words that are no longer there.
  if (words !== note.text && !note.flags.edited) {
    await db
      .update(items)
      .set({ flags: { ...note.flags, edited: true } })
      .where(eq(items.id, note.id));
  }
  return edited;
}

export const PRIVATE_NOTE_NO_STATUS =
  'A private note has no status: nobody but its writer sees it.';
export const ANSWERERS_NOTE_NO_STATUS =
  'This note has no status: it was written by one who answers the board’s notes.';

/**
 * Sets a reader note's status, and who set it (`by`, a user name): kept with the name they are
 * shown by, so a board with several who answer says which of them did; a note set back to
 * pending is nobody's.
 */
export async function setNoteStatus(
  db: Db,
  note: ItemRow,
  status: 'pending' | 'answered' | 'dismissed',
  by: string,
) {
  if (note.annotationClass !== 'note') throw badRequest('Only reader notes have a status.');
  if (note.isPrivate) throw badRequest(PRIVATE_NOTE_NO_STATUS);
  if (note.noteStatus === null) throw badRequest(ANSWERERS_NOTE_NO_STATUS);
  const [who] =
    status === 'pending'
      ? []
      : await db.select({ fullname: users.fullname }).from(users).where(eq(users.username, by));
  await db
    .update(items)
    .set({
      noteStatus: status,
      statusBy: status === 'pending' ? null : by,
      statusByName: status === 'pending' ? null : who?.fullname.trim() || by,
      version: sql`${items.version} + 1`,
      modified: new Date(),
    })
    .where(eq(items.id, note.id));
  return { itemId: note.id, noteStatus: status };
}

/** Notes, annotations and replies hanging off these items, for counts. */
export async function threadIds(db: Db, rootIds: string[]): Promise<string[]> {
  if (rootIds.length === 0) return [];
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(inArray(items.rootItemId, rootIds));
  return rows.map((r) => r.id);
}
