/**
 * A board's notes, annotations and replies taken out as W3C Web Annotations (JSON-LD), and such a
 * document read back onto a board (core anchoring/web-annotation holds the format). An export
 * holds exactly what its caller may see; an import writes every note as the caller's own, with
 * the caller's rights: readers add notes and replies, the board's authors annotations too.
 */
import { isDeepStrictEqual } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import {
  canSee,
  readHighlight,
  readWebAnnotations,
  toAnnotationCollection,
  type ExportedNote,
  type ImportedAnnotation,
  type PolicyBoard,
  type Viewer,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { items, lists } from '../../db/schema';
import { badRequest, HttpError } from '../../lib/errors';
import type { BoardRow, ItemRow } from '../boards/access';
import type { Actor } from '../accounts/users';
import { addNote, setNoteStatus } from './notes';
import { visibleBoard } from './visibility';

/** The board's own address, absolute: the base of every annotation's and item's IRI. */
export const boardUrl = (publicUrl: string, board: Pick<BoardRow, 'owner' | 'ptitle'>) =>
  `${publicUrl.replace(/\/$/, '')}/${board.owner}/${board.ptitle}`;

interface Place {
  row: ItemRow;
  listIndex: number;
}

/** Every item of the board with its list's place, content items and notes alike. */
async function boardItems(db: Db, board: BoardRow): Promise<Place[]> {
  const rows = await db
    .select({ item: items, listIndex: lists.index })
    .from(items)
    .innerJoin(lists, eq(lists.id, items.listId))
    .where(eq(items.multilistId, board.id))
    .orderBy(asc(items.created));
  return rows.map((r) => ({ row: r.item, listIndex: r.listIndex }));
}

/** The notes of a board this viewer may see, each with the item it hangs off. */
export async function visibleNotes(
  db: Db,
  board: BoardRow,
  policy: PolicyBoard,
  viewer: Viewer,
): Promise<{ note: ItemRow; on: Place }[]> {
  const all = await boardItems(db, board);
  const byId = new Map(all.map((p) => [p.row.id, p]));
  const vb = visibleBoard(board, policy);
  const out: { note: ItemRow; on: Place }[] = [];
  for (const p of all) {
    const n = p.row;
    if (n.annotationClass === 'none' || !n.rootItemId) continue;
    const on = byId.get(n.rootItemId);
    if (!on) continue;
    const thread = n.threadId && n.threadId !== n.id ? byId.get(n.threadId)?.row : null;
    if (canSee(viewer, { kind: 'item', board: vb, item: n, thread, on: on.row }))
      out.push({ note: n, on });
  }
  return out;
}

const exported = (n: ItemRow, on: Place): ExportedNote => ({
  note: {
    _id: n.id,
    text: n.text,
    author: n.author,
    hint: n.hint,
    created: n.created.toISOString(),
    modified: n.modified.toISOString(),
    annotationClass: n.annotationClass,
    annoLabel: n.annoLabel,
    noteStatus: n.noteStatus,
    isPrivate: n.isPrivate,
    groupName: n.groupName,
    labels: n.labels,
    highlight: readHighlight(n.highlight),
    parentId: n.parentId,
  },
  item: { _id: on.row.id, listIndex: on.listIndex, index: on.row.index },
});

/** The notes of a board this viewer may see, as one W3C AnnotationCollection. */
export async function exportWebAnnotations(
  db: Db,
  board: BoardRow,
  policy: PolicyBoard,
  viewer: Viewer,
  publicUrl: string,
): Promise<Record<string, unknown>> {
  const notes = await visibleNotes(db, board, policy, viewer);
  return toAnnotationCollection(
    { title: board.title, url: boardUrl(publicUrl, board) },
    notes.map(({ note, on }) => exported(note, on)),
  );
}

export interface ImportResult {
  imported: number;
  skipped: { id: string; reason: string }[];
}

/**
 * Writes the annotations of a document onto the board, parents before their replies. Each
 * hangs off the item its source names when that item is on this board, else the item at the
 * same place (list and position): an export loads back onto the board it came from or onto a
 * copy of it. One that cannot be placed, or that the caller may not write, is skipped with its
 * reason; the rest are written.
 */
export async function importWebAnnotations(
  db: Db,
  ctx: {
    actor: Actor;
    viewer: Viewer;
    board: BoardRow;
    policy: PolicyBoard;
    /** The caller answers and dismisses notes here (and so may set a status). */
    moderator: boolean;
    /** The caller may annotate here. */
    annotates: boolean;
  },
  doc: unknown,
): Promise<ImportResult> {
  const read = readWebAnnotations(doc);
  if (!read.ok) throw badRequest(read.error);
  const skipped: ImportResult['skipped'] = read.skipped.map((s) => ({
    id: `#${s.at + 1}`,
    reason: s.reason,
  }));
  const all = await boardItems(db, ctx.board);
  const vb = visibleBoard(ctx.board, ctx.policy);
  const content = all.filter(
    (p) =>
      p.row.annotationClass === 'none' &&
      canSee(ctx.viewer, { kind: 'item', board: vb, item: p.row }),
  );
  const notesHere = new Map(
    all.filter((p) => p.row.annotationClass !== 'none').map((p) => [p.row.id, p.row]),
  );
  const itemFor = (a: ImportedAnnotation): ItemRow | null => {
    if (!a.item) return null;
    const byId = content.find((p) => p.row.id === a.item?.id);
    if (byId) return byId.row;
    return (
      content.find((p) => p.listIndex === a.item?.list && p.row.index === a.item.index)?.row ?? null
    );
  };
  const mine = all
    .filter((p) => p.row.annotationClass !== 'none' && p.row.author === ctx.actor.username)
    .map((p) => p.row);
  /** Imported annotations by their id in the document: the note written for each. */
  const written = new Map<string, ItemRow>();
  const parentOf = (a: ImportedAnnotation): ItemRow | null => {
    if (!a.parent) return null;
    const made = written.get(a.parent);
    if (made) return made;
    // A reply to a note already on this board (its address ends in #note-{id}).
    const existing = /#note-([0-9a-f-]{36})$/i.exec(a.parent)?.[1];
    return existing ? (notesHere.get(existing) ?? null) : null;
  };
  let pending = read.value;
  let imported = 0;
  // Replies wait for the annotation they answer; each pass writes what it can.
  for (let progress = true; pending.length > 0 && progress;) {
    progress = false;
    const later: ImportedAnnotation[] = [];
    for (const a of pending) {
      const parent = a.kind === 'reply' ? parentOf(a) : null;
      if (a.kind === 'reply' && !parent) {
        later.push(a);
        continue;
      }
      progress = true;
      const rootId = parent ? (parent.rootItemId ?? parent.id) : null;
      const item = parent ? (content.find((p) => p.row.id === rootId)?.row ?? null) : itemFor(a);
      if (!item) {
        skipped.push({ id: a.id, reason: 'no such item on this board' });
        continue;
      }
      if (a.kind === 'anno' && !ctx.annotates) {
        skipped.push({ id: a.id, reason: 'only the board’s authors write annotations' });
        continue;
      }
      // The caller's own note with the same words on the same passage, in the same place of its
      // thread: the same document imported again adds nothing twice.
      const same = mine.find(
        (n) =>
          n.rootItemId === item.id &&
          n.parentId === (parent?.id ?? item.id) &&
          n.text === a.text &&
          sameHighlight(n.highlight, a.highlight),
      );
      if (same) {
        skipped.push({ id: a.id, reason: 'already on this board' });
        written.set(a.id, same);
        continue;
      }
      try {
        const made = await addNote(
          db,
          {
            actor: ctx.actor,
            viewer: ctx.viewer,
            board: ctx.board,
            policy: ctx.policy,
            item,
            moderator: ctx.moderator,
            kind: a.kind === 'anno' ? 'anno' : 'note',
          },
          {
            text: a.text,
            highlight: a.highlight,
            parentId: parent?.id ?? null,
            groupName: a.groupName,
            labels: a.labels,
            isPrivate: a.isPrivate,
            label: a.annoLabel,
          },
        );
        const [row] = await db.select().from(items).where(eq(items.id, made.itemId));
        if (!row) continue;
        if (
          ctx.moderator &&
          row.annotationClass === 'note' &&
          row.noteStatus !== null &&
          a.status &&
          a.status !== row.noteStatus
        ) {
          await setNoteStatus(db, row, a.status, ctx.actor.username);
        }
        written.set(a.id, row);
        imported += 1;
      } catch (e) {
        if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
        skipped.push({ id: a.id, reason: e.message });
      }
    }
    pending = later;
  }
  for (const a of pending) skipped.push({ id: a.id, reason: 'the note it answers is missing' });
  return { imported, skipped };
}

/** Two highlights that name the same passage the same way (none and none included). */
const sameHighlight = (stored: unknown, imported: unknown) =>
  isDeepStrictEqual(stored ?? null, imported ?? null);
