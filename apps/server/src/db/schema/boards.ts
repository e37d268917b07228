/**
 * Boards (multilists) and their members, lists, items and blocks; per-user view states and the
 * boards a session has unlocked. Items carry notes, annotations and replies too
 * (annotation_class).
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  boolean,
  integer,
  jsonb,
  index,
  uniqueIndex,
  primaryKey,
  bigint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { created, modified, tsvector } from './columns';
import { sessions, users } from './accounts';

export const multilists = pgTable(
  'multilists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner').notNull(),
    title: text('title').notNull(),
    /** Path title: lowercase, punctuation to hyphens; the address segment. */
    ptitle: text('ptitle').notNull(),
    altTitle: text('alt_title'),
    description: text('description').notNull().default(''),
    listed: boolean('listed').notNull().default(true),
    passwordHash: text('password_hash'),
    hash: text('hash'),
    search: jsonb('search').$type<Record<string, unknown> | null>(),
    queryArgs: jsonb('query_args').$type<Record<string, unknown> | null>(),
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    labelColors: jsonb('label_colors').$type<Record<string, string>>().notNull().default({}),
    colors: jsonb('colors').$type<Record<string, string>>().notNull().default({}),
    readerColors: jsonb('reader_colors').$type<Record<string, string>>().notNull().default({}),
    isTable: boolean('is_table').notNull().default(false),
    groups: text('groups')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    linkedBoards: text('linked_boards')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When readers' notes on the board are due (set by its authors), or none. */
    notesDue: timestamp('notes_due', { withTimezone: true }),
    /** Whether readers yet to write are mailed a reminder a day before notes are due. */
    remindDue: boolean('remind_due').notNull().default(false),
    /** The due date a reminder went out for (services/insight/due-reminders.ts), or none yet. */
    dueReminded: timestamp('due_reminded', { withTimezone: true }),
    /** The tags its authors ask readers' notes to carry (core tagKey), offered first as # is typed. */
    noteTags: text('note_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    created: created(),
    modified: modified(),
  },
  (t) => [
    uniqueIndex('multilists_owner_ptitle_key').on(t.owner, t.ptitle),
    index('multilists_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    /** The boards with a due date, for each reader's list of what is due (services/boards/due.ts). */
    index('multilists_notes_due_idx')
      .on(t.notesDue)
      .where(sql`${t.notesDue} is not null`),
  ],
);

/**
 * The addresses a board was renamed away from, each leading to the board until another board
 * takes it: a link shared before a rename (in a mail, a course page, a bookmark) keeps working.
 */
export const boardMoves = pgTable(
  'board_moves',
  {
    owner: text('owner').notNull(),
    ptitle: text('ptitle').notNull(),
    multilistId: uuid('multilist_id')
      .notNull()
      .references(() => multilists.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.owner, t.ptitle] }),
    index('board_moves_multilist_idx').on(t.multilistId),
  ],
);

/** Coauthors, members (editors with privileges), contributors and readers of a board. */
export const boardMembers = pgTable(
  'board_members',
  {
    multilistId: uuid('multilist_id')
      .notNull()
      .references(() => multilists.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    kind: text('kind', { enum: ['author', 'member', 'contributor', 'reader'] }).notNull(),
    privileges: text('privileges')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contributorOnly: boolean('contributor_only').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.multilistId, t.username, t.kind] }),
    index('board_members_username_idx').on(t.username),
  ],
);

export const lists = pgTable(
  'lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    multilistId: uuid('multilist_id')
      .notNull()
      .references(() => multilists.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    author: text('author').notNull(),
    reverse: boolean('reverse').notNull().default(false),
    tourId: text('tour_id'),
    version: integer('version').notNull().default(1),
    /** The version at which its title or description last changed, as an item's textVersion. */
    textVersion: integer('text_version').notNull().default(1),
    /**
     * When readers' notes on the list's items are due (a course's week, say), where it differs
     * from the board's notesDue; null: the board's date holds.
     */
    notesDue: timestamp('notes_due', { withTimezone: true }),
    /** The list's due date a reminder went out for (as the board's dueReminded), or none yet. */
    dueReminded: timestamp('due_reminded', { withTimezone: true }),
    created: created(),
    modified: modified(),
  },
  (t) => [index('lists_multilist_order_idx').on(t.multilistId, t.index)],
);

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    multilistId: uuid('multilist_id')
      .notNull()
      .references(() => multilists.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    owner: text('owner').notNull(),
    author: text('author').notNull(),
    hint: text('hint'),
    text: text('text').notNull().default(''),
    startdate: text('startdate'),
    stopdate: text('stopdate'),
    startstamp: bigint('startstamp', { mode: 'number' }),
    stopstamp: bigint('stopstamp', { mode: 'number' }),
    importUrl: text('import_url'),
    /** Quote selector of a note's or annotation's highlighted text. */
    highlight: jsonb('highlight').$type<Record<string, unknown> | null>(),
    toc: boolean('toc').notNull().default(false),
    annotationClass: text('annotation_class', { enum: ['none', 'anno', 'note', 'reply'] })
      .notNull()
      .default('none'),
    annoType: text('anno_type'),
    annoLabel: text('anno_label'),
    replyLevel: integer('reply_level').notNull().default(0),
    parentId: uuid('parent_id'),
    rootItemId: uuid('root_item_id'),
    /**
     * The note or annotation at the root of a reply's thread (itself, for a root); null for
     * content items. A reply is seen by exactly those who see its thread.
     */
    threadId: uuid('thread_id'),
    noteStatus: text('note_status', { enum: ['pending', 'answered', 'dismissed'] }),
    /**
     * Who marked the note answered or dismissed (a reply of theirs, or the status set): their user
     * name and the name they were shown by then; null while it is pending.
     */
    statusBy: text('status_by'),
    statusByName: text('status_by_name'),
    isPrivate: boolean('is_private').notNull().default(false),
    groupName: text('group_name'),
    labels: jsonb('labels').$type<{ name: string; value: string }[]>().notNull().default([]),
    format: jsonb('format').$type<Record<string, string | number>>().notNull().default({}),
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
    /**
     * How many readers marked a note or reply helpful (note_votes): kept with the row, in the
     * vote's transaction, so every load reads it as it reads the text.
     */
    votes: integer('votes').notNull().default(0),
    version: integer('version').notNull().default(1),
    /**
     * The version at which the item's words last changed (services/boards/items.ts editItem): an
     * edit made against an earlier version is refused only when the words changed since, not when
     * the item was moved, labelled, answered or made private meanwhile.
     */
    textVersion: integer('text_version').notNull().default(1),
    /**
     * The words search finds the item by: its text's, the pieces of the file names and addresses
     * it names, and its media and text markers' titles and descriptions. Kept by triggers as the
     * text or a marker changes (migrations 0017 and 0018, item_search_vector); whatever an insert
     * or update sets here is replaced.
     */
    searchVector: tsvector('search_vector'),
    /**
     * For Insight (services/insight): the words of the text, as core's wordCount counts them,
     * and whether a note is a question, as core's isQuestion says (it ends in '?', its tags after
     * it or not, or a label types it so). Kept by the database as the text changes, so counting reads them only.
     */
    wordCount: integer('word_count')
      .notNull()
      .generatedAlwaysAs(sql`regexp_count(text, '[^[:space:]]+')`),
    isQuestion: boolean('is_question')
      .notNull()
      .generatedAlwaysAs(
        sql`annotation_class = 'note' and (text ~ '[?]([[:space:]]+#[^[:space:]#]+)*[[:space:]]*$' or jsonb_path_exists(labels, '$[*] ? (@.name like_regex "^type$" flag "i" && @.value like_regex "^question$" flag "i")'))`,
      ),
    created: created(),
    modified: modified(),
  },
  (t) => [
    index('items_list_order_idx').on(t.listId, t.index),
    index('items_multilist_idx').on(t.multilistId),
    index('items_root_idx').on(t.rootItemId),
    index('items_thread_idx').on(t.threadId),
    index('items_class_status_idx').on(t.annotationClass, t.noteStatus),
    index('items_author_idx').on(t.author),
    // Search ranks the newest matches of a very common word; this walks to them in date order.
    index('items_created_idx').on(t.created),
    index('items_search_idx').using('gin', t.searchVector),
    // Each word of the text paired with the week the item was written in ("2870 word"), so a
    // search can ask for a common word's matches one week at a time, newest week first, and
    // stop when it has enough (services/search/weeks.ts). The function is made by the migration.
    index('items_week_terms_idx').using(
      'gin',
      sql`items_week_terms(${t.searchVector}, ${t.created})`,
    ),
    index('items_text_trgm_idx').using('gin', sql`${t.text} gin_trgm_ops`),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    text: text('text').notNull(),
    type: text('type').notNull(),
    url: text('url'),
    fullpathnq: text('fullpathnq'),
    suffix: text('suffix'),
    range: jsonb('range').$type<Record<string, unknown> | null>(),
    caption: text('caption'),
    altText: text('alt_text'),
    titleText: text('title_text'),
    posterUrl: text('poster_url'),
    posterPath: text('poster_path'),
    isUpload: boolean('is_upload').notNull().default(false),
    autoSeek: boolean('auto_seek').notNull().default(false),
    boardRefs: text('board_refs').array(),
    jsMedia: jsonb('js_media').$type<Record<string, unknown> | null>(),
    highlightLanguage: text('highlight_language'),
    /**
     * The stored file (its key) this block shows to whoever may see its item: set only when the
     * one who wrote the block could read that file then (services/media/file-access.ts). A block
     * naming a file its writer could not read shows it to no one the file was not already for.
     */
    shows: text('shows'),
  },
  (t) => [
    index('blocks_item_order_idx').on(t.itemId, t.index),
    // Serving an upload asks which items show it.
    index('blocks_shows_idx').on(t.shows),
  ],
);

/** Per-user view state of a board, list or item (spec section 3 viewstate fields). */
export const viewStates = pgTable(
  'view_states',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['multilist', 'list', 'item'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    modified: modified(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.targetId] })],
);

/**
 * A reader's "helpful" on a note or reply of someone else's: one per reader and note. Only the
 * count (items.votes) is shown to others; who marked it is the marker's own.
 */
export const noteVotes = pgTable(
  'note_votes',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('note_votes_user_idx').on(t.userId)],
);

/** Boards whose password a session has entered (member password form). */
export const boardUnlocks = pgTable(
  'board_unlocks',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    multilistId: uuid('multilist_id')
      .notNull()
      .references(() => multilists.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.multilistId] })],
);

/**
 * Alerts kept for one mail a day (services/notes/digest.ts), for those whose profile gathers them
 * (`fields.alertDigest`): the alert's subject line and the note, reply or annotation it is about.
 * The mail is written when it goes, from the item as it is then and only if they may still see it;
 * an item deleted, or an account removed, takes its rows with it.
 */
export const alertDigests = pgTable(
  'alert_digests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    created: created(),
  },
  (t) => [index('alert_digests_user_idx').on(t.userId, t.created)],
);
