import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { FileStore } from '../storage/file-store';
import { presignUpload, recordUpload, type UploadLimits } from '../services/media/uploads';

const bucketPath = z.string().min(1).max(1024);
const fileType = z.string().max(200);

export const uploadRoutes: FastifyPluginAsyncZod<{
  db: Db;
  store: FileStore;
  limits: UploadLimits;
}> = async (app, { db, store, limits }) => {
  app.post(
    '/api/upload/s3',
    {
      schema: {
        tags: ['upload'],
        summary:
          'A presigned URL to PUT one file into the caller’s own folder (a file name alone goes there); send the returned headers with it',
        body: z.object({
          bucketPath,
          fileType: fileType.optional(),
          size: z.number().int().min(0).optional(),
        }),
      },
    },
    async (req) => presignUpload(store, limits, req.user, req.body),
  );

  app.post(
    '/api/upload/record',
    {
      schema: {
        tags: ['upload'],
        summary:
          'Record an uploaded file after checking its size and that its content fits its extension',
        body: z.object({
          bucketPath,
          fileType: fileType.optional(),
          size: z.number().int().min(0),
        }),
      },
    },
    async (req) => recordUpload(db, store, limits, req.user, req.body, req.transact),
  );
};
