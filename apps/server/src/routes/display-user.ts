/** The user calls under /api/display of spec section 7 "Auth and user". */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { isRegisteredUsername } from '../services/accounts/accounts';
import {
  adminFieldsSchema,
  adminUpdateUser,
  tourCategSchema,
  updateTourCateg,
} from '../services/accounts/profile';
import { groupNamesOf, toPublicUser } from '../services/accounts/users';
import { publicUser } from './auth';

const errorBody = z.object({ error: z.string() });

export const displayUserRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.post(
    '/api/display/is_registered_username',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a user name belongs to an account',
        body: z.object({ username: z.string().max(200) }),
        response: { 200: z.object({ registered: z.boolean() }) },
      },
    },
    async (req) => ({ registered: await isRegisteredUsername(db, req.body.username) }),
  );

  app.post(
    '/api/display/update_user_fields_tourCateg',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Record a tour category as toured (true: completed or exited) or not (false: runs again)',
        body: z.object({ tourCateg: tourCategSchema, value: z.boolean() }),
        response: {
          200: z.object({ user: publicUser }),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (req) => {
      const user = await req.transact((tx) => updateTourCateg(tx, req.actor, req.body, now()));
      return { user: toPublicUser(user, await groupNamesOf(db, user.id)) };
    },
  );

  app.post(
    '/api/display/user.custom.update.admin',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Site admin only: set an account’s roles, profile fields, email or uploads folder ' +
          '(fields given are merged; roles replace)',
        body: z.object({
          username: z.string().max(200),
          roles: z.array(z.string().max(50)).max(10).optional(),
          fields: adminFieldsSchema.optional(),
          email: z.string().max(320).optional(),
          uploadsFolder: z.string().max(300).nullable().optional(),
        }),
        response: {
          200: z.object({ user: publicUser.extend({ uploadsFolder: z.string().nullable() }) }),
          400: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
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
};
