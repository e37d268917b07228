/**
 * One's own account (spec section 7 "Auth and user"): the profile and its fields, tour progress,
 * deleting the account; and what anyone signed in may see of another user.
 */
import { z } from 'zod';
import { accountMsg } from '../../account-messages';
import { DATE_FORMAT } from '../../constants';
import { defineContract } from '../contract';
import { publicUser, signedIn } from './auth';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `must be a date as ${DATE_FORMAT}`);

/** What the edit profile form may change; tour progress has its own call. */
export const profileFieldsSchema = z
  .object({
    fullname: z.string().max(200),
    firstname: z.string().max(100),
    lastname: z.string().max(100),
    title: z.string().max(200),
    phone: z.string().max(50),
    bio: z.string().max(5000),
    photoFilename: z.string().max(255),
    textAlerts: z.boolean(),
    emailAlerts: z.boolean(),
    /** E-mail alerts gathered into one mail a day instead of a mail each. */
    alertDigest: z.boolean(),
    /** Also an e-mail alert of each note a member of one's reader groups writes to the group. */
    groupAlerts: z.boolean(),
    launchDate: isoDate,
  })
  .partial()
  .strict();
/** The profile fields a user changes with edit profile (only those sent change). */
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** A tour category: a plain name, since it becomes a key of the stored flags. */
export const tourCategSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, accountMsg.badTourCateg);

/** The part of another user anyone signed in may see; the address only for self and admin. */
export const basicUser = z.object({
  _id: z.string(),
  username: z.string(),
  fullname: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  circle: z.string().nullable(),
  fields: z.object({
    fullname: z.string().optional(),
    firstname: z.string().optional(),
    lastname: z.string().optional(),
    title: z.string().optional(),
    bio: z.string().optional(),
    photoFilename: z.string().optional(),
  }),
});
export type BasicUser = z.infer<typeof basicUser>;

export const getUserBasic = defineContract({
  path: '/api/auth/get_user_basic',
  method: 'GET',
  tags: ['auth'],
  summary:
    'A user’s public profile by name, for anyone with a session; the address only for ' +
    'the user and the admin',
  input: z.object({ username: z.string().max(200) }),
  output: basicUser,
  errors: [401, 404],
});

export const deregisterUser = defineContract({
  path: '/api/forms/deregister_user',
  tags: ['auth'],
  summary:
    'Delete the signed-in account (typed email and password must be its own) and its ' +
    'boards; the browser is signed in as guest again',
  input: z.object({
    username: z.string().max(200).optional(),
    email: z.string().max(320),
    password: z.string().max(1000),
  }),
  /** What the browser is signed in as now: the guest. */
  output: z.object({ message: z.string(), user: publicUser }),
  errors: [400, 401, 403, 409, 429, 500],
});

export const editProfile = defineContract({
  path: '/api/forms/edit_profile',
  tags: ['auth'],
  summary:
    'Change profile fields (only those sent). Text or email alerts must stay on; a photo ' +
    'that is not an image is skipped with a message; spaces in its name become hyphens.',
  input: z.object({ profile: profileFieldsSchema }),
  output: z.object({
    user: publicUser,
    /** The fields that changed, and what was skipped and why. */
    changed: z.array(z.string()),
    messages: z.array(z.string()),
  }),
  errors: [400, 401],
});

export const isRegisteredUsername = defineContract({
  path: '/api/display/is_registered_username',
  tags: ['auth'],
  summary: 'Whether a user name belongs to an account',
  input: z.object({ username: z.string().max(200) }),
  output: z.object({ registered: z.boolean() }),
  errors: [],
});

export const updateTourCateg = defineContract({
  path: '/api/display/update_user_fields_tourCateg',
  tags: ['auth'],
  summary:
    'Record a tour category as toured (true: completed or exited) or not (false: runs again)',
  input: z.object({ tourCateg: tourCategSchema, value: z.boolean() }),
  output: signedIn,
  errors: [400, 401],
});
