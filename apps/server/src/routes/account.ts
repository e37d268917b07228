/**
 * The account calls of spec section 7 "Auth and user" under /api/auth, and the two account forms
 * under /api/forms (deregister, edit profile). Each parses, calls a service and answers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_VERIFICATION_STATUSES,
  GUEST_USER,
  deregisterMsg,
  isSiteAdmin,
  passwordResetMsg,
  signupMsg,
} from '@listboard/core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import {
  createUser,
  deregisterUser,
  isInvited,
  registerUser,
  type AccountEnv,
  type CreatedAccount,
} from '../services/accounts/accounts';
import { notifyAdminOfNewUser } from '../services/admin/notice';
import { resendVerification, verifyEmail } from '../services/accounts/email-verification';
import {
  requestPasswordReset,
  resetPassword,
  validateResetToken,
} from '../services/accounts/password-reset';
import { editProfile, getUserBasic, profileFieldsSchema } from '../services/accounts/profile';
import { findUserByUsername, groupNamesOf, toPublicUser, type UserRow } from '../services/accounts/users';
import { publicUser } from './auth';

const errorBody = z.object({ error: z.string() });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
const mailErrors = { ...errors, 502: errorBody };

const username = z.string().max(200);
const email = z.string().max(320);
const password = z.string().max(1000);
const token = z.string().max(200);

/** What register and create_user answer. */
const created = z.object({
  ok: z.literal(true),
  username: z.string(),
  /** A verification link was mailed; the account signs in after opening it. */
  verificationSent: z.boolean(),
  message: z.string(),
  /** Set when the new account was signed in at once (verification off, not made by an admin). */
  user: publicUser.optional(),
});

/** The part of another user anyone signed in may see; the address only for self and admin. */
const basicUser = z.object({
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

const PUBLIC_FIELDS = ['fullname', 'firstname', 'lastname', 'title', 'bio', 'photoFilename'];

function toBasicUser(u: UserRow, emailVisible: boolean): z.infer<typeof basicUser> {
  const fields = Object.fromEntries(
    PUBLIC_FIELDS.filter((k) => typeof u.fields[k] === 'string').map((k) => [k, u.fields[k]]),
  );
  return {
    _id: u.id,
    username: u.username,
    fullname: u.fullname,
    email: emailVisible ? u.email : null,
    roles: u.roles,
    circle: u.circle,
    fields,
  };
}

export const accountRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The clock tokens and lockouts are measured by; tests move it. */
  now?: () => Date;
}> = async (app, { db, config, mailer, now = () => new Date() }) => {
  const env: AccountEnv = {
    mailer,
    publicUrl: config.PUBLIC_URL,
    now,
    signupMode: config.SIGNUP_MODE,
    emailVerification: config.EMAIL_VERIFICATION === 'on',
    invitees: config.SIGNUP_INVITEES,
  };
  const lockout = {
    failures: config.SIGNIN_LOCKOUT_FAILURES,
    nameCeiling: config.SIGNIN_LOCKOUT_NAME_CEILING,
    minutes: config.SIGNIN_LOCKOUT_MINUTES,
    now,
  };
  const perAddress = { rateLimit: { max: config.ACCOUNT_RATE_LIMIT, timeWindow: '1 minute' } };
  const present = async (u: UserRow) => toPublicUser(u, await groupNamesOf(db, u.id));

  /** Signs a new account in when it may be used at once, and tells the admins about it. */
  async function afterCreate(
    req: FastifyRequest,
    reply: FastifyReply,
    made: CreatedAccount,
    signIn: boolean,
  ): Promise<z.infer<typeof created>> {
    let user;
    if (signIn && !made.verificationSent) {
      await app.startSession(reply, made.user, req);
      user = await present(made.user);
    }
    try {
      await notifyAdminOfNewUser(
        db,
        { email: made.user.email!, status: made.verificationSent ? 'pending' : 'active' },
        env,
      );
    } catch (err) {
      // The account stands; an admin who misses a notice still sees the user in the users list.
      req.log.warn({ err }, 'new-user notice not sent');
    }
    return {
      ok: true,
      username: made.user.username,
      verificationSent: made.verificationSent,
      message: made.verificationSent
        ? signupMsg.registrationSuccessful
        : `Account ${made.user.username} created.`,
      ...(user ? { user } : {}),
    };
  }

  app.post(
    '/api/auth/register',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Sign up (signup form). Mails a verification link unless EMAIL_VERIFICATION is off, ' +
          'in which case the new account is signed in. Follows SIGNUP_MODE.',
        body: z.object({ username, password, email }),
        response: { 200: created, ...mailErrors },
      },
    },
    async (req, reply) => {
      const made = await registerUser(db, req.actor, req.body, env, req.transact);
      return afterCreate(req, reply, made, true);
    },
  );

  app.post(
    '/api/auth/create_user',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Add user (site admin, who also picks the role; anyone when SIGNUP_MODE is ' +
          'prescreened). Mails a verification link to the new address unless verification is off.',
        body: z.object({
          username,
          password,
          email,
          profile: z
            .object({
              role: z.string().max(50).optional(),
              fullname: z.string().max(200).optional(),
              firstname: z.string().max(100).optional(),
              lastname: z.string().max(100).optional(),
              title: z.string().max(200).optional(),
              phone: z.string().max(50).optional(),
              bio: z.string().max(5000).optional(),
            })
            .strict()
            .optional(),
        }),
        response: { 200: created, ...mailErrors },
      },
    },
    async (req, reply) => {
      const made = await createUser(req.actor, req.body, env, req.transact);
      // The admin stays signed in as the admin; a prescreened newcomer gets the new account.
      return afterCreate(req, reply, made, !isSiteAdmin(req.actor));
    },
  );

  app.post(
    '/api/auth/check_invitee',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Whether an address may sign up (the check invitee form when SIGNUP_MODE is invitees)',
        body: z.object({ email }),
        response: { 200: z.object({ invited: z.boolean() }), 429: errorBody },
      },
    },
    async (req) => ({
      invited:
        config.SIGNUP_MODE === 'default' ||
        (config.SIGNUP_MODE === 'invitees' && isInvited(req.body.email, config.SIGNUP_INVITEES)),
    }),
  );

  app.post(
    '/api/auth/notify_admin_of_new_user',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Tell the site admins about an account made in the last day; once per account and status',
        body: z.object({
          email,
          status: z
            .string()
            .min(1)
            .max(40)
            .regex(/^[A-Za-z0-9 _-]+$/),
        }),
        response: { 200: z.object({ ok: z.literal(true), sent: z.boolean() }), ...mailErrors },
      },
    },
    async (req) => ({
      ok: true as const,
      sent: await req.transact((tx) => notifyAdminOfNewUser(tx, req.body, env)),
    }),
  );

  app.get(
    '/api/auth/verify_email',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Open an e-mail verification link. On an expired link the error is ' +
          "'Verification link expired' and email says where resend_verification should send.",
        querystring: z.object({ token: token.optional() }),
        response: {
          200: z.object({ status: z.literal('success'), message: z.string() }),
          400: z.object({
            status: z.enum(EMAIL_VERIFICATION_STATUSES),
            message: z.string(),
            error: z.string(),
            email: z.string().optional(),
          }),
          429: errorBody,
        },
      },
    },
    async (req, reply) => {
      const result = await verifyEmail(db, req.query.token, now());
      if (result.status === 'success')
        return { status: 'success' as const, message: result.message };
      return reply.code(400).send({ ...result, error: result.error ?? result.message });
    },
  );

  app.post(
    '/api/auth/resend_verification',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Mail a new verification link to an account still waiting for one; ' +
          'answers the same for any address',
        body: z.object({ email }),
        response: { 200: z.object({ ok: z.literal(true) }), ...mailErrors },
      },
    },
    async (req) => {
      await resendVerification(db, req.body.email, env, req.transact);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/forgot',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Mail a password reset link (valid one hour); answers the same for any address, ' +
          'so it cannot tell who is registered',
        body: z.object({ email }),
        response: {
          200: z.object({ ok: z.literal(true), message: z.string() }),
          ...mailErrors,
        },
      },
    },
    async (req) => {
      await requestPasswordReset(db, req.body.email, env, req.transact);
      return { ok: true as const, message: passwordResetMsg.resetEmailSent };
    },
  );

  app.get(
    '/api/auth/validate_reset_token',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link is still good; the reset form opens only if so',
        querystring: z.object({ token: token.optional() }),
        response: {
          200: z.object({ valid: z.literal(true), username: z.string() }),
          400: errorBody,
          429: errorBody,
        },
      },
    },
    async (req) => ({
      valid: true as const,
      ...(await validateResetToken(db, req.query.token, now())),
    }),
  );

  app.post(
    '/api/auth/reset_password',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with a reset link; ends the account’s other sessions and signs ' +
          'this browser in. Answers true.',
        body: z.object({ token, password }),
        response: { 200: z.literal(true), 400: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const user = await resetPassword(db, req.body, now, req.transact);
      await app.startSession(reply, user, req);
      return true as const;
    },
  );

  app.get(
    '/api/auth/get_user_basic',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A user’s public profile by name, for anyone with a session; the address only for ' +
          'the user and the admin',
        querystring: z.object({ username }),
        response: { 200: basicUser, 401: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const user = await getUserBasic(db, req.actor, req.query.username);
      return toBasicUser(user, user.emailVisible);
    },
  );

  app.post(
    '/api/forms/deregister_user',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Delete the signed-in account (typed email and password must be its own) and its ' +
          'boards; the browser is signed in as guest again',
        body: z.object({ username: username.optional(), email, password }),
        response: {
          200: z.object({ message: z.string(), user: publicUser }),
          ...errors,
          500: errorBody,
        },
      },
    },
    async (req, reply) => {
      await deregisterUser(db, req.actor, req.body, req.ip, lockout, req.transact);
      await app.endSession(req, reply);
      const guest = await findUserByUsername(db, GUEST_USER);
      if (!guest) return reply.code(500).send({ error: deregisterMsg.logoutDefaultLoginFailed });
      await app.startSession(reply, guest, req);
      return { message: deregisterMsg.accountDeleted, user: await present(guest) };
    },
  );

  app.post(
    '/api/forms/edit_profile',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Change profile fields (only those sent). Text or email alerts must stay on; a photo ' +
          'that is not an image is skipped with a message; spaces in its name become hyphens.',
        body: z.object({ profile: profileFieldsSchema }),
        response: {
          200: z.object({
            user: publicUser,
            changed: z.array(z.string()),
            messages: z.array(z.string()),
          }),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (req) => {
      const result = await req.transact((tx) =>
        editProfile(tx, req.actor, req.body.profile, now()),
      );
      return { ...result, user: await present(result.user) };
    },
  );
};
