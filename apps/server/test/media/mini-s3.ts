/**
 * A small S3-compatible server for the S3 driver's tests: path-style buckets, objects kept in
 * memory, PUT/GET (with byte ranges)/HEAD/DELETE, presigned GET response-header overrides, and
 * AWS Signature V4 checked on every request (query-string presigning and Authorization header),
 * written here from the published algorithm rather than taken from the SDK under test.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredS3Object {
  body: Buffer;
  contentType?: string;
}

export interface MiniS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredS3Object>;
  /** Every request as `METHOD key`, for checking what the driver did. */
  log: string[];
  close(): Promise<void>;
}

const sha256 = (s: string | Buffer) => crypto.createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) =>
  crypto.createHmac('sha256', key).update(s).digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function canonicalQuery(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

interface Auth {
  credential: string;
  signedHeaders: string;
  signature: string;
  amzDate: string;
  payloadHash: string;
  expires?: number;
}

function authOf(req: http.IncomingMessage, url: URL): Auth | null {
  const q = url.searchParams;
  if (q.has('X-Amz-Signature')) {
    return {
      credential: q.get('X-Amz-Credential') ?? '',
      signedHeaders: q.get('X-Amz-SignedHeaders') ?? '',
      signature: q.get('X-Amz-Signature') ?? '',
      amzDate: q.get('X-Amz-Date') ?? '',
      payloadHash: 'UNSIGNED-PAYLOAD',
      expires: Number(q.get('X-Amz-Expires') ?? 0),
    };
  }
  const h = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(h);
  if (!m) return null;
  const [, credential = '', signedHeaders = '', signature = ''] = m;
  return {
    credential,
    signedHeaders,
    signature,
    amzDate: String(req.headers['x-amz-date'] ?? ''),
    payloadHash: String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD'),
  };
}

function verify(
  req: http.IncomingMessage,
  url: URL,
  keys: { accessKeyId: string; secretAccessKey: string },
): string | null {
  const auth = authOf(req, url);
  if (!auth) return 'AccessDenied: no signature';
  const [keyId, date, region, service, terminal] = auth.credential.split('/');
  if (keyId !== keys.accessKeyId) return 'InvalidAccessKeyId';
  if (date === undefined || region === undefined) return 'AuthorizationQueryParametersError';
  if (service !== 's3' || terminal !== 'aws4_request') return 'AuthorizationQueryParametersError';
  const canonicalHeaders = auth.signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [
    req.method,
    url.pathname,
    canonicalQuery(url.searchParams),
    canonicalHeaders,
    auth.signedHeaders,
    auth.payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/${terminal}`;
  const toSign = ['AWS4-HMAC-SHA256', auth.amzDate, scope, sha256(canonical)].join('\n');
  const kDate = hmac(`AWS4${keys.secretAccessKey}`, date);
  const kSigning = hmac(hmac(hmac(kDate, region), service), terminal);
  const expected = hmac(kSigning, toSign).toString('hex');
  if (expected !== auth.signature) return 'SignatureDoesNotMatch';
  if (auth.expires !== undefined) {
    const t = auth.amzDate.replace(
      /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
      '$1-$2-$3T$4:$5:$6Z',
    );
    if (Date.parse(t) + auth.expires * 1000 < Date.now())
      return 'AccessDenied: Request has expired';
  }
  return null;
}

function xmlError(res: http.ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code.split(':')[0]}</Code><Message>${code}</Message></Error>`,
  );
}

export async function startMiniS3(bucket = 'listboard-test'): Promise<MiniS3> {
  const accessKeyId = 'TESTKEYID';
  const secretAccessKey = 'test-secret-access-key';
  const objects = new Map<string, StoredS3Object>();
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const parts = url.pathname.split('/').slice(1);
      const key = parts.slice(1).map(decodeURIComponent).join('/');
      log.push(`${req.method} ${key}`);
      if (parts[0] !== bucket) {
        xmlError(res, 404, 'NoSuchBucket');
        return;
      }
      const denied = verify(req, url, { accessKeyId, secretAccessKey });
      if (denied) {
        xmlError(res, 403, denied);
        return;
      }
      const obj = objects.get(key);
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'],
        });
        res.writeHead(200, { etag: `"${sha256(Buffer.concat(chunks)).slice(0, 32)}"` });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (!obj) {
        if (req.method === 'HEAD') {
          res.writeHead(404);
          return res.end();
        }
        xmlError(res, 404, 'NoSuchKey');
        return;
      }
      const headers: Record<string, string> = {
        'content-type':
          url.searchParams.get('response-content-type') ?? obj.contentType ?? 'binary/octet-stream',
        'accept-ranges': 'bytes',
        'last-modified': new Date().toUTCString(),
      };
      const disposition = url.searchParams.get('response-content-disposition');
      if (disposition) headers['content-disposition'] = disposition;
      let body = obj.body;
      let status = 200;
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(
          range[2] ? Number(range[2]) : obj.body.length - 1,
          obj.body.length - 1,
        );
        body = obj.body.subarray(start, end + 1);
        headers['content-range'] = `bytes ${start}-${end}/${obj.body.length}`;
        status = 206;
      }
      headers['content-length'] = String(body.length);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
