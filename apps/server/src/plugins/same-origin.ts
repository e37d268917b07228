/**
 * Writes come from Listboard's own pages only. Browsers send an Origin header with every
 * cross-site POST; a write whose Origin names another host than the one it was sent to (or the
 * public address) is refused before it reaches a route. The session cookie is SameSite=Lax as
 * well, so this is the second of two locks, and the one that also holds for older browsers.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_REFUSED = 'Cross-site requests are refused.';

export const sameOriginPlugin = fp(
  (app: FastifyInstance, opts: { publicUrl: string }, done: () => void) => {
    const publicHost = new URL(opts.publicUrl).host;
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        // 'null' (a sandboxed frame, a privacy redirect) or garbage: not one of our pages.
      }
      if (host !== null && (host === request.host || host === publicHost)) return;
      return reply.code(403).send({ error: CROSS_SITE_REFUSED });
    });
    done();
  },
);
