import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import * as uploads from '@listboard/core/api/contracts/uploads';
import type { Db } from '../db/client';
import type { FileStore } from '../storage/file-store';
import { presignUpload, recordUpload, type UploadLimits } from '../services/media/uploads';
import { bodySchema } from './contract-route';

export const uploadRoutes: FastifyPluginCallbackZod<{
  db: Db;
  store: FileStore;
  limits: UploadLimits;
}> = (app, { db, store, limits }, done) => {
  app.post(uploads.signUpload.path, { schema: bodySchema(uploads.signUpload) }, async (req) =>
    presignUpload(db, store, limits, req.user, req.body),
  );

  app.post(uploads.recordUpload.path, { schema: bodySchema(uploads.recordUpload) }, async (req) =>
    recordUpload(db, store, limits, req.user, req.body, req.transact),
  );
  done();
};
