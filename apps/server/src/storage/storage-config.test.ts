import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createFileStore, fileStoreOrigins } from '.';

describe('file store settings', () => {
  it('default to local disk and a 200 MB upload limit', () => {
    const c = loadConfig({});
    expect(c.STORAGE).toBe('local');
    expect(c.UPLOAD_MAX_BYTES).toBe(200 * 1024 * 1024);
    expect(createFileStore(c).driver).toBe('local');
    expect(fileStoreOrigins(c)).toEqual([]);
  });

  it('need a bucket for STORAGE=s3, and both keys or neither', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET is required when STORAGE is s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be given together/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '0' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('open the browser to the bucket’s origin', () => {
    const aws = loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' });
    expect(createFileStore(aws).driver).toBe('s3');
    expect(fileStoreOrigins(aws)).toEqual(['https://b.s3.eu-west-1.amazonaws.com']);
    const own = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
    });
    expect(fileStoreOrigins(own)).toEqual(['http://127.0.0.1:9000']);
  });
});
