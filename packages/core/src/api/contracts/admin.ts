/** The site admin's tools (accounts, the activity log) and the users board (who is online). */
import { z } from 'zod';
import { ROLES } from '../../model/entities';
import { defineContract } from '../contract';
import { profileFieldsSchema, tourCategSchema } from './accounts';
import { publicUser } from './auth';

/** The refusals of a site call: a bad body, not signed in, not the admin. */
const SITE_CALL_ERRORS = [400, 401, 403] as const;

/** The admin may also set tour progress. */
export const adminFieldsSchema = profileFieldsSchema
  .extend({
    touredBoardCategs: z.array(tourCategSchema).max(100),
    tourCateg: z.record(tourCategSchema, z.boolean()),
  })
  .partial()
  .strict();
export type AdminFields = z.infer<typeof adminFieldsSchema>;

/** One account on the admin's users page. */
export const adminAccount = z.object({
  _id: z.string(),
  username: z.string(),
  fullname: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  roles: z.array(z.enum(ROLES)),
  circle: z.string().nullable(),
  groups: z.array(z.string()),
  /** The profile fields the admin's edit form shows. */
  fields: z.object({
    title: z.string().optional(),
    phone: z.string().optional(),
    bio: z.string().optional(),
  }),
  fixture: z.boolean(),
  created: z.string(),
  /** The last sign-in, live connection or write, whichever is latest; null if never. */
  lastSeen: z.string().nullable(),
  /** Has a live connection now. */
  online: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccount>;

/** The activity page's filter: a user name (whole, any case) and days (YYYY-MM-DD, UTC). */
const activityQuery = z.object({
  user: z.string().max(200).optional(),
  start: z.string().max(20).optional(),
  stop: z.string().max(20).optional(),
  page: z.number().int().min(0).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(200).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuery>;

/** One write in the audit log. */
export const activityRow = z.object({
  id: z.string(),
  at: z.string(),
  username: z.string(),
  /** The call's path, e.g. '/api/forms/insert_item'. */
  call: z.string(),
  board: z.string().nullable(),
  multilistId: z.string().nullable(),
  itemId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type ActivityRow = z.infer<typeof activityRow>;

export const activityPage = z.object({
  rows: z.array(activityRow),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  hasNext: z.boolean(),
});
export type ActivityPage = z.infer<typeof activityPage>;

/** Someone signed in now, on the users board. */
export const onlineUser = z.object({
  username: z.string(),
  fullname: z.string(),
  since: z.string(),
  /** Windows open. */
  connections: z.number(),
});
export type OnlineUser = z.infer<typeof onlineUser>;

export const activity = defineContract({
  path: '/api/admin/activity',
  tags: ['admin'],
  summary:
    'Site admin: the audit log of writes, newest first, 50 to a page; narrowed by user name ' +
    '(whole, any case) and by days (start and stop as YYYY-MM-DD, UTC, both included)',
  input: activityQuery,
  output: activityPage,
  errors: SITE_CALL_ERRORS,
});

export const users = defineContract({
  path: '/api/admin/users',
  tags: ['admin'],
  summary:
    'Site admin: every account with roles, circle, groups, when last seen and whether it is ' +
    'connected now',
  input: z.object({}),
  output: z.array(adminAccount),
  errors: SITE_CALL_ERRORS,
});

export const adminDeregisterUser = defineContract({
  path: '/api/admin/deregister_user',
  tags: ['admin'],
  summary:
    'Site admin: remove another account and its boards (not the admin or guest account, ' +
    'nor your own)',
  input: z.object({ username: z.string().max(200) }),
  output: z.object({ ok: z.literal(true), username: z.string() }),
  errors: [...SITE_CALL_ERRORS, 404],
});

export const usersOnline = defineContract({
  path: '/api/display/users_online',
  tags: ['display'],
  summary: 'The users board: who is signed in now (has a live connection open)',
  input: z.object({}),
  output: z.array(onlineUser),
  errors: SITE_CALL_ERRORS,
});

/** What the admin may change of an account (fields given are merged; roles replace). */
const adminAccountChange = z.object({
  username: z.string().max(200),
  roles: z.array(z.string().max(50)).max(10).optional(),
  fields: adminFieldsSchema.optional(),
  email: z.string().max(320).optional(),
  uploadsFolder: z.string().max(300).nullable().optional(),
});
export type AdminAccountChange = z.input<typeof adminAccountChange>;

export const updateUserByAdmin = defineContract({
  path: '/api/display/user.custom.update.admin',
  tags: ['auth'],
  summary:
    'Site admin only: set an account’s roles, profile fields, email or uploads folder ' +
    '(fields given are merged; roles replace)',
  input: adminAccountChange,
  output: z.object({ user: publicUser.extend({ uploadsFolder: z.string().nullable() }) }),
  errors: [400, 403, 404],
});
