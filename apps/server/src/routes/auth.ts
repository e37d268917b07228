import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GUEST_USER, ROOT_BOARD, ADMIN_USER, loginMsg } from '@listboard/core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { signIn } from '../services/accounts/signin';
import { findUserByUsername, groupNamesOf, toPublicUser } from '../services/accounts/users';

export const publicUser = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  fullname: z.string(),
  circle: z.string().nullable(),
  groups: z.array(z.string()),
  nodashboard: z.boolean(),
  emailVerified: z.boolean(),
  fields: z.record(z.string(), z.unknown()),
});
const errorBody = z.object({ error: z.string() });

export const authRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  /** The clock sign-in failures are counted against; tests move it. */
  now?: () => Date;
}> = async (app, { db, config, now = () => new Date() }) => {
  const present = async (u: NonNullable<Parameters<typeof toPublicUser>[0]>) =>
    toPublicUser(u, await groupNamesOf(db, u.id));

  app.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null, with the site facts the client starts from',
        response: {
          200: z.object({
            user: publicUser.nullable(),
            rootBoard: z.string(),
            adminUser: z.string(),
            appVersion: z.enum(['PRODUCTION', 'DEVELOPMENT']),
            signupMode: z.enum(['invitees', 'prescreened', 'disabled', 'default']),
            emailVerification: z.boolean(),
            resetToGuest: z.boolean(),
          }),
        },
      },
    },
    async (req) => ({
      user: req.user ? await present(req.user) : null,
      rootBoard: ROOT_BOARD,
      adminUser: ADMIN_USER,
      appVersion: config.APP_VERSION,
      signupMode: config.SIGNUP_MODE,
      emailVerification: config.EMAIL_VERIFICATION === 'on',
      resetToGuest: config.RESET_SESSION === 'on',
    }),
  );

  app.post(
    '/api/auth/guest',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign the visitor in as the default guest user',
        response: { 200: z.object({ user: publicUser }), 500: errorBody },
      },
    },
    async (req, reply) => {
      const guest = await findUserByUsername(db, GUEST_USER);
      if (!guest) return reply.code(500).send({ error: loginMsg.guestLoginFailed });
      await app.startSession(reply, guest, req);
      return { user: await present(guest) };
    },
  );

  app.post(
    '/api/auth/signin',
    {
      config: { rateLimit: { max: config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with a user name and password; sets the session cookie. 429 once a name has ' +
          'failed SIGNIN_LOCKOUT_FAILURES times from this address, or ' +
          'SIGNIN_LOCKOUT_NAME_CEILING times from all addresses, in SIGNIN_LOCKOUT_MINUTES; 403 ' +
          'while a new account waits for its address to be verified',
        body: z.object({ username: z.string().max(200), password: z.string().max(1000) }),
        response: {
          200: z.object({ user: publicUser }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
    },
    async (req, reply) => {
      const { username, password } = req.body;
      if (!username.trim() || !password)
        return reply.code(400).send({ error: loginMsg.credentialsMissing });
      const user = await signIn(
        db,
        // The address is the one TRUST_PROXY lets the app believe.
        { username: username.trim(), password, address: req.ip },
        {
          failures: config.SIGNIN_LOCKOUT_FAILURES,
          nameCeiling: config.SIGNIN_LOCKOUT_NAME_CEILING,
          minutes: config.SIGNIN_LOCKOUT_MINUTES,
          now,
        },
      );
      // The failure counters above are kept whatever happens; the session is the call's change.
      await req.transact((tx) => app.startSession(reply, user, req, tx));
      return { user: await present(user) };
    },
  );

  app.post(
    '/api/auth/signout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req, reply) => {
      await req.transact((tx) => app.endSession(req, reply, tx));
      return { ok: true as const };
    },
  );
};
