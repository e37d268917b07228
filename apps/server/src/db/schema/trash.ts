/**
 * What can be undone: the Trash (what was deleted, kept whole so it can be put back) and the
 * texts an item's edits replaced.
 */
import { pgTable, uuid, text, integer, jsonb, timestamp, index } from 'drizzle-orm/pg-core';
import { items } from './boards';

/** Rows as they stood, by table; read back through services/boards/trash-rows.ts. */
export type TrashRows = Partial<Record<string, Record<string, unknown>[]>>;

/**
 * One row per delete of an item, a note (with its replies), a list or a board: a snapshot of
 * every row that went with it, written in the delete's transaction. The rows themselves are
 * gone, so nothing in the Trash shows anywhere else. No foreign keys: a deleted board's entries
 * wait for the board to come back, and the entry of a deleted board is its owner's.
 */
export const trash = pgTable(
  'trash',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The board the thing was on; for a board, the board itself. */
    multilistId: uuid('multilist_id').notNull(),
    /** That board's owner: a deleted board's entry is theirs. */
    owner: text('owner').notNull(),
    kind: text('kind', { enum: ['item', 'note', 'list', 'board'] }).notNull(),
    /** What it was, as the Trash lists it: an item's or note's headline, a list's or board's title. */
    title: text('title').notNull(),
    deletedBy: text('deleted_by').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Where it was: the list an item was in, the item a note was on, the board of a list. */
    parentId: uuid('parent_id'),
    index: integer('index').notNull().default(0),
    /**
     * Who may see an item or a note, as the visibility rule read it when it went (the thing, its
     * thread's root, the item it was on): the Trash shows it to exactly those.
     */
    seen: jsonb('seen').$type<Record<string, unknown> | null>(),
    rows: jsonb('rows').$type<TrashRows>().notNull(),
  },
  (t) => [
    index('trash_board_idx').on(t.multilistId, t.deletedAt),
    index('trash_owner_idx').on(t.owner, t.kind),
  ],
);

/**
 * The text an edit of an item replaced, newest first; a few are kept per item (ITEM_VERSIONS_KEPT
 * in services/boards/versions.ts). They go with the item, into the Trash and back.
 */
export const itemVersions = pgTable(
  'item_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The item's row version while it had this text. */
    version: integer('version').notNull(),
    /** Who made the edit that replaced it, and when. */
    editedBy: text('edited_by').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('item_versions_item_at_idx').on(t.itemId, t.at)],
);
