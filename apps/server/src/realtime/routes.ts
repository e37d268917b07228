import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inArray } from 'drizzle-orm';
import { can, isGuestUser, type AppVersion } from '@listboard/core';
import type { Db } from '../db/client';
import { multilists } from '../db/schema';
import { policyBoardOf } from '../services/board-access';
import type { BoardEvent, EventBus } from './bus';
import { beatPresence, closePresence, openPresence } from './presence';

const HEARTBEAT_MS = 20_000;

/**
 * Server-sent events for the boards on screen. The browser's EventSource reconnects by itself;
 * a comment line every 20 s keeps proxies from closing an idle stream.
 */
export const eventRoutes: FastifyPluginAsyncZod<{
  db: Db;
  bus: EventBus;
  appVersion: AppVersion;
}> = async (app, { db, bus, appVersion }) => {
  const open = new Set<() => void>();
  // Open streams would keep the server from closing, so they end before it starts to close
  // (onClose would run only after every connection had ended: never, with a viewer connected).
  app.addHook('preClose', async () => open.forEach((end) => end()));
  app.get(
    '/api/events',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Live changes to the given boards, as server-sent events (event: board)',
        querystring: z.object({ boards: z.string().max(2000) }),
      },
    },
    async (req, reply) => {
      const ids = req.query.boards
        .split(',')
        .filter((id) => /^[0-9a-f-]{36}$/i.test(id))
        .slice(0, 20);
      const rows = ids.length
        ? await db.select().from(multilists).where(inArray(multilists.id, ids))
        : [];
      const allowed: string[] = [];
      // Each board's version as the stream starts: a viewer who loaded an older one missed a
      // change in between and reloads; one who is up to date does nothing.
      const versions: Record<string, number> = {};
      for (const b of rows) {
        if (can(req.actor, await policyBoardOf(db, b), 'read', { appVersion })) {
          allowed.push(b.id);
          versions[b.id] = b.version;
        }
      }
      // A signed-in user's open stream is what the users board counts as being here now.
      const actor = req.actor;
      const sessionId = req.sessionId;
      const here =
        actor && !isGuestUser(actor) ? await openPresence(db, actor.id, sessionId) : null;
      const presenceFailed = (err: unknown) => req.log.warn({ err }, 'presence not updated');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(
        `retry: 2000\nevent: ready\ndata: ${JSON.stringify({ boards: allowed, versions })}\n\n`,
      );
      const send = (e: BoardEvent) => res.write(`event: board\ndata: ${JSON.stringify(e)}\n\n`);
      const unsubscribe = allowed.map((id) => bus.subscribe(id, send));
      const beat = setInterval(() => {
        res.write(': keep-alive\n\n');
        if (here) void beatPresence(db, here, sessionId).catch(presenceFailed);
      }, HEARTBEAT_MS);
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        clearInterval(beat);
        if (here) void closePresence(db, here).catch(presenceFailed);
        unsubscribe.forEach((u) => u());
        open.delete(end);
      };
      const end = () => {
        stop();
        res.end();
      };
      open.add(end);
      req.raw.on('close', stop);
    },
  );
};
