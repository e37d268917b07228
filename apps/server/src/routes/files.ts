/**
 * Serving stored files, and the local store's signed upload and download URLs.
 *
 * - GET /files/{key}: read by media elements and links, for those who may see the file (its
 *   uploader, and anyone who can see an item showing it; others get the 404 of a missing file).
 *   The local store streams the file (with byte ranges, for seeking); the S3 store redirects to
 *   a short-lived presigned GET.
 * - PUT and GET /api/files/{key}?exp=&sig= (local store only): the presigned URLs' target, as
 *   its contract (core api/contracts/uploads) declares it.
 *
 * Every answer carries a type taken from the suffix, a Content-Disposition, nosniff and a
 * sandboxing CSP, so a stored page or SVG opened directly cannot run script in the app's origin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { localFile } from '@listboard/core/api/contracts/uploads';
import { HttpError } from '../lib/errors';
import type { FileStore } from '../storage/file-store';
import { serveHeaders } from '../storage/content-types';
import { isValidKey } from '../storage/keys';
import { parseRange } from '../storage/ranges';
import { LocalFileStore, TooLargeError } from '../storage/local-store';
import { FILES_PREFIX } from '../services/media/file-urls';
import { uploadMsg } from '../media/messages';
import { bodySchema, querySchema } from './contract-route';

/** Expiry of the presigned GETs the S3 store redirects to. */
const REDIRECT_SECONDS = 3600;

const SANDBOX_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

function notFoundReply(reply: FastifyReply, key: string) {
  return reply.code(404).send({ error: `Not found: ${FILES_PREFIX}${key}` });
}

function safeHeaders(reply: FastifyReply, key: string) {
  const { contentType, disposition } = serveHeaders(key);
  reply
    .header('content-type', contentType)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    // Sandboxed frames (jsMedia blocks) have an opaque origin and must still read files.
    .header('cross-origin-resource-policy', 'cross-origin');
  // Browsers refuse to show a PDF in a sandboxed document; a PDF cannot run script in the origin.
  if (contentType !== 'application/pdf') reply.header('content-security-policy', SANDBOX_CSP);
  return { contentType, disposition };
}

async function streamLocal(
  req: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  key: string,
) {
  const head = await store.head(key);
  if (!head) return notFoundReply(reply, key);
  safeHeaders(reply, key);
  const etag = `W/"${head.size.toString(16)}-${(head.modified?.getTime() ?? 0).toString(16)}"`;
  reply.header('etag', etag).header('accept-ranges', 'bytes').header('cache-control', 'no-cache');
  if (head.modified) reply.header('last-modified', head.modified.toUTCString());
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = parseRange(req.headers.range, head.size);
  if (range === 'bad') {
    return reply.code(416).header('content-range', `bytes */${head.size}`).send();
  }
  const length = range ? range.end - range.start + 1 : head.size;
  reply.header('content-length', String(length));
  if (range)
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${head.size}`);
  if (req.method === 'HEAD' || length === 0) return reply.send();
  const stream = await store.get(key, range ?? undefined);
  if (!stream) return notFoundReply(reply, key);
  return reply.send(stream);
}

function keyParam(req: FastifyRequest): string {
  return (req.params as { '*': string })['*'];
}

export async function fileRoutes(
  app: FastifyInstance,
  opts: {
    store: FileStore;
    /** Whether this request may read this file; a file it may not is answered as missing. */
    mayRead?: (req: FastifyRequest, key: string) => Promise<boolean>;
  },
): Promise<void> {
  const { store } = opts;

  // HEAD is declared with GET so that it keeps the real Content-Length of the file.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${FILES_PREFIX}*`,
    schema: { hide: true },
    handler: async (req, reply) => {
      const key = keyParam(req);
      if (!isValidKey(key)) return notFoundReply(reply, key);
      if (opts.mayRead && !(await opts.mayRead(req, key))) return notFoundReply(reply, key);
      if (store.driver === 'local') return streamLocal(req, reply, store, key);
      // A presigned URL is signed for GET only, so HEAD (does the PDF exist?) is answered here.
      if (req.method === 'HEAD') {
        const head = await store.head(key);
        if (!head) return notFoundReply(reply, key);
        safeHeaders(reply, key);
        return reply.header('content-length', String(head.size)).send();
      }
      const url = await store.presignGet(key, {
        ...serveHeaders(key),
        expiresIn: REDIRECT_SECONDS,
      });
      return reply.header('cache-control', 'private, max-age=300').redirect(url, 302);
    },
  });

  if (!(store instanceof LocalFileStore)) return;
  const local = store;

  const verify = (req: FastifyRequest, method: 'PUT' | 'GET') => {
    const key = keyParam(req);
    if (!isValidKey(key)) throw new HttpError(403, uploadMsg.linkInvalid);
    const verdict = local.verify(method, key, req.query as Record<string, unknown>);
    if (!verdict.ok)
      throw new HttpError(
        403,
        verdict.reason === 'expired' ? uploadMsg.linkExpired : uploadMsg.linkInvalid,
      );
    return { key, maxBytes: verdict.maxBytes ?? 0 };
  };

  // The addresses the local store signs (under its LOCAL_FILES_PREFIX, the contract's path).
  const readSchema: FastifySchema = querySchema(localFile);
  app.route({
    method: ['GET', 'HEAD'],
    url: localFile.path,
    schema: readSchema,
    handler: async (req, reply) => streamLocal(req, reply, local, verify(req, 'GET').key),
  });

  // The upload body is a raw file of any type; it is streamed to disk, never parsed.
  await app.register((scope, _opts, ready) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const writeSchema: FastifySchema = bodySchema(localFile);
    scope.put(localFile.path, { schema: writeSchema }, async (req, reply) => {
      const { key, maxBytes } = verify(req, 'PUT');
      const name = key.slice(key.lastIndexOf('/') + 1);
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        reply.header('connection', 'close');
        throw new HttpError(413, uploadMsg.tooLarge(name, maxBytes));
      }
      try {
        await local.write(key, req.raw, maxBytes);
      } catch (err) {
        if (err instanceof TooLargeError) {
          reply.header('connection', 'close');
          throw new HttpError(413, uploadMsg.tooLarge(name, maxBytes));
        }
        throw err;
      }
      return reply.code(200).send();
    });
    ready();
  });
}
