/**
 * Media and text markers on items, and uploaded files.
 */
import {
  boolean,
  pgTable,
  uuid,
  text,
  integer,
  doublePrecision,
  timestamp,
  index,
  uniqueIndex,
  bigint,
} from 'drizzle-orm/pg-core';
import { tsvector } from './columns';
import { items } from './boards';

export const mediaMarkers = pgTable(
  'media_markers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    timecode: text('timecode').notNull(),
    time: doublePrecision('time').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('media_markers_item_time_key').on(t.itemId, t.timecode)],
);

export const textMarkers = pgTable(
  'text_markers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** 'block' markers sit at a block index; 'sentence' markers at a sentence index. */
    kind: text('kind', { enum: ['block', 'sentence'] }).notNull(),
    cursorIndex: integer('cursor_index').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('text_markers_item_kind_cursor_key').on(t.itemId, t.kind, t.cursorIndex)],
);

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderpath: text('folderpath').notNull(),
    filepath: text('filepath').notNull(),
    filename: text('filename').notNull(),
    username: text('username').notNull(),
    fullpath: text('fullpath').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    url: text('url').notNull(),
    uploadApp: text('upload_app').notNull().default('listboard'),
    location: text('location').notNull(),
    /**
     * A PDF's words (importers/pdf.ts `pdfWords`), read when it is recorded; null for other files.
     * An item's search vector takes in the words of the PDFs its blocks show (migration 0035).
     */
    words: text('words'),
    /**
     * Those words as the search reads them (`text_search_vector`), made once as they are stored
     * (migration 0036), so an edit of an item that shows the PDF does not read them again.
     */
    wordsVector: tsvector('words_vector'),
    /**
     * Whether its words were looked for: false only for a PDF recorded before they were kept,
     * until the background read comes to it (services/media/pdf-backfill.ts).
     */
    wordsRead: boolean('words_read').notNull().default(true),
  },
  (t) => [
    index('uploads_username_idx').on(t.username),
    uniqueIndex('uploads_fullpath_key').on(t.fullpath),
  ],
);
