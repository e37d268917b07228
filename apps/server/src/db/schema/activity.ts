/**
 * What happened and who is here: the audit log of writes and open live connections.
 */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, jsonb, timestamp, index, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './accounts';

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

/**
 * The answer each write call gave, by the key its page sent with it (`Idempotency-Key`): a
 * write sent again (the page's retry after a gateway's error, a Submit pressed again after the
 * answer was lost) gets the first answer back instead of being made twice. Kept a day.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    username: text('username').notNull(),
    key: text('key').notNull(),
    call: text('call').notNull(),
    answer: jsonb('answer').$type<unknown>().notNull(),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.key] }),
    index('request_keys_created_idx').on(t.created),
  ],
);
