/** The user calls under /api/display of spec section 7 "Auth and user". */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import * as accounts from '@listboard/core/api/contracts/accounts';
import * as admin from '@listboard/core/api/contracts/admin';
import type { Db } from '../db/client';
import { isRegisteredUsername } from '../services/accounts/accounts';
import { adminUpdateUser, updateTourCateg } from '../services/accounts/profile';
import { groupNamesOf, toPublicUser } from '../services/accounts/users';
import { bodySchema } from './contract-route';

export const displayUserRoutes: FastifyPluginCallbackZod<{ db: Db; now?: () => Date }> = (
  app,
  { db, now = () => new Date() },
  done,
) => {
  app.post(
    accounts.isRegisteredUsername.path,
    { schema: bodySchema(accounts.isRegisteredUsername) },
    async (req) => ({ registered: await isRegisteredUsername(db, req.body.username) }),
  );

  app.post(
    accounts.updateTourCateg.path,
    { schema: bodySchema(accounts.updateTourCateg) },
    async (req) => {
      const user = await req.transact((tx) => updateTourCateg(tx, req.actor, req.body, now()));
      return { user: toPublicUser(user, await groupNamesOf(db, user.id)) };
    },
  );

  app.post(
    admin.updateUserByAdmin.path,
    { schema: bodySchema(admin.updateUserByAdmin) },
    async (req) => {
      const user = await req.transact((tx) => adminUpdateUser(tx, req.actor, req.body, now()));
      return {
        user: {
          ...toPublicUser(user, await groupNamesOf(db, user.id)),
          uploadsFolder: user.uploadsFolder,
        },
      };
    },
  );
  done();
};
