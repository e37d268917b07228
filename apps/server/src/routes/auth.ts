import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { GUEST_USER, ROOT_BOARD, ADMIN_USER, loginMsg } from '@listboard/core';
import * as auth from '@listboard/core/api/contracts/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { signIn } from '../services/accounts/signin';
import { findUserByUsername, groupNamesOf, toPublicUser } from '../services/accounts/users';
import { bodySchema, querySchema } from './contract-route';

export const authRoutes: FastifyPluginCallbackZod<{
  db: Db;
  config: Config;
  /** The clock sign-in failures are counted against; tests move it. */
  now?: () => Date;
}> = (app, { db, config, now = () => new Date() }, done) => {
  const present = async (u: NonNullable<Parameters<typeof toPublicUser>[0]>) =>
    toPublicUser(u, await groupNamesOf(db, u.id));

  app.get(auth.session.path, { schema: querySchema(auth.session) }, async (req) => ({
    user: req.user ? await present(req.user) : null,
    rootBoard: ROOT_BOARD,
    adminUser: ADMIN_USER,
    appVersion: config.APP_VERSION,
    signupMode: config.SIGNUP_MODE,
    emailVerification: config.EMAIL_VERIFICATION === 'on',
    resetToGuest: config.RESET_SESSION === 'on',
  }));

  app.post(auth.guest.path, { schema: bodySchema(auth.guest) }, async (req, reply) => {
    const guest = await findUserByUsername(db, GUEST_USER);
    if (!guest) return reply.code(500).send({ error: loginMsg.guestLoginFailed });
    await app.startSession(reply, guest, req);
    return { user: await present(guest) };
  });

  app.post(
    auth.signin.path,
    {
      config: { rateLimit: { max: config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: bodySchema(auth.signin),
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

  app.post(auth.signout.path, { schema: bodySchema(auth.signout) }, async (req, reply) => {
    await req.transact((tx) => app.endSession(req, reply, tx));
    return { ok: true as const };
  });
  done();
};
