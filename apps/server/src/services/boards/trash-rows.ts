/**
 * The rows a delete takes away, read whole and written back whole, with their own ids: items
 * (with the notes and replies on them), their blocks, markers and previous texts; lists; a
 * board with its members, its old addresses, and the course links that open it with their
 * grades; and each reader's view state of any of them. The Trash keeps them as JSON, where
 * timestamps are strings; they are read back as dates.
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import { gradeRows } from '../lti/grades';
import type { Db } from '../../db/client';
import {
  blocks,
  boardMembers,
  boardMoves,
  itemVersions,
  items,
  lists,
  ltiGrades,
  ltiLinks,
  mediaMarkers,
  multilists,
  noteVotes,
  textMarkers,
  users,
  viewStates,
  type TrashRows,
} from '../../db/schema';

const TABLES = {
  multilists,
  boardMembers,
  boardMoves,
  ltiLinks,
  ltiGrades,
  lists,
  items,
  blocks,
  mediaMarkers,
  textMarkers,
  itemVersions,
  noteVotes,
  viewStates,
} as const;
type TableName = keyof typeof TABLES;
type BoardRow = typeof multilists.$inferSelect;
type ItemRow = typeof items.$inferSelect;

/** The order rows go back in: each after the rows it points at. */
const ORDER: readonly TableName[] = [
  'multilists',
  'boardMembers',
  'boardMoves',
  'ltiLinks',
  'ltiGrades',
  'lists',
  'items',
  'blocks',
  'mediaMarkers',
  'textMarkers',
  'itemVersions',
  'noteVotes',
  'viewStates',
];

/** The timestamp columns of each table, as their rows name them. */
const DATES: Partial<Record<TableName, readonly string[]>> = {
  multilists: ['created', 'modified', 'notesDue', 'dueReminded'],
  lists: ['created', 'modified', 'notesDue', 'dueReminded'],
  items: ['created', 'modified'],
  itemVersions: ['at'],
  boardMoves: ['created'],
  ltiLinks: ['created'],
  ltiGrades: ['sent', 'updated'],
  noteVotes: ['created'],
  viewStates: ['modified'],
};

/**
 * Rows that something newer may have taken the place of while the board was away (an old address
 * another board took, a course link the instructor opened again onto a new board), or whose
 * platform or course has gone since: the newer stays, and what no longer fits is left out. The
 * board comes back either way.
 */
const NEWER_WINS: ReadonlySet<TableName> = new Set(['boardMoves', 'ltiLinks', 'ltiGrades']);

/** Rows written back per statement: far below PostgreSQL's limit of parameters. */
const CHUNK = 200;

type Row = Record<string, unknown>;

/** An item row without its search column, which the items trigger makes again on insert. */
function storable(row: ItemRow): Row {
  const { searchVector: _generated, ...rest } = row;
  return rest;
}

/** Who wrote the note a Trash entry holds (its first item row), or null for any other entry. */
export function trashedNoteWriter(entry: { kind: string; rows: TrashRows }): string | null {
  const author = entry.kind === 'note' ? entry.rows.items?.[0]?.author : undefined;
  return typeof author === 'string' ? author : null;
}

/**
 * The items `where` picks (the first of them first, when `first` names it), with their blocks,
 * markers and previous texts.
 */
export async function itemRows(db: Db, where: SQL, first?: string): Promise<TrashRows> {
  const picked = await db.select().from(items).where(where);
  if (picked.length === 0) return { items: [] };
  picked.sort((a, b) => Number(b.id === first) - Number(a.id === first));
  const ids = db.select({ id: items.id }).from(items).where(where);
  return {
    items: picked.map(storable),
    blocks: await db.select().from(blocks).where(inArray(blocks.itemId, ids)),
    mediaMarkers: await db.select().from(mediaMarkers).where(inArray(mediaMarkers.itemId, ids)),
    textMarkers: await db.select().from(textMarkers).where(inArray(textMarkers.itemId, ids)),
    itemVersions: await db.select().from(itemVersions).where(inArray(itemVersions.itemId, ids)),
    noteVotes: await db.select().from(noteVotes).where(inArray(noteVotes.itemId, ids)),
  };
}

/** A board's own row and its members: with its lists' and items' rows, the whole board. */
export async function boardRows(db: Db, board: BoardRow): Promise<TrashRows> {
  const links = await db.select().from(ltiLinks).where(eq(ltiLinks.multilistId, board.id));
  const grades = [];
  for (const link of links) grades.push(...(await gradeRows(db, link)).values());
  return {
    multilists: [board],
    boardMembers: await db
      .select()
      .from(boardMembers)
      .where(eq(boardMembers.multilistId, board.id)),
    boardMoves: await db.select().from(boardMoves).where(eq(boardMoves.multilistId, board.id)),
    ltiLinks: links,
    ltiGrades: grades,
  };
}

function revive(table: TableName, row: Row): Row {
  const dates = DATES[table];
  if (!dates) return row;
  const out = { ...row };
  // An item comes back with no count of helpful marks: its marks, put back after it, count
  // themselves again (the database's trigger on note_votes), those of removed accounts not.
  if (table === 'items' && 'votes' in out) out.votes = 0;
  // Deleted before items and lists kept when their words last changed: changed at its version.
  if ((table === 'items' || table === 'lists') && out.textVersion === undefined)
    out.textVersion = out.version;
  for (const key of dates) {
    const value = out[key];
    if (typeof value === 'string') out[key] = new Date(value);
  }
  return out;
}

/** A deleted board's own row, as the rows hold it (dates as dates). */
export function boardOfRows(rows: TrashRows): BoardRow | null {
  const row = rows.multilists?.[0];
  return row ? (revive('multilists', row) as BoardRow) : null;
}

/** Writes every row back, in one go per table and chunk, in the caller's transaction. */
export async function putBack(db: Db, rows: TrashRows): Promise<void> {
  for (const table of ORDER) {
    const all = (rows[table] ?? []).map((r) => revive(table, r));
    if (table === 'viewStates' || table === 'noteVotes') {
      // Each reader's view of what comes back and what they marked helpful, but for readers
      // whose account has gone since.
      const readers = [...new Set(all.map((r) => String(r.userId)))];
      const live = new Set(
        readers.length === 0
          ? []
          : (await db.select({ id: users.id }).from(users).where(inArray(users.id, readers))).map(
              (u) => u.id,
            ),
      );
      const kept = all.filter((r) => live.has(String(r.userId)));
      for (let at = 0; at < kept.length; at += CHUNK)
        await db
          // Rows as they were read from this very table (widened: each of the two fits its own).
          .insert(TABLES[table as TableName])
          .values(kept.slice(at, at + CHUNK))
          .onConflictDoNothing();
      continue;
    }
    if (NEWER_WINS.has(table)) {
      // One at a time, each in a savepoint of its own: a row that no longer fits is skipped.
      for (const row of all)
        await db
          .transaction(async (sp) => {
            await sp.insert(TABLES[table]).values(row).onConflictDoNothing();
          })
          .catch(() => undefined);
      continue;
    }
    for (let at = 0; at < all.length; at += CHUNK) {
      // Rows as they were read from this very table, so they fit it column for column.
      await db.insert(TABLES[table]).values(all.slice(at, at + CHUNK));
    }
  }
}
