import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { health } from '@listboard/core/api/contracts/system';
import type { Database } from '../db/client';
import { querySchema } from './contract-route';

export const healthRoutes: FastifyPluginCallbackZod<{ database: Database }> = (
  app,
  { database },
  done,
) => {
  app.get(health.path, { schema: querySchema(health) }, async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { ok: true as const, db: database.driver };
    } catch {
      return reply.code(503).send({ error: 'Database unavailable.' });
    }
  });
  done();
};
