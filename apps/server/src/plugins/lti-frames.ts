/**
 * LTI platforms show Listboard inside a frame of their course pages. The app's pages otherwise
 * forbid framing by other sites (helmet: CSP frame-ancestors 'self' and X-Frame-Options), so each
 * HTML page names the registered platforms' origins in frame-ancestors too, and drops the older
 * X-Frame-Options header, which cannot name them. No other site may frame the app. The list is
 * read from the database at most once a minute per instance, and at once after a change here.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { frameOrigins } from '../services/lti/platforms';

const REFRESH_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads the platforms' frame origins again before the next page (after a change). */
    refreshLtiFrames(): void;
  }
}

export const ltiFramesPlugin = fp((app: FastifyInstance, opts: { db: Db }, done: () => void) => {
  let origins: string[] = [];
  let readAt = 0;
  let reading: Promise<void> | null = null;
  const current = async (): Promise<string[]> => {
    if (Date.now() - readAt > REFRESH_MS) {
      reading ??= frameOrigins(opts.db)
        .then((list) => {
          origins = list;
          readAt = Date.now();
        })
        .catch((err: unknown) => {
          app.log.warn({ err }, 'LTI frame origins not read');
        })
        .finally(() => {
          reading = null;
        });
      await reading;
    }
    return origins;
  };
  app.decorate('refreshLtiFrames', () => {
    readAt = 0;
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string' || !csp.includes("frame-ancestors 'self'")) return payload;
    const allowed = await current();
    if (allowed.length === 0) return payload;
    reply.header(
      'content-security-policy',
      csp.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${allowed.join(' ')}`),
    );
    reply.removeHeader('x-frame-options');
    return payload;
  });
  done();
});
