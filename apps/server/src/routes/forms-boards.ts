import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isGuestUser } from '@listboard/core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { unauthorized } from '../lib/errors';
import { BLANK_DESCRIPTION, insertMultilist, listMultilists } from '../services/boards/multilists';
import type { Actor } from '../services/accounts/users';
import type { EventBus } from '../realtime/bus';
import type { Mailer } from '../mail/mailer';
import { registerBoardCalls } from './board-call';
import { BOARD_CALLS } from './board-calls';

/** Creating a board needs a signed-in account; the shared guest account cannot own boards. */
function accountHolder(actor: Actor | null): Actor {
  if (!actor || isGuestUser(actor)) throw unauthorized('Please sign in to create a board.');
  return actor;
}

const created = z.object({ multilistId: z.string(), owner: z.string(), ptitle: z.string() });

export const boardRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  bus: EventBus;
  mailer: Mailer;
}> = async (app, { db, config, bus, mailer }) => {
  registerBoardCalls(app, BOARD_CALLS, {
    db,
    appVersion: config.APP_VERSION,
    bus,
    mailer,
    publicUrl: config.PUBLIC_URL,
    mailItemLimit: config.MAIL_ITEM_RATE_LIMIT,
  });

  app.post(
    '/api/forms/insert_multilist',
    {
      schema: {
        tags: ['forms'],
        summary: 'Create a board owned by the caller',
        body: z.object({
          titleText: z.string().max(500),
          descText: z.string().max(20_000).optional(),
          listed: z.boolean().optional(),
        }),
        response: { 200: created },
      },
    },
    async (req) => {
      const actor = accountHolder(req.actor);
      return req.transact((tx) =>
        insertMultilist(tx, actor, {
          title: req.body.titleText,
          description: req.body.descText,
          listed: req.body.listed,
        }),
      );
    },
  );

  app.post(
    '/api/display/create_blank_board',
    {
      schema: {
        tags: ['display'],
        summary: `Create an empty board; the description defaults to '${BLANK_DESCRIPTION}'`,
        body: z.object({ title: z.string().max(500), descText: z.string().max(20_000).optional() }),
        response: { 200: created },
      },
    },
    async (req) => {
      const actor = accountHolder(req.actor);
      return req.transact((tx) =>
        insertMultilist(tx, actor, { title: req.body.title, description: req.body.descText }),
      );
    },
  );

  app.post(
    '/api/forms/list_multilists',
    {
      schema: {
        tags: ['forms'],
        summary: 'An owner’s boards (unlisted ones only for the owner)',
        body: z.object({ owner: z.string().max(200) }),
      },
    },
    async (req) => listMultilists(db, req.body.owner, req.actor),
  );
};
