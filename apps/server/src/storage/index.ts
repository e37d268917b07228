import path from 'node:path';
import { must } from '@listboard/core';
import type { Config } from '../config';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';
import { createSigner } from './signing';

export type { FileStore } from './file-store';

export function createFileStore(config: Config): FileStore {
  if (config.STORAGE === 's3') {
    return new S3FileStore({
      bucket: must(config.S3_BUCKET, 'S3_BUCKET (checked with the configuration)'),
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  const dataDir = path.resolve(config.DATA_DIR);
  return new LocalFileStore(
    dataDir,
    createSigner({ sessionSecret: config.SESSION_SECRET, dataDir }),
  );
}

/** Origins the browser reaches the store at, beyond the app's own (for the CSP). */
export function fileStoreOrigins(config: Config): string[] {
  if (config.STORAGE !== 's3') return [];
  if (config.S3_ENDPOINT) return [new URL(config.S3_ENDPOINT).origin];
  return [`https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`];
}
