/**
 * Profile fields (spec section 3 User.fields): the user's own edits, tour progress, and the
 * admin's changes to any account. Only named fields are ever written into the jsonb bag.
 */
import { eq } from 'drizzle-orm';
import {
  IMAGE_SUFFIXES,
  coauthorMsg,
  isGuestUser,
  isSiteAdmin,
  profilePhotoFilename,
  shownName,
  validateEmail,
  validateEditProfile,
  validateRole,
  type Role,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors';
import { accountMsg } from './messages';
import { assertEmailFree } from './accounts';
import { findUserById, findUserByUsername, type Actor, type UserRow } from './users';
import type { ProfileFields } from '@listboard/core/api/contracts/accounts';
import type { AdminFields } from '@listboard/core/api/contracts/admin';

function signedIn(actor: Actor | null): Actor {
  if (!actor || isGuestUser(actor)) throw unauthorized(accountMsg.notSignedIn);
  return actor;
}

async function current(db: Db, actor: Actor): Promise<UserRow> {
  const user = await findUserById(db, actor.id);
  if (!user) throw unauthorized(accountMsg.notSignedIn);
  return user;
}

function supportedPhoto(name: string): boolean {
  if (/[/\\]/.test(name) || name.startsWith('.')) return false;
  const dot = name.lastIndexOf('.');
  const suffix = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return (IMAGE_SUFFIXES as readonly string[]).includes(suffix);
}

/** A photo name with spaces turned to hyphens, or null when it is not an image we can show. */
function photoName(
  raw: string,
): { name: string; skipped?: undefined } | { name: null; skipped: string } {
  const name = profilePhotoFilename(raw.trim());
  if (name === '') return { name };
  return supportedPhoto(name) ? { name } : { name: null, skipped: accountMsg.photoSkipped(name) };
}

const alertsOn = (fields: Record<string, unknown>) =>
  validateEditProfile({
    textAlerts: fields.textAlerts === true,
    emailAlerts: fields.emailAlerts === true,
  });

export interface ProfileResult {
  user: UserRow;
  /** The fields written. */
  changed: string[];
  /** Notes for the user, such as a skipped photo. */
  messages: string[];
}

/** POST /api/forms/edit_profile: the form sends only the fields the user changed. */
export async function editProfile(
  db: Db,
  actor: Actor | null,
  changes: ProfileFields,
  now: Date,
): Promise<ProfileResult> {
  const user = await current(db, signedIn(actor));
  const messages: string[] = [];
  const next: Record<string, unknown> = { ...changes };
  if (typeof changes.fullname === 'string') next.fullname = shownName(changes.fullname);
  if (changes.photoFilename !== undefined) {
    const photo = photoName(changes.photoFilename);
    if (photo.name === null) delete next.photoFilename;
    else next.photoFilename = photo.name;
    if (photo.skipped) messages.push(photo.skipped);
  }
  const fields = { ...user.fields, ...next };
  const alertProblem = alertsOn(fields);
  if (alertProblem) throw badRequest(alertProblem);
  const [row] = await db
    .update(users)
    .set({
      fields,
      fullname: typeof next.fullname === 'string' ? next.fullname : user.fullname,
      modified: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return { user: row ?? user, changed: Object.keys(next), messages };
}

/**
 * POST /api/display/update_user_fields_tourCateg. true records the category as toured
 * (completed or exited), false as not yet: the tour then runs again for that category.
 */
export async function updateTourCateg(
  db: Db,
  actor: Actor | null,
  input: { tourCateg: string; value: boolean },
  now: Date,
): Promise<UserRow> {
  const user = await current(db, signedIn(actor));
  const toured = new Set(
    Array.isArray(user.fields.touredBoardCategs) ? (user.fields.touredBoardCategs as string[]) : [],
  );
  if (input.value) toured.add(input.tourCateg);
  else toured.delete(input.tourCateg);
  const flags =
    typeof user.fields.tourCateg === 'object' && user.fields.tourCateg !== null
      ? (user.fields.tourCateg as Record<string, boolean>)
      : {};
  const fields = {
    ...user.fields,
    touredBoardCategs: [...toured],
    tourCateg: { ...flags, [input.tourCateg]: input.value },
  };
  const [row] = await db
    .update(users)
    .set({ fields, modified: now })
    .where(eq(users.id, user.id))
    .returning();
  return row ?? user;
}

export interface AdminUpdateInput {
  username: string;
  roles?: string[];
  fields?: AdminFields;
  email?: string;
  uploadsFolder?: string | null;
}

const UPLOADS_FOLDER = /^(?!.*\.\.)[A-Za-z0-9_.\-/]*$/;

/** POST /api/display/user.custom.update.admin: the site admin edits any account. */
export async function adminUpdateUser(
  db: Db,
  actor: Actor | null,
  input: AdminUpdateInput,
  now: Date,
): Promise<UserRow> {
  if (!isSiteAdmin(actor)) throw forbidden(accountMsg.adminOnly);
  const user = await findUserByUsername(db, input.username.trim());
  if (!user) throw notFound(coauthorMsg.notRegisteredUser(input.username.trim()));
  const set: Partial<typeof users.$inferInsert> = { modified: now };
  if (input.roles !== undefined) {
    for (const role of input.roles) {
      const problem = validateRole(role);
      if (problem) throw badRequest(problem);
    }
    set.roles = [...new Set(input.roles)] as Role[];
  }
  if (input.fields !== undefined) {
    const next: Record<string, unknown> = { ...input.fields };
    if (typeof input.fields.fullname === 'string') next.fullname = shownName(input.fields.fullname);
    if (input.fields.photoFilename !== undefined) {
      const photo = photoName(input.fields.photoFilename);
      if (photo.name === null) throw badRequest(photo.skipped);
      next.photoFilename = photo.name;
    }
    set.fields = { ...user.fields, ...next };
    if (typeof next.fullname === 'string') set.fullname = next.fullname;
  }
  if (input.email !== undefined) {
    const email = input.email.trim();
    const problem = validateEmail(email);
    if (problem) throw badRequest(problem);
    await assertEmailFree(db, email, user.id);
    set.email = email;
    // The admin vouches for the address they type, as for an account they add.
    set.emailVerified = true;
  }
  if (input.uploadsFolder !== undefined) {
    const folder = input.uploadsFolder?.trim() ?? '';
    if (!UPLOADS_FOLDER.test(folder)) throw badRequest(accountMsg.badUploadsFolder);
    set.uploadsFolder = folder === '' ? null : folder;
  }
  const [row] = await db.update(users).set(set).where(eq(users.id, user.id)).returning();
  return row ?? user;
}

/** GET /api/auth/get_user_basic: another user's public face; the address only to them or admin. */
export async function getUserBasic(
  db: Db,
  actor: Actor | null,
  username: string,
): Promise<UserRow & { emailVisible: boolean }> {
  if (!actor) throw unauthorized(accountMsg.notSignedIn);
  const user = await findUserByUsername(db, username.trim());
  if (!user) throw notFound(coauthorMsg.notRegisteredUser(username.trim()));
  return { ...user, emailVisible: user.id === actor.id || isSiteAdmin(actor) };
}
