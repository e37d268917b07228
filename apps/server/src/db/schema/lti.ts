/**
 * LTI 1.3: the platforms (learning management systems) Listboard is registered with, the tool's
 * own signing keys, the login states waiting for their launch, and what a launch maps: a
 * platform user to an account, a course (context) to a reader group, a resource link to a board.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  jsonb,
  timestamp,
  index,
  uniqueIndex,
  primaryKey,
  foreignKey,
  real,
} from 'drizzle-orm/pg-core';
import { created } from './columns';
import { users } from './accounts';
import { multilists } from './boards';
import { groups } from './groups';

export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentIds: text('deployment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authLoginUrl: text('auth_login_url').notNull(),
    authTokenUrl: text('auth_token_url').notNull(),
    keysetUrl: text('keyset_url').notNull(),
    /**
     * The origins of the platform's pages that may show Listboard in a frame: learned from the
     * Origin of each verified launch (a platform's pages may live at another host than its
     * issuer, as Canvas's do).
     */
    frameOrigins: text('frame_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'file': from the LTI_PLATFORMS file, written again at every start-up. */
    source: text('source', { enum: ['admin', 'file'] })
      .notNull()
      .default('admin'),
    created: created(),
  },
  (t) => [uniqueIndex('lti_platforms_issuer_client_key').on(t.issuer, t.clientId)],
);

/** The tool's RSA key pairs; the newest unretired one signs, retired ones stay published a while. */
export const ltiKeys = pgTable('lti_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  created: created(),
  retired: timestamp('retired', { withTimezone: true, mode: 'date' }),
});

/**
 * Short-lived, single-use tokens, stored hashed: a login's state (with the nonce the launch's
 * id_token must carry), the hand-off that opens a launched board in a new window, and a
 * deep-linking request waiting for the instructor's choice (its settings as JSON in `target`).
 */
export const ltiStates = pgTable(
  'lti_states',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['login', 'handoff', 'deeplink'] }).notNull(),
    platformId: uuid('platform_id').references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    nonce: text('nonce'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    target: text('target'),
    /**
     * A hand-off's browser: a hash of the address and user agent the launch came from. Its link
     * opens the board in that browser only, not in one it was passed to.
     */
    client: text('client'),
    expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('lti_states_expires_idx').on(t.expires)],
);

/** One Listboard account per (platform, sub). */
export const ltiUsers = pgTable(
  'lti_users',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    sub: text('sub').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.sub] }), index('lti_users_user_idx').on(t.userId)],
);

/** A course (LTI context) and its reader group. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    title: text('title').notNull().default(''),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** The course's roster (NRPS context_memberships_url), as the latest launch named it. */
    membershipsUrl: text('memberships_url'),
    /** The course's line items (AGS lineitems), as the latest launch named it. */
    lineItemsUrl: text('line_items_url'),
    /** When the roster was last read into the group. */
    rosterSynced: timestamp('roster_synced', { withTimezone: true, mode: 'date' }),
    created: created(),
  },
  (t) => [uniqueIndex('lti_contexts_platform_context_key').on(t.platformId, t.contextId)],
);

/** A resource link placed in a course, and the board it opens. */
export const ltiLinks = pgTable(
  'lti_links',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    resourceLinkId: text('resource_link_id').notNull(),
    contextRowId: uuid('context_row_id').references(() => ltiContexts.id, {
      onDelete: 'cascade',
    }),
    multilistId: uuid('multilist_id')
      .notNull()
      .references(() => multilists.id, { onDelete: 'cascade' }),
    /** The link's line item in the platform's gradebook (AGS), once made. */
    lineItemUrl: text('line_item_url'),
    /**
     * The due date the line item was last given (its endDateTime, ISO 8601), '' when it was
     * given none; null while the tool has never set it.
     */
    lineItemDue: text('line_item_due'),
    /** The link's title in the course, as its latest launch named it. */
    title: text('title').notNull().default(''),
    /** The section (a list's #anchor) the link opens at; null: the board from its start. */
    section: text('section'),
    /** The grade services the platform granted at the link's latest graded launch. */
    gradeScopes: text('grade_scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The participation weights the link's custom parameters gave at its latest launch. */
    platformWeights: jsonb('platform_weights').$type<Partial<LinkWeights>>(),
    /** Weights an instructor set on the grades page; they win over the platform's. */
    weights: jsonb('weights').$type<LinkWeights>(),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.resourceLinkId] }),
    index('lti_links_context_idx').on(t.contextRowId),
  ],
);

export interface LinkWeights {
  note: number;
  reply: number;
  word: number;
  /** The percent of its points late work earns; weights kept before it was asked have none. */
  late?: number;
  /** Points per Helpful mark a learner's notes and replies drew; none kept before it was asked. */
  helpful?: number;
}

/**
 * A learner's grade on a placed link: the score an instructor set in place of the one counted
 * from participation (null: counted), and the score last sent to the platform's gradebook.
 */
export const ltiGrades = pgTable(
  'lti_grades',
  {
    platformId: uuid('platform_id').notNull(),
    resourceLinkId: text('resource_link_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    override: real('override'),
    comment: text('comment').notNull().default(''),
    /** Who set the override (a user name). */
    setBy: text('set_by'),
    sentScore: real('sent_score'),
    sent: timestamp('sent', { withTimezone: true, mode: 'date' }),
    updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.resourceLinkId, t.userId] }),
    foreignKey({
      columns: [t.platformId, t.resourceLinkId],
      foreignColumns: [ltiLinks.platformId, ltiLinks.resourceLinkId],
      name: 'lti_grades_link_fk',
    }).onDelete('cascade'),
  ],
);
