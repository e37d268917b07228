/**
 * Any S3-compatible bucket through the AWS SDK v3. Browsers upload with a presigned PUT and read
 * through presigned GETs whose response headers are fixed by the app, so the bucket's own idea of
 * an object's type never reaches the browser.
 *
 * The SDK (about a third of a second to import) is loaded on the first call, so an app that keeps
 * its files on disk never loads it and one on S3 starts as fast.
 */
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
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

/** The SDK's parts the store uses, with its client. */
async function loadSdk(opts: S3Options) {
  const [sdk, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client: S3Client = new sdk.S3Client({
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
  return {
    client,
    getSignedUrl: presigner.getSignedUrl,
    DeleteObjectCommand: sdk.DeleteObjectCommand,
    GetObjectCommand: sdk.GetObjectCommand,
    HeadObjectCommand: sdk.HeadObjectCommand,
    PutObjectCommand: sdk.PutObjectCommand,
  };
}

export class S3FileStore implements FileStore {
  readonly driver = 's3' as const;
  private loaded: ReturnType<typeof loadSdk> | null = null;

  constructor(private readonly opts: S3Options) {}

  private sdk(): ReturnType<typeof loadSdk> {
    this.loaded ??= loadSdk(this.opts);
    return this.loaded;
  }

  private key(key: string): string {
    if (!isValidKey(key)) throw new Error(`bad storage key: ${key}`);
    return key;
  }

  async presignPut(
    key: string,
    opts: { contentType: string; maxBytes: number; expiresIn: number },
  ): Promise<SignedRequest> {
    const { PutObjectCommand, getSignedUrl, client } = await this.sdk();
    const command = new PutObjectCommand({
      Bucket: this.opts.bucket,
      Key: this.key(key),
      ContentType: opts.contentType,
    });
    const url = await getSignedUrl(client, command, {
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

  async presignGet(key: string, opts: ServeHeaders & { expiresIn: number }): Promise<string> {
    const { GetObjectCommand, getSignedUrl, client } = await this.sdk();
    const command = new GetObjectCommand({
      Bucket: this.opts.bucket,
      Key: this.key(key),
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: opts.disposition,
    });
    return getSignedUrl(client, command, { expiresIn: opts.expiresIn });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { PutObjectCommand, client } = await this.sdk();
    await client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const { GetObjectCommand, client } = await this.sdk();
    try {
      const out = await client.send(
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
    const { HeadObjectCommand, client } = await this.sdk();
    try {
      const out = await client.send(
        new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }),
      );
      return { size: out.ContentLength ?? 0, modified: out.LastModified };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand, client } = await this.sdk();
    await client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }));
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
