import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. Any GET that is not an API call or a file falls back to index.html,
 * so board addresses such as `/author/home;course` open the app at that board. Compressible
 * files go out as the brotli or gzip copy the build made, when the browser takes it.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<boolean> {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    maxAge: '1h',
    // The build writes .br and .gz beside each compressible file (apps/web/scripts/precompress).
    preCompressed: true,
    setHeaders(reply, file) {
      // Hashed bundles never change; everything else is revalidated.
      if (file.includes(`${path.sep}assets${path.sep}`))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      // Script-driven blocks run in sandboxed frames with an opaque origin; the public libraries
      // and media they load must be readable from there.
      if (
        file.includes(`${path.sep}vendor${path.sep}`) ||
        file.includes(`${path.sep}media${path.sep}`)
      ) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
    },
  });
  app.get('/', (_req, reply) => sendShell(reply));
  return true;
}

/**
 * The page every app address opens, asked again on each visit: a deploy's new bundles are named
 * by the new page, and a page kept for an hour would ask for the last deploy's (gone) ones.
 * The static plugin's own Cache-Control (maxAge) is not sent over it.
 */
export const sendShell = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });

/**
 * A built bundle that is not there (one of an earlier deploy, say): a 404, not the page, which a
 * browser would try to run as a script. ('assets' is no one's user name: accounts.ts reserves it.)
 */
export const isBuiltFile = (url: string) => url.startsWith('/assets/');
