/**
 * Thumbnails: POST /api/thumbnails/sign gives the signed address of a page's screenshot; that
 * address and /api/thumbnails/text/{key} answer with a redirect to the stored PNG under /files/.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as uploads from '@listboard/core/api/contracts/uploads';
import { notFound, unauthorized } from '../lib/errors';
import { filesUrl } from '../services/media/file-urls';
import {
  pageThumbnail,
  signPage,
  textThumbnailKey,
  verifyPage,
  type ThumbnailDeps,
} from '../services/media/thumbnails';
import { bodySchema, querySchema } from './contract-route';

export const thumbnailRoutes: FastifyPluginCallbackZod<{
  deps: ThumbnailDeps;
  /** Whether this request may read a stored file; a text file's thumbnail shows its content. */
  mayRead?: (req: FastifyRequest, key: string) => Promise<boolean>;
}> = (app, { deps, mayRead }, done) => {
  app.post(uploads.thumbnailSign.path, { schema: bodySchema(uploads.thumbnailSign) }, (req) => {
    if (!req.user) throw unauthorized();
    return { url: signPage(deps, req.body.url.trim(), req.body.delay === true) };
  });

  app.get(
    uploads.thumbnailPage.path,
    { schema: querySchema(uploads.thumbnailPage) },
    async (req, reply) => {
      const { url, delay } = verifyPage(deps, req.query as Record<string, unknown>);
      const key = await pageThumbnail(deps, url, delay);
      return reply.header('cache-control', 'private, max-age=3600').redirect(filesUrl(key), 302);
    },
  );

  app.get(
    uploads.thumbnailText.path,
    { schema: querySchema(uploads.thumbnailText) },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (mayRead && !(await mayRead(req, key))) throw notFound(`No text thumbnail for ${key}`);
      const thumb = await textThumbnailKey(deps, key);
      return reply.header('cache-control', 'private, max-age=300').redirect(filesUrl(thumb), 302);
    },
  );
  done();
};
