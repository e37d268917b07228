import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { isGuestUser } from '@listboard/core';
import * as groups from '@listboard/core/api/contracts/groups';
import type { Db } from '../db/client';
import { unauthorized } from '../lib/errors';
import {
  addGroupMember,
  createGroup,
  leaveGroup,
  myGroups,
  ownedGroupMembers,
  removeGroupMember,
} from '../services/notes/groups';
import type { Actor } from '../services/accounts/users';
import { bodySchema } from './contract-route';

const signedIn = (actor: Actor | null): Actor => {
  if (!actor || isGuestUser(actor)) throw unauthorized('Please sign in first.');
  return actor;
};

export const groupRoutes: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  app.post(groups.createGroup.path, { schema: bodySchema(groups.createGroup) }, async (req) => {
    const actor = signedIn(req.actor);
    return req.transact((tx) => createGroup(tx, actor, req.body));
  });
  app.post(
    groups.addGroupMember.path,
    { schema: bodySchema(groups.addGroupMember) },
    async (req) => {
      const actor = signedIn(req.actor);
      return req.transact((tx) =>
        addGroupMember(tx, actor, req.body.groupName, req.body.username.trim()),
      );
    },
  );
  app.post(
    groups.removeGroupMember.path,
    { schema: bodySchema(groups.removeGroupMember) },
    async (req) => {
      const actor = signedIn(req.actor);
      return req.transact((tx) =>
        removeGroupMember(tx, actor, req.body.groupName, req.body.username.trim()),
      );
    },
  );
  app.post(groups.groupMembers.path, { schema: bodySchema(groups.groupMembers) }, async (req) =>
    ownedGroupMembers(db, signedIn(req.actor)),
  );
  app.post(groups.leaveGroup.path, { schema: bodySchema(groups.leaveGroup) }, async (req) => {
    const actor = signedIn(req.actor);
    return req.transact((tx) => leaveGroup(tx, actor, req.body.groupName));
  });
  app.post(groups.myGroups.path, { schema: bodySchema(groups.myGroups) }, async (req) =>
    myGroups(db, signedIn(req.actor)),
  );
  done();
};
