/**
 * Thumbnails (spec section 7): page screenshots behind a signed URL, and text-file thumbnails,
 * both kept in the FileStore under admin/thumbnails/ so each is made once.
 *
 * A signed URL is asked for with a session (POST /api/thumbnails/sign) and names the page and
 * whether to wait the optional 3 s; it is read by an <img> without one. The host policy is
 * checked when signing, and again on every connection the browser makes (page-proxy.ts).
 */
import crypto from 'node:crypto';
import { TIMINGS, suffixOf } from '@listboard/core';
import { HttpError, forbidden, notFound } from '../../lib/errors';
import { pageRefusal, type HostPolicy } from '../../media/host-policy';
import { ScreenshotError, type Screenshotter } from '../../media/screenshot';
import { textThumbnail } from '../../media/text-thumbnail';
import { readStart, type FileStore } from '../../storage/file-store';
import { isValidKey } from '../../storage/keys';
import { signaturesMatch, type Signer } from '../../storage/signing';
import { THUMBNAIL_FOLDER } from './folders';

const DAY_SECONDS = 86_400;
/** A page that could not be shot is not tried again for this long. */
const FAILURE_MS = 5 * 60_000;
const TEXT_BYTES = 8 * 1024;

export interface ThumbnailDeps {
  store: FileStore;
  shooter: Pick<Screenshotter, 'shot'>;
  policy: HostPolicy;
  sign: Signer;
  now?: () => number;
}

const payload = (url: string, delay: string, exp: string) => `thumb\n${url}\n${delay}\n${exp}`;

/** The signed address of a page's thumbnail; the same all day, so browsers can cache it. */
export function signPage(deps: ThumbnailDeps, url: string, delay: boolean): string {
  const refusal = pageRefusal(deps.policy, url);
  if (refusal) throw forbidden(refusal);
  const now = Math.floor((deps.now ?? Date.now)() / 1000);
  const exp = String(Math.ceil((now + DAY_SECONDS) / DAY_SECONDS) * DAY_SECONDS);
  const d = delay ? '1' : '0';
  const sig = deps.sign(payload(url, d, exp));
  return `/api/thumbnails/page?${new URLSearchParams({ u: url, d, exp, sig }).toString()}`;
}

export function verifyPage(
  deps: ThumbnailDeps,
  q: Record<string, unknown>,
): { url: string; delay: boolean } {
  const { u, d, exp, sig } = q;
  if (
    typeof u !== 'string' ||
    (d !== '0' && d !== '1') ||
    typeof exp !== 'string' ||
    !/^\d{1,12}$/.test(exp) ||
    typeof sig !== 'string' ||
    !signaturesMatch(sig, deps.sign(payload(u, d, exp)))
  )
    throw forbidden('This thumbnail link is not valid.');
  if (Number(exp) * 1000 < (deps.now ?? Date.now)())
    throw forbidden('This thumbnail link has expired.');
  // The policy may have changed since the link was signed.
  const refusal = pageRefusal(deps.policy, u);
  if (refusal) throw forbidden(refusal);
  return { url: u, delay: d === '1' };
}

export function pageKey(url: string, delay: boolean): string {
  const hash = crypto
    .createHash('sha256')
    .update(`${delay ? 1 : 0} ${url}`)
    .digest('hex');
  return `${THUMBNAIL_FOLDER}/pages/${hash.slice(0, 40)}.png`;
}

const inflight = new Map<string, Promise<string>>();
const failures = new Map<string, { until: number; error: HttpError }>();

function asHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof ScreenshotError) {
    if (err.kind === 'refused') return forbidden(err.message);
    if (err.kind === 'missing') return new HttpError(503, 'Page thumbnails are not available.');
    if (err.kind === 'busy') return new HttpError(503, err.message);
    return new HttpError(502, err.message);
  }
  return new HttpError(502, 'The page thumbnail could not be made.');
}

/** The store key of the page's thumbnail, taking the screenshot the first time. */
export async function pageThumbnail(
  deps: ThumbnailDeps,
  url: string,
  delay: boolean,
): Promise<string> {
  const key = pageKey(url, delay);
  if (await deps.store.head(key)) return key;
  const now = (deps.now ?? Date.now)();
  const failed = failures.get(key);
  if (failed && failed.until > now) throw failed.error;
  let running = inflight.get(key);
  if (!running) {
    running = (async () => {
      const png = await deps.shooter.shot(url, delay ? TIMINGS.thumbnailDelayMs : 0);
      await deps.store.put(key, png, 'image/png');
      return key;
    })();
    inflight.set(key, running);
  }
  try {
    return await running;
  } catch (err) {
    const error = asHttpError(err);
    // A busy service is asked again next time; a page that failed is not, for a while.
    if (!(err instanceof ScreenshotError && err.kind === 'busy'))
      failures.set(key, { until: now + FAILURE_MS, error });
    throw error;
  } finally {
    inflight.delete(key);
  }
}

const TEXT_SUFFIXES = new Set(['txt', 'text']);

/** The store key of a stored text file's thumbnail, made on first request (and after a change). */
export async function textThumbnailKey(deps: ThumbnailDeps, key: string): Promise<string> {
  if (
    !isValidKey(key) ||
    !TEXT_SUFFIXES.has(suffixOf(key)) ||
    key.startsWith(`${THUMBNAIL_FOLDER}/`)
  )
    throw notFound(`No text thumbnail for ${key}`);
  const head = await deps.store.head(key);
  if (!head) throw notFound(`Not found: /files/${key}`);
  const version = `${head.size}-${head.modified?.getTime() ?? 0}`;
  const thumb = `${THUMBNAIL_FOLDER}/text/${key}-${version}.png`;
  if (await deps.store.head(thumb)) return thumb;
  const start = (await readStart(deps.store, key, TEXT_BYTES)) ?? Buffer.alloc(0);
  await deps.store.put(thumb, await textThumbnail(start.toString('utf8')), 'image/png');
  return thumb;
}
