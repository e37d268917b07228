/**
 * Accounts: users, their sessions, e-mail and password tokens, and sign-in and mail throttles.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  boolean,
  integer,
  jsonb,
  timestamp,
  index,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { created, modified } from './columns';

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
    /**
     * signin: a user name at one client address; signinName: the name from every address;
     * alert: the note and reply alerts mailed to one user; remind: Insight's reminders to one
     * group on one board.
     */
    scope: text('scope', {
      enum: ['signin', 'signinName', 'forgot', 'resend', 'notify', 'mailItem', 'alert', 'remind'],
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
