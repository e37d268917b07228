import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isGuestUser } from '@listboard/core';
import type { Db } from '../db/client';
import { unauthorized } from '../lib/errors';
import { addGroupMember, createGroup, myGroups } from '../services/notes/groups';
import type { Actor } from '../services/accounts/users';

const signedIn = (actor: Actor | null): Actor => {
  if (!actor || isGuestUser(actor)) throw unauthorized('Please sign in first.');
  return actor;
};

export const groupRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/forms/create_group',
    {
      schema: {
        tags: ['groups'],
        summary: 'Create a reader group; its creator is its first member and its owner',
        body: z.object({
          name: z.string().max(100),
          description: z.string().max(2000).optional(),
          isPrivate: z.boolean().optional(),
        }),
      },
    },
    async (req) => {
      const actor = signedIn(req.actor);
      return req.transact((tx) => createGroup(tx, actor, req.body));
    },
  );
  app.post(
    '/api/forms/add_group_member',
    {
      schema: {
        tags: ['groups'],
        summary: 'Add a user to a group by name (the group’s owner)',
        body: z.object({ groupName: z.string().max(100), username: z.string().max(200) }),
      },
    },
    async (req) => {
      const actor = signedIn(req.actor);
      return req.transact((tx) =>
        addGroupMember(tx, actor, req.body.groupName, req.body.username.trim()),
      );
    },
  );
  app.post(
    '/api/forms/my_groups',
    {
      schema: {
        tags: ['groups'],
        summary: 'The caller’s groups (selectGroup offers these)',
        body: z.object({}).optional(),
      },
    },
    async (req) => myGroups(db, signedIn(req.actor)),
  );
};
