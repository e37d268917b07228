/**
 * Any S3-compatible bucket through the AWS SDK v3. Browsers upload with a presigned PUT and read
 * through presigned GETs whose response headers are fixed by the app, so the bucket's own idea of
 * an object's type never reaches the browser.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type {
  FileStore,
  MediaSource,
  ServeHeaders,
  SignedRequest,
  StoredObject,
} from './file-store';
import { isValidKey } from './keys';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null | undefined;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export class S3FileStore implements FileStore {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      // Self-hosted servers rarely have a DNS name per bucket.
      forcePathStyle: opts.endpoint !== undefined,
      credentials:
        opts.accessKeyId && opts.secretAccessKey
          ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
          : undefined,
      // A default checksum would become a header the browser's presigned PUT cannot send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string): string {
    if (!isValidKey(key)) throw new Error(`bad storage key: ${key}`);
    return key;
  }

  async presignPut(
    key: string,
    opts: { contentType: string; maxBytes: number; expiresIn: number },
  ): Promise<SignedRequest> {
    const command = new PutObjectCommand({
      Bucket: this.opts.bucket,
      Key: this.key(key),
      ContentType: opts.contentType,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: opts.expiresIn,
      signableHeaders: new Set(['content-type']),
    });
    return {
      url,
      method: 'PUT',
      headers: { 'Content-Type': opts.contentType },
      expiresAt: new Date(Date.now() + opts.expiresIn * 1000).toISOString(),
    };
  }

  presignGet(key: string, opts: ServeHeaders & { expiresIn: number }): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.opts.bucket,
      Key: this.key(key),
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: opts.disposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresIn });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.opts.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return (out.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }),
      );
      return { size: out.ContentLength ?? 0, modified: out.LastModified };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }),
    );
  }

  async mediaSource(key: string): Promise<MediaSource> {
    const url = await this.presignGet(key, {
      expiresIn: 600,
      contentType: 'application/octet-stream',
      disposition: 'attachment',
    });
    return { input: url, protocols: 'http,https,tcp,tls' };
  }

  location(key: string): string {
    return `s3://${this.opts.bucket}/${key}`;
  }
}
