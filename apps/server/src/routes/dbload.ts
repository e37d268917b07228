import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { loadMultilists } from '../services/boards-load';

export const dbloadRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.post(
    '/api/dbload/load_multilists',
    {
      schema: {
        tags: ['dbload'],
        summary: 'Load boards by address, with lists, items, blocks and the caller’s view states',
        description:
          'Each address is a board path such as `/admin/home` or a chained one such as `/admin/home;help`. ' +
          'Boards come back in address order; missing boards are left out (and logged).',
        body: z.object({
          addresses: z.array(z.string().max(2000)).max(50),
          username: z.string().max(200).optional(),
        }),
      },
    },
    async (req) =>
      loadMultilists(db, req.body.addresses, {
        actor: req.actor,
        appVersion: config.APP_VERSION,
        log: (m) => req.log.info(m),
      }),
  );
};
