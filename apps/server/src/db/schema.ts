/**
 * One schema for both drivers (PGlite and PostgreSQL). Entities follow spec section 3.
 * Arrays of names (roles, privileges) are text[]; open-ended per-entity settings the spec lists
 * as bags of fields (profile fields, formats, view states) are jsonb and whitelisted by services.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  boolean,
  integer,
  doublePrecision,
  jsonb,
  timestamp,
  index,
  uniqueIndex,
  primaryKey,
  customType,
  bigint,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const created = () =>
  timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const modified = () =>
  timestamp('modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fullname: text('fullname').notNull().default(''),
    uploadsFolder: text('uploads_folder'),
    circle: text('circle'),
    fixture: boolean('fixture').notNull().default(false),
    nodashboard: boolean('nodashboard').notNull().default(false),
    /** Accounts made through signup may not sign in before their address is verified. */
    mustVerifyEmail: boolean('must_verify_email').notNull().default(false),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    created: created(),
    modified: modified(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value, so a leaked table does not leak live sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: created(),
    expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expires)],
);

/** E-mail verification and password reset tokens: stored hashed, single use, expiring. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset'] }).notNull(),
    expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
    used: timestamp('used', { withTimezone: true, mode: 'date' }),
    created: created(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.kind)],
);

/**
 * Failure and request counters per (scope, hashed key) in a fixed window: sign-in failures per
 * user name, reset and verification mails per address. Kept in the database, not in memory, so
 * every app instance behind a load balancer sees the same counts.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    /** signin: a user name at one client address; signinName: the name from every address. */
    scope: text('scope', {
      enum: ['signin', 'signinName', 'forgot', 'resend', 'notify', 'mailItem'],
    }).notNull(),
    /**
     * sha256 of the lower-cased user name or address (each part of a compound key on its own,
     * joined by '/'), so typed addresses are not kept.
     */
    key: text('key').notNull(),
    count: integer('count').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('auth_throttle_window_idx').on(t.windowStart),
  ],
);

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
    version: integer('version').notNull().default(1),
    created: created(),
    modified: modified(),
  },
  (t) => [
    uniqueIndex('multilists_owner_ptitle_key').on(t.owner, t.ptitle),
    index('multilists_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
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
    isPrivate: boolean('is_private').notNull().default(false),
    groupName: text('group_name'),
    labels: jsonb('labels').$type<{ name: string; value: string }[]>().notNull().default([]),
    format: jsonb('format').$type<Record<string, string | number>>().notNull().default({}),
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(text, ''))`,
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
  },
  (t) => [
    index('blocks_item_order_idx').on(t.itemId, t.index),
    // Serving an upload asks which items show it.
    index('blocks_upload_path_idx').on(t.fullpathnq),
  ],
);

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
  },
  (t) => [
    index('uploads_username_idx').on(t.username),
    uniqueIndex('uploads_fullpath_key').on(t.fullpath),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(false),
    owner: text('owner').notNull(),
    created: created(),
  },
  (t) => [uniqueIndex('groups_name_key').on(t.name)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joined: timestamp('joined', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId),
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
 * One row per successful write call (the admin's activity page): who, which call, which board,
 * when. Names are copied rather than referenced, so the record outlives a deleted board or user.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: uuid('user_id'),
    username: text('username').notNull(),
    /** The API path of the call, e.g. /api/forms/insert_item. */
    call: text('call').notNull(),
    multilistId: uuid('multilist_id'),
    /** The board as owner/ptitle when the call acted on one. */
    board: text('board'),
    itemId: uuid('item_id'),
    /** A few named fields of the request (never passwords or whole texts). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_at_idx').on(sql`lower(${t.username})`, t.at),
  ],
);

/**
 * Open live connections (/api/events) of signed-in users, refreshed with each heartbeat: the
 * users board. Kept in the database so every app instance sees everyone's connections.
 */
export const presence = pgTable(
  'presence',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connected: timestamp('connected', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastBeat: timestamp('last_beat', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('presence_user_idx').on(t.userId), index('presence_beat_idx').on(t.lastBeat)],
);
