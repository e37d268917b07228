/**
 * Signing in and out, and the account calls of spec section 7 "Auth and user" under /api/auth:
 * sign up, add user, verification and password reset links.
 */
import { z } from 'zod';
import { APP_VERSIONS, SIGNUP_MODES } from '../../constants';
import { EMAIL_VERIFICATION_STATUSES } from '../../messages';
import { publicUserSchema } from '../../model/entities';
import { defineContract, ok } from '../contract';

const username = z.string().max(200);
const email = z.string().max(320);
const password = z.string().max(1000);
const token = z.string().max(200);

/** A user as the app shows them to themselves (core/model). */
export const publicUser = publicUserSchema;

/** A signed-in user, as sign-in, guest sign-in and the tour record answer. */
export const signedIn = z.object({ user: publicUser });

/** What the app starts from: the signed-in user (or null) and the site's settings. */
export const sessionInfo = z.object({
  user: publicUser.nullable(),
  rootBoard: z.string(),
  adminUser: z.string(),
  appVersion: z.enum(APP_VERSIONS),
  /** SIGNUP_MODE: which form the signup button opens, or that signup is off. */
  signupMode: z.enum(SIGNUP_MODES),
  emailVerification: z.boolean(),
  /** RESET_SESSION: each visit starts as guest, whoever signed in on this browser before. */
  resetToGuest: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/** What register and create_user answer. */
export const accountCreated = z.object({
  ok: z.literal(true),
  username: z.string(),
  /** A verification link was mailed; the account signs in after opening it. */
  verificationSent: z.boolean(),
  message: z.string(),
  /** Set when the new account was signed in at once (verification off, not made by an admin). */
  user: publicUser.optional(),
});
export type AccountCreated = z.infer<typeof accountCreated>;

/** The profile fields add user may fill in. */
export const newAccountProfile = z
  .object({
    role: z.string().max(50).optional(),
    fullname: z.string().max(200).optional(),
    firstname: z.string().max(100).optional(),
    lastname: z.string().max(100).optional(),
    title: z.string().max(200).optional(),
    phone: z.string().max(50).optional(),
    bio: z.string().max(5000).optional(),
  })
  .strict();
export type NewAccountProfile = z.infer<typeof newAccountProfile>;

/** verify_email's refusal: a status word of its own, and where a fresh link should go. */
export const emailVerificationRefusal = z.object({
  status: z.enum(EMAIL_VERIFICATION_STATUSES),
  message: z.string(),
  error: z.string(),
  email: z.string().optional(),
});
export type EmailVerificationRefusal = z.infer<typeof emailVerificationRefusal>;

/** Refusals of the account forms: also a name or address taken, too many tries, mail down. */
const ACCOUNT_ERRORS = [400, 401, 403, 409, 429, 502] as const;

/**
 * A new account refused: the message, and beside it what is wrong with each wrong field (a
 * field its checks refuse, a name taken or reserved, an address in use), for the form to show.
 */
export const newAccountRefusal = z.object({
  error: z.string(),
  fields: z
    .object({
      username: z.string(),
      email: z.string(),
      password: z.string(),
    })
    .partial()
    .optional(),
});
const NEW_ACCOUNT_REFUSALS = {
  400: newAccountRefusal,
  403: newAccountRefusal,
  409: newAccountRefusal,
};

export const session = defineContract({
  path: '/api/auth/session',
  method: 'GET',
  tags: ['auth'],
  summary: 'The signed-in user, or null, with the site facts the client starts from',
  output: sessionInfo,
  errors: [],
});

export const guest = defineContract({
  path: '/api/auth/guest',
  tags: ['auth'],
  summary: 'Sign the visitor in as the default guest user',
  output: signedIn,
  errors: [500],
});

export const signin = defineContract({
  path: '/api/auth/signin',
  tags: ['auth'],
  summary:
    'Sign in with a user name and password; sets the session cookie. 429 once a name has ' +
    'failed SIGNIN_LOCKOUT_FAILURES times from this address, or ' +
    'SIGNIN_LOCKOUT_NAME_CEILING times from all addresses, in SIGNIN_LOCKOUT_MINUTES; 403 ' +
    'while a new account waits for its address to be verified',
  // A field left out is as blank: the spec's 'Username or password missing.', not a schema error.
  input: z.object({
    username: z.string().max(200).default(''),
    password: z.string().max(1000).default(''),
  }),
  output: signedIn,
  errors: [400, 401, 403, 429],
});

export const signout = defineContract({
  path: '/api/auth/signout',
  tags: ['auth'],
  summary: 'End the session',
  output: ok,
  errors: [],
});

export const register = defineContract({
  path: '/api/auth/register',
  tags: ['auth'],
  summary:
    'Sign up (signup form). Mails a verification link unless EMAIL_VERIFICATION is off, ' +
    'in which case the new account is signed in. Follows SIGNUP_MODE. The full name is ' +
    'optional: notes by an account without one are signed with the user name.',
  input: z.object({ username, password, email, fullname: z.string().max(200).optional() }),
  output: accountCreated,
  errors: ACCOUNT_ERRORS,
  refusals: NEW_ACCOUNT_REFUSALS,
});

export const createUser = defineContract({
  path: '/api/auth/create_user',
  tags: ['auth'],
  summary:
    'Add user (site admin, who also picks the role; anyone when SIGNUP_MODE is ' +
    'prescreened). Mails a verification link to the new address unless verification is off.',
  input: z.object({ username, password, email, profile: newAccountProfile.optional() }),
  output: accountCreated,
  errors: ACCOUNT_ERRORS,
  refusals: NEW_ACCOUNT_REFUSALS,
});

export const checkInvitee = defineContract({
  path: '/api/auth/check_invitee',
  tags: ['auth'],
  summary: 'Whether an address may sign up (the check invitee form when SIGNUP_MODE is invitees)',
  input: z.object({ email }),
  output: z.object({ invited: z.boolean() }),
  errors: [429],
});

export const notifyAdminOfNewUser = defineContract({
  path: '/api/auth/notify_admin_of_new_user',
  tags: ['auth'],
  summary:
    'Tell the site admins about an account made in the last day; once per account and status',
  input: z.object({
    email,
    status: z
      .string()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9 _-]+$/),
  }),
  /** Whether a notice went out (false: already told, or no such recent account). */
  output: z.object({ ok: z.literal(true), sent: z.boolean() }),
  errors: ACCOUNT_ERRORS,
});

export const verifyEmail = defineContract({
  path: '/api/auth/verify_email',
  method: 'GET',
  tags: ['auth'],
  summary:
    'Open an e-mail verification link. On an expired link the error is ' +
    "'Verification link expired' and email says where resend_verification should send.",
  input: z.object({ token: token.optional() }),
  // username: the account verified, for the page to offer its sign-in.
  output: z.object({ status: z.literal('success'), message: z.string(), username: z.string() }),
  errors: [400, 429],
  refusals: { 400: emailVerificationRefusal },
});

export const resendVerification = defineContract({
  path: '/api/auth/resend_verification',
  tags: ['auth'],
  summary:
    'Mail a new verification link to an account still waiting for one; ' +
    'answers the same for any address',
  input: z.object({ email }),
  output: ok,
  errors: ACCOUNT_ERRORS,
});

export const forgot = defineContract({
  path: '/api/auth/forgot',
  tags: ['auth'],
  summary:
    'Mail a password reset link (valid one hour); answers the same for any address, ' +
    'so it cannot tell who is registered',
  input: z.object({ email }),
  output: z.object({ ok: z.literal(true), message: z.string() }),
  errors: ACCOUNT_ERRORS,
});

export const validateResetToken = defineContract({
  path: '/api/auth/validate_reset_token',
  method: 'GET',
  tags: ['auth'],
  summary: 'Whether a reset link is still good; the reset form opens only if so',
  input: z.object({ token: token.optional() }),
  output: z.object({ valid: z.literal(true), username: z.string() }),
  errors: [400, 429],
});

export const resetPassword = defineContract({
  path: '/api/auth/reset_password',
  tags: ['auth'],
  summary:
    'Set a new password with a reset link; ends the account’s other sessions and signs ' +
    'this browser in. Answers true.',
  input: z.object({ token, password }),
  output: z.literal(true),
  errors: [400, 429],
});
