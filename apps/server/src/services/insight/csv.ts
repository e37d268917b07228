/**
 * A board's notes, annotations and replies as CSV, one row each with the columns of
 * ANNOTATION_CSV_COLUMNS. The rows are exactly the notes the W3C export holds for the same caller
 * (visibleNotes, through canSee). A cell that a spreadsheet would read as a formula (=, +, -, @,
 * a tab or a return first) starts with an apostrophe, so opening the file never runs one.
 */
import { asc, eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  NOTE_ANCHOR,
  headlineOf,
  isTextTarget,
  quoteOf,
  readHighlight,
  tagsIn,
  writtenTags,
  type PolicyBoard,
  type Viewer,
} from '@listboard/core';
import { ANNOTATION_CSV_COLUMNS } from '@listboard/core/api/contracts/insight';
import type { Db } from '../../db/client';
import { lists } from '../../db/schema';
import type { BoardRow, ItemRow } from '../boards/access';
import { boardUrl, visibleNotes } from '../notes/web-annotation';
import { dueOf, writtenLate } from '../notes/due-of';

type Column = (typeof ANNOTATION_CSV_COLUMNS)[number];

/** Neutralises a cell a spreadsheet would take for a formula. */
export const safeCell = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

const lateCell = (created: Date, due: Date | null) => ({
  late: due ? String(writtenLate(created, due)) : '',
});

function quoteText(note: ItemRow): string {
  const h = readHighlight(note.highlight);
  return isTextTarget(h) ? quoteOf(h).exact : '';
}

export async function annotationsCsv(
  db: Db,
  board: BoardRow,
  policy: PolicyBoard,
  viewer: Viewer,
  publicUrl: string,
): Promise<string> {
  const notes = await visibleNotes(db, board, policy, viewer);
  const listRows = await db
    .select({ index: lists.index, title: lists.title, due: lists.notesDue })
    .from(lists)
    .where(eq(lists.multilistId, board.id))
    .orderBy(asc(lists.index));
  const listTitle = new Map(listRows.map((l) => [l.index, l.title]));
  const listDue = new Map(listRows.map((l) => [l.index, l.due]));
  const url = boardUrl(publicUrl, board);
  const records = notes.map(({ note, on }): Record<Column, string> => ({
    board: `/${board.owner}/${board.ptitle}`,
    list: listTitle.get(on.listIndex) ?? '',
    item: headlineOf([], on.row.text),
    quote: quoteText(note),
    note: note.text,
    writer: note.author,
    group: note.groupName ?? '',
    status: note.noteStatus ?? '',
    private: note.isPrivate ? 'true' : 'false',
    created: note.created.toISOString(),
    parent:
      note.annotationClass === 'reply' && note.parentId
        ? `${url}#${NOTE_ANCHOR}${note.parentId}`
        : '',
    status_by: note.statusBy ?? '',
    // Blank where nothing was due: neither the note's list nor its board has a date.
    ...lateCell(note.created, dueOf(listDue.get(on.listIndex), board.notesDue)),
    // How many marked it helpful; an annotation is not marked.
    helpful: note.annotationClass === 'anno' ? '' : String(note.votes),
    // The tags its words carry (core tagsIn), as a tag is written: `#question #evidence`.
    tags: writtenTags(tagsIn(note.text)),
  }));
  return stringify(
    records.map((r) => ANNOTATION_CSV_COLUMNS.map((c) => safeCell(r[c]))),
    {
      header: true,
      columns: [...ANNOTATION_CSV_COLUMNS],
      record_delimiter: '\r\n',
      // A field with any line break in it is quoted: by itself the library quotes only fields
      // holding the record delimiter, and a note's bare newline then split its row in two for
      // spreadsheets and csv readers.
      quoted_match: /[\r\n]/,
    },
  );
}
