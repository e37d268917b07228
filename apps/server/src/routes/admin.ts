/** The admin tools (activity, users) and the users board, as site calls. */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import * as admin from '@listboard/core/api/contracts/admin';
import type { Db } from '../db/client';
import { onlineUsers } from '../realtime/presence';
import { deregisterByAdmin, listUsers } from '../services/admin/users';
import { listActivity } from '../services/admin/audit';
import { defineSiteCall, registerSiteCalls, type SiteCall } from './site-call';

export const SITE_CALLS: SiteCall[] = [
  defineSiteCall({
    contract: admin.activity,
    action: 'activity',
    readOnly: true,
    run: (tx, { body }) => listActivity(tx, body),
  }),
  defineSiteCall({
    contract: admin.users,
    action: 'manageUsers',
    readOnly: true,
    run: (tx) => listUsers(tx),
  }),
  defineSiteCall({
    contract: admin.adminDeregisterUser,
    action: 'manageUsers',
    run: async (tx, { actor, body }) => ({
      ok: true as const,
      username: await deregisterByAdmin(tx, actor, body.username),
    }),
  }),
  defineSiteCall({
    contract: admin.usersOnline,
    action: 'usersOnline',
    readOnly: true,
    run: (tx) => onlineUsers(tx),
  }),
];

export const adminRoutes: FastifyPluginCallbackZod<{ db: Db; now?: () => Date }> = (
  app,
  { db, now },
  done,
) => {
  registerSiteCalls(app, SITE_CALLS, { db, now });
  done();
};
