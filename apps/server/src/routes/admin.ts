/** The admin tools (activity, users) and the users board, as site calls. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { onlineUsers } from '../realtime/presence';
import { deregisterByAdmin, listUsers } from '../services/admin/users';
import { listActivity } from '../services/admin/audit';
import { defineSiteCall, registerSiteCalls, type SiteCall } from './site-call';

const day = z.string().max(20).optional();

export const SITE_CALLS: SiteCall[] = [
  defineSiteCall({
    path: '/api/admin/activity',
    tags: ['admin'],
    summary:
      'Site admin: the audit log of writes, newest first, 50 to a page; narrowed by user name ' +
      '(whole, any case) and by days (start and stop as YYYY-MM-DD, UTC, both included)',
    body: z.object({
      user: z.string().max(200).optional(),
      start: day,
      stop: day,
      page: z.number().int().min(0).max(100_000).optional(),
      pageSize: z.number().int().min(1).max(200).optional(),
    }),
    action: 'activity',
    readOnly: true,
    run: (tx, { body }) => listActivity(tx, body),
  }),
  defineSiteCall({
    path: '/api/admin/users',
    tags: ['admin'],
    summary:
      'Site admin: every account with roles, circle, groups, when last seen and whether it is ' +
      'connected now',
    body: z.object({}),
    action: 'manageUsers',
    readOnly: true,
    run: (tx) => listUsers(tx),
  }),
  defineSiteCall({
    path: '/api/admin/deregister_user',
    tags: ['admin'],
    summary:
      'Site admin: remove another account and its boards (not the admin or guest account, ' +
      'nor your own)',
    body: z.object({ username: z.string().max(200) }),
    action: 'manageUsers',
    run: async (tx, { actor, body }) => ({
      ok: true,
      username: await deregisterByAdmin(tx, actor, body.username),
    }),
  }),
  defineSiteCall({
    path: '/api/display/users_online',
    tags: ['display'],
    summary: 'The users board: who is signed in now (has a live connection open)',
    body: z.object({}),
    action: 'usersOnline',
    readOnly: true,
    run: (tx) => onlineUsers(tx),
  }),
];

export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (
  app,
  { db, now },
) => {
  registerSiteCalls(app, SITE_CALLS, { db, now });
};
