/**
 * Making and removing accounts: signup (register), add user (create_user) and deregister.
 * Who may sign up follows SIGNUP_MODE:
 *
 * | mode        | register (visitor)        | create_user, visitor  | create_user, site admin |
 * | ----------- | ------------------------- | --------------------- | ----------------------- |
 * | default     | yes                       | no                    | yes                     |
 * | invitees    | invited addresses only    | no                    | yes                     |
 * | prescreened | no (add user form)        | yes, no role choice   | yes                     |
 * | disabled    | no                        | no                    | yes                     |
 */
import { sql } from 'drizzle-orm';
import type { NewAccountProfile } from '@listboard/core/api/routes';
import {
  ADMIN_USER,
  DEFAULT_LAUNCH_DATE,
  GUEST_USER,
  deregisterMsg,
  fieldMsg,
  isBlank,
  isGuestUser,
  isSiteAdmin,
  signupFieldProblems,
  signupMsg,
  usernameSchema,
  validateDeregister,
  validateEmail,
  validatePassword,
  validateRole,
  type Role,
  type SignupMode,
  shownName,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { items, multilists, users } from '../../db/schema';
import { HttpError, badRequest, forbidden, unauthorized } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { verificationMail } from '../../mail/account-mail';
import type { Mail, Mailer } from '../../mail/mailer';
import { accountMsg } from './messages';
import { badFields, emailInUseError, usernameTakenError } from './signup-refusals';
import type { Transact } from '../admin/audit';
import { issueToken } from './auth-tokens';
import { confirmPassword, type LockoutSettings } from './signin';
import { findUserById, type Actor, type UserRow } from './users';
import { removeAccount } from './remove';

export interface AccountEnv {
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  signupMode: SignupMode;
  /** New accounts confirm their address before they may sign in. */
  emailVerification: boolean;
  /** SIGNUP_INVITEES: addresses and @domains allowed to register in invitees mode. */
  invitees: string;
}

/** Names a user cannot take: the start path gives them other meanings, or the app uses them. */
export const RESERVED_NAMES = [
  'privacy',
  'terms',
  'terms-of-use',
  'api',
  'assets',
  'files',
  'docs',
  'lti',
];

export function isInvited(email: string, invitees: string): boolean {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@'));
  return invitees
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => entry === address || (entry.startsWith('@') && entry === domain));
}

function isPerson(actor: Actor | null): actor is Actor {
  return actor !== null && !isGuestUser(actor);
}

function registerRefusal(env: AccountEnv, email: string): HttpError | null {
  switch (env.signupMode) {
    case 'disabled':
      return forbidden(accountMsg.signupDisabled);
    case 'prescreened':
      return forbidden(accountMsg.signupByAddUserForm);
    case 'invitees':
      return isInvited(email, env.invitees) ? null : forbidden(accountMsg.notInvited);
    default:
      return null;
  }
}

function createUserRefusal(env: AccountEnv, actor: Actor | null): HttpError | null {
  if (isSiteAdmin(actor)) return null;
  if (env.signupMode === 'prescreened') return null;
  if (env.signupMode === 'disabled') return forbidden(accountMsg.signupDisabled);
  return forbidden(accountMsg.addUserByAdminOnly);
}

/** The profile every new account starts from (spec section 3 User.fields), of a shown name. */
function defaultFields(fullname: string): Record<string, unknown> {
  const [firstname = '', ...rest] = fullname.split(' ');
  return {
    fullname,
    firstname,
    lastname: rest.join(' '),
    title: '',
    phone: '',
    bio: '',
    photoFilename: '',
    textAlerts: false,
    emailAlerts: true,
    touredBoardCategs: [],
    launchDate: DEFAULT_LAUNCH_DATE,
  };
}

/**
 * Taken means held by an account, or left as owner or author on content by an account since
 * removed: a newcomer must not inherit someone else's boards and notes by taking the name.
 */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const res = await db.execute(sql`
    select (
      exists (select 1 from ${users} where lower(${users.username}) = lower(${username}))
      or exists (select 1 from ${multilists} where ${multilists.owner} = ${username})
      or exists (select 1 from ${items} where ${items.author} = ${username})
    ) as taken`);
  return (res as { rows: { taken: boolean }[] }).rows[0]?.taken === true;
}

async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row !== undefined && row.id !== exceptUserId;
}

/** The constraint a unique violation broke, through driver and ORM wrappers; null for others. */
export function uniqueViolation(e: unknown): string | null {
  for (let x = e as { code?: string; constraint?: string; cause?: unknown } | undefined; x;) {
    if (x.code === '23505') return x.constraint ?? '';
    x = x.cause as typeof x;
  }
  return null;
}

export async function assertEmailFree(db: Db, email: string, exceptUserId?: string) {
  if (await emailTaken(db, email, exceptUserId)) throw emailInUseError();
}

interface NewAccount {
  username: string;
  email: string;
  password: string;
  roles: Role[];
  fullname: string;
  fields: Record<string, unknown>;
}

async function insertAccount(
  tx: Db,
  a: NewAccount & { passwordHash: string; verified: boolean; now: Date },
): Promise<UserRow> {
  if (RESERVED_NAMES.includes(a.username.toLowerCase())) {
    throw badFields(409, signupMsg.unableToCreateUser(a.username, accountMsg.usernameReserved), {
      username: accountMsg.usernameReservedField,
    });
  }
  if (await usernameTaken(tx, a.username)) throw usernameTakenError(a.username);
  await assertEmailFree(tx, a.email);
  try {
    const [row] = await tx
      .insert(users)
      .values({
        username: a.username,
        email: a.email,
        emailVerified: a.verified,
        mustVerifyEmail: !a.verified,
        passwordHash: a.passwordHash,
        roles: a.roles,
        fullname: a.fullname,
        fields: a.fields,
        created: a.now,
        modified: a.now,
      })
      .returning();
    if (!row) throw new HttpError(500, signupMsg.unableToCreateUserObject);
    return row;
  } catch (e) {
    // Two signups racing for one name or address: the index decides, the loser hears why.
    const constraint = uniqueViolation(e);
    if (constraint === null) throw e;
    if (constraint.includes('email')) throw emailInUseError();
    throw usernameTakenError(a.username);
  }
}

/** Sends a mail that the surrounding transaction depends on: failing undoes the transaction. */
export async function sendOrFail(mailer: Mailer, mail: Mail, failure: string): Promise<void> {
  try {
    await mailer.send(mail);
  } catch {
    throw new HttpError(502, failure);
  }
}

export interface CreatedAccount {
  user: UserRow;
  /** A verification link went out; the account may sign in once it is opened. */
  verificationSent: boolean;
}

/**
 * Writes the account and, when verification is on, its token and the mail carrying it, all in
 * one transaction (the call's, with its audit row): a mail that cannot be sent leaves no account
 * behind to block a second try.
 */
async function createAccount(
  env: AccountEnv,
  a: NewAccount,
  transact: Transact,
): Promise<CreatedAccount> {
  const passwordHash = await hashPassword(a.password);
  const now = env.now();
  return transact(async (tx, note) => {
    const user = await insertAccount(tx, {
      ...a,
      passwordHash,
      verified: !env.emailVerification,
      now,
    });
    note.actor = user;
    if (!env.emailVerification) return { user, verificationSent: false };
    const token = await issueToken(tx, user.id, 'verify', now);
    await sendOrFail(
      env.mailer,
      verificationMail({ to: a.email, username: a.username, publicUrl: env.publicUrl, token }),
      signupMsg.registrationError,
    );
    return { user, verificationSent: true };
  });
}

export interface RegisterInput {
  username: string;
  password: string;
  email: string;
  /** Optional; the user name stands in for it where a name is shown. */
  fullname?: string;
}

/** POST /api/auth/register: the signup form. */
export async function registerUser(
  db: Db,
  actor: Actor | null,
  input: RegisterInput,
  env: AccountEnv,
  transact: Transact,
): Promise<CreatedAccount> {
  const username = input.username.trim();
  const email = input.email.trim();
  if (isPerson(actor)) {
    const current = await findUserById(db, actor.id);
    if (current?.email && current.email.toLowerCase() === email.toLowerCase()) {
      throw badRequest(signupMsg.alreadyRegistered(current.username));
    }
  }
  const refusal = registerRefusal(env, email);
  if (refusal) throw refusal;
  const problems = signupFieldProblems({ username, email, password: input.password });
  if (Object.keys(problems).length > 0) throw badFields(400, signupMsg.badSignupFields, problems);
  const fullname = shownName(input.fullname ?? '');
  return createAccount(
    env,
    {
      username,
      email,
      password: input.password,
      roles: ['reader'],
      fullname,
      fields: defaultFields(fullname),
    },
    transact,
  );
}

export interface CreateUserInput {
  username: string;
  password: string;
  email: string;
  profile?: NewAccountProfile;
}

/** POST /api/auth/create_user: the add user form (site admin, or anyone when prescreened). */
export async function createUser(
  actor: Actor | null,
  input: CreateUserInput,
  env: AccountEnv,
  transact: Transact,
): Promise<CreatedAccount> {
  const refusal = createUserRefusal(env, actor);
  if (refusal) throw refusal;
  const admin = isSiteAdmin(actor);
  const profile = input.profile ?? {};
  const username = input.username.trim();
  const email = input.email.trim();
  // The first problem is the message, as before; every field's problem goes with it.
  const problems = signupFieldProblems({ username, email, password: input.password });
  const refuse = (message: string) => badFields(400, message, problems);
  if (isBlank(username)) throw refuse(fieldMsg.requiredField('username'));
  if (isBlank(email)) throw refuse(fieldMsg.requiredField('email'));
  if (isBlank(input.password)) throw refuse(fieldMsg.requiredField('password'));
  if (!usernameSchema.safeParse(username).success) throw refuse(signupMsg.badSignupFields);
  const emailProblem = validateEmail(email);
  if (emailProblem) throw refuse(emailProblem);
  const passwordProblem = validatePassword(input.password);
  if (passwordProblem) throw refuse(passwordProblem);
  let roles: Role[] = ['reader'];
  if (admin) {
    const role = (profile.role ?? '').trim();
    const roleProblem = validateRole(role);
    if (roleProblem) throw badRequest(roleProblem);
    roles = [role as Role];
  } else if (!isBlank(profile.role)) {
    throw forbidden(accountMsg.roleByAdminOnly);
  }
  const fullname = shownName(profile.fullname ?? '');
  const fields = defaultFields(fullname);
  for (const key of ['firstname', 'lastname', 'title', 'phone', 'bio'] as const) {
    const value = profile[key];
    if (value !== undefined) fields[key] = value.trim();
  }
  return createAccount(
    env,
    { username, email, password: input.password, roles, fullname, fields },
    transact,
  );
}

export async function isRegisteredUsername(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .limit(1);
  return row !== undefined;
}

export interface DeregisterInput {
  username?: string;
  email: string;
  password: string;
}

/**
 * POST /api/forms/deregister_user. The typed address must be the signed-in user's and the
 * password must be right, so a session left open on a shared machine cannot delete the account.
 * The user's own boards go with the account; notes left on other people's boards stay with
 * those boards, and their name stays taken (see usernameTaken).
 */
export async function deregisterUser(
  db: Db,
  actor: Actor | null,
  input: DeregisterInput,
  /** The client's address: wrong passwords count against the user's name there only. */
  address: string,
  lockout: LockoutSettings,
  /** The transaction the account goes in (the call's, with its audit row). */
  transact: Transact,
): Promise<void> {
  if (!isPerson(actor)) throw unauthorized(deregisterMsg.mustBeLoggedInToDeregister);
  const user = await findUserById(db, actor.id);
  if (!user) throw unauthorized(deregisterMsg.mustBeLoggedInToDeregister);
  const named = input.username?.trim();
  if (named && named.toLowerCase() !== user.username.toLowerCase()) {
    throw forbidden(deregisterMsg.mustBeLoggedInToDeregister);
  }
  const problem = validateDeregister({ email: input.email }, user);
  if (problem) throw forbidden(problem);
  await confirmPassword(db, user, input.password, address, lockout);
  // The admin account owns the site's root, help and legal boards; it is not removable here.
  if (user.username === ADMIN_USER || user.username === GUEST_USER) {
    throw forbidden(deregisterMsg.accountRemovalProblem);
  }
  await transact((tx) => removeAccount(tx, user));
}
