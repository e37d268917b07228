import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { isGuestUser } from '@listboard/core';
import * as boards from '@listboard/core/api/contracts/boards';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { unauthorized } from '../lib/errors';
import { insertMultilist, listMultilists } from '../services/boards/multilists';
import { copyTargets } from '../services/boards/copy-targets';
import type { Actor } from '../services/accounts/users';
import type { EventBus } from '../realtime/bus';
import type { Mailer } from '../mail/mailer';
import { registerBoardCalls } from './board-call';
import { BOARD_CALLS } from './board-calls';
import { bodySchema } from './contract-route';

/** Creating a board needs a signed-in account; the shared guest account cannot own boards. */
function accountHolder(actor: Actor | null): Actor {
  if (!actor || isGuestUser(actor)) throw unauthorized('Please sign in to create a board.');
  return actor;
}

export const boardRoutes: FastifyPluginCallbackZod<{
  db: Db;
  config: Config;
  bus: EventBus;
  mailer: Mailer;
  written?: (boardId: string, username: string) => void;
}> = (app, { db, config, bus, mailer, written }, done) => {
  registerBoardCalls(app, BOARD_CALLS, {
    written,
    db,
    appVersion: config.APP_VERSION,
    bus,
    mailer,
    publicUrl: config.PUBLIC_URL,
    mailItemLimit: config.MAIL_ITEM_RATE_LIMIT,
    alertLimit: config.ALERT_MAIL_RATE_LIMIT,
  });

  app.post(
    boards.insertMultilist.path,
    { schema: bodySchema(boards.insertMultilist) },
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
    boards.createBlankBoard.path,
    { schema: bodySchema(boards.createBlankBoard) },
    async (req) => {
      const actor = accountHolder(req.actor);
      return req.transact((tx) =>
        insertMultilist(tx, actor, { title: req.body.title, description: req.body.descText }),
      );
    },
  );

  app.post(boards.listMultilists.path, { schema: bodySchema(boards.listMultilists) }, async (req) =>
    listMultilists(db, req.body.owner, req.actor),
  );

  // Where an item or a list may be copied to: the guest has no board of its own.
  app.post(boards.copyTargets.path, { schema: bodySchema(boards.copyTargets) }, async (req) => {
    if (!req.actor || isGuestUser(req.actor)) throw unauthorized();
    return copyTargets(db, req.actor, config.APP_VERSION);
  });
  done();
};
