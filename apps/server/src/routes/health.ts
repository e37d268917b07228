import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ ok: z.literal(true), db: z.enum(['pglite', 'postgres']) }),
          503: z.object({ error: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { ok: true as const, db: database.driver };
      } catch {
        return reply.code(503).send({ error: 'Database unavailable.' });
      }
    },
  );
};
