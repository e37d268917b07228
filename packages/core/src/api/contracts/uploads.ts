/**
 * Files: signing and recording uploads, the local store's signed file addresses, and page and
 * text thumbnails. The file addresses and thumbnails answer with bytes or a redirect, not JSON:
 * their contracts are left out of the OpenAPI document (hidden) and say what they produce.
 */
import { z } from 'zod';
import { uploadRecordSchema } from '../../model/entities';
import { defineContract } from '../contract';

const bucketPath = z.string().min(1).max(1024);
const fileType = z.string().max(200);

/** What to PUT and where, for one upload; send the headers with it. */
export const signedUpload = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  /** The storage key the file goes to. */
  bucketPath: z.string(),
  maxBytes: z.number(),
});
export type SignedUpload = z.infer<typeof signedUpload>;

/** Nothing in the body: the answer is a redirect (302) to a stored file. */
const redirect = z.undefined().describe('a 302 redirect to the stored PNG under /files/');

export const signUpload = defineContract({
  path: '/api/upload/s3',
  tags: ['upload'],
  summary:
    'A presigned URL to PUT one file into the caller’s own folder (a file name alone goes there); send the returned headers with it',
  input: z.object({
    bucketPath,
    fileType: fileType.optional(),
    size: z.number().int().min(0).optional(),
    /**
     * A new file, never one in place of another: when the folder holds a file of that name
     * already, the answer's bucketPath is a free name beside it (`diagram-2.png`).
     */
    fresh: z.boolean().optional(),
  }),
  output: signedUpload,
  errors: [400, 401, 403, 413, 415],
});

export const recordUpload = defineContract({
  path: '/api/upload/record',
  tags: ['upload'],
  summary:
    'Record an uploaded file after checking its size and that its content fits its extension',
  input: z.object({
    bucketPath,
    fileType: fileType.optional(),
    size: z.number().int().min(0),
  }),
  output: uploadRecordSchema,
  errors: [400, 401, 403, 404, 413, 415],
});

export const thumbnailSign = defineContract({
  path: '/api/thumbnails/sign',
  tags: ['media'],
  summary:
    'The signed address of a page’s thumbnail (1280x960 screenshot, optionally after 3 s); pages on hosts outside THUMBNAIL_HOSTS are refused',
  input: z.object({ url: z.string().min(1).max(2000), delay: z.boolean().optional() }),
  /** /api/thumbnails/page with the page, the delay, an expiry and a signature. */
  output: z.object({ url: z.string() }),
  errors: [400, 401, 403],
});

export const thumbnailPage = defineContract({
  path: '/api/thumbnails/page',
  method: 'GET',
  tags: ['media'],
  summary:
    'A page’s thumbnail, at the address thumbnails/sign gave: a redirect to the stored PNG (made on first asking)',
  hidden: true,
  produces: 'image/png',
  output: redirect,
  errors: [403, 502, 503],
});

export const thumbnailText = defineContract({
  path: '/api/thumbnails/text/*',
  method: 'GET',
  tags: ['media'],
  summary:
    'The thumbnail of a stored text file (its first lines), for those who may read the file: a redirect to the stored PNG',
  hidden: true,
  produces: 'image/png',
  output: redirect,
  errors: [404],
});

export const localFile = defineContract({
  path: '/api/files/*',
  method: ['GET', 'HEAD', 'PUT'],
  tags: ['upload'],
  summary:
    'The local store’s presigned addresses (?exp=&sig=): GET reads the file (with byte ranges), ' +
    'PUT writes the raw body to it, within the size the address was signed for',
  hidden: true,
  produces: 'application/octet-stream',
  output: z.unknown().describe('the file’s bytes, typed by its suffix'),
  errors: [403, 404, 413, 416],
});
