/**
 * The account calls of spec section 7 "Auth and user" under /api/auth, and the two account forms
 * under /api/forms (deregister, edit profile). Each parses, calls a service and answers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  GUEST_USER,
  deregisterMsg,
  isSiteAdmin,
  must,
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
import { editProfile, getUserBasic } from '../services/accounts/profile';
import {
  findUserByUsername,
  groupNamesOf,
  toPublicUser,
  type UserRow,
} from '../services/accounts/users';
import * as accounts from '@listboard/core/api/contracts/accounts';
import * as auth from '@listboard/core/api/contracts/auth';
import { bodySchema, querySchema } from './contract-route';

const PUBLIC_FIELDS = ['fullname', 'firstname', 'lastname', 'title', 'bio', 'photoFilename'];

function toBasicUser(u: UserRow, emailVisible: boolean): accounts.BasicUser {
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

export const accountRoutes: FastifyPluginCallbackZod<{
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The clock tokens and lockouts are measured by; tests move it. */
  now?: () => Date;
}> = (app, { db, config, mailer, now = () => new Date() }, done) => {
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
  ): Promise<z.infer<typeof auth.accountCreated>> {
    let user;
    if (signIn && !made.verificationSent) {
      await app.startSession(reply, made.user, req);
      user = await present(made.user);
    }
    try {
      await notifyAdminOfNewUser(
        db,
        {
          email: must(made.user.email, "the new account's address"),
          status: made.verificationSent ? 'pending' : 'active',
        },
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
    auth.register.path,
    {
      config: perAddress,
      schema: bodySchema(auth.register),
    },
    async (req, reply) => {
      const made = await registerUser(db, req.actor, req.body, env, req.transact);
      return afterCreate(req, reply, made, true);
    },
  );

  app.post(
    auth.createUser.path,
    {
      config: perAddress,
      schema: bodySchema(auth.createUser),
    },
    async (req, reply) => {
      const made = await createUser(req.actor, req.body, env, req.transact);
      // The admin stays signed in as the admin; a prescreened newcomer gets the new account.
      return afterCreate(req, reply, made, !isSiteAdmin(req.actor));
    },
  );

  app.post(
    auth.checkInvitee.path,
    {
      config: perAddress,
      schema: bodySchema(auth.checkInvitee),
    },
    (req) => ({
      invited:
        config.SIGNUP_MODE === 'default' ||
        (config.SIGNUP_MODE === 'invitees' && isInvited(req.body.email, config.SIGNUP_INVITEES)),
    }),
  );

  app.post(
    auth.notifyAdminOfNewUser.path,
    {
      config: perAddress,
      schema: bodySchema(auth.notifyAdminOfNewUser),
    },
    async (req) => ({
      ok: true as const,
      sent: await req.transact((tx) => notifyAdminOfNewUser(tx, req.body, env)),
    }),
  );

  app.get(
    auth.verifyEmail.path,
    {
      config: perAddress,
      schema: querySchema(auth.verifyEmail),
    },
    async (req, reply) => {
      const result = await verifyEmail(db, req.query.token, now());
      if (result.status === 'success')
        return {
          status: 'success' as const,
          message: result.message,
          username: must(result.username, 'the verified account'),
        };
      return reply.code(400).send({ ...result, error: result.error ?? result.message });
    },
  );

  app.post(
    auth.resendVerification.path,
    {
      config: perAddress,
      schema: bodySchema(auth.resendVerification),
    },
    async (req) => {
      await resendVerification(db, req.body.email, env, req.transact);
      return { ok: true as const };
    },
  );

  app.post(
    auth.forgot.path,
    {
      config: perAddress,
      schema: bodySchema(auth.forgot),
    },
    async (req) => {
      await requestPasswordReset(db, req.body.email, env, req.transact);
      return { ok: true as const, message: passwordResetMsg.resetEmailSent };
    },
  );

  app.get(
    auth.validateResetToken.path,
    {
      config: perAddress,
      schema: querySchema(auth.validateResetToken),
    },
    async (req) => ({
      valid: true as const,
      ...(await validateResetToken(db, req.query.token, now())),
    }),
  );

  app.post(
    auth.resetPassword.path,
    {
      config: perAddress,
      schema: bodySchema(auth.resetPassword),
    },
    async (req, reply) => {
      const user = await resetPassword(db, req.body, now, req.transact);
      await app.startSession(reply, user, req);
      return true as const;
    },
  );

  app.get(
    accounts.getUserBasic.path,
    { schema: querySchema(accounts.getUserBasic) },
    async (req) => {
      const user = await getUserBasic(db, req.actor, req.query.username);
      return toBasicUser(user, user.emailVisible);
    },
  );

  app.post(
    accounts.deregisterUser.path,
    {
      config: perAddress,
      schema: bodySchema(accounts.deregisterUser),
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

  app.post(accounts.editProfile.path, { schema: bodySchema(accounts.editProfile) }, async (req) => {
    const result = await req.transact((tx) => editProfile(tx, req.actor, req.body.profile, now()));
    return { ...result, user: await present(result.user) };
  });
  done();
};
