/**
 * Poster frames (spec sections 5 and 7): the frame at a video's range start, taken by ffmpeg and
 * stored at `admin/posters/{name}-{startcode}-{random}.png`; the media line's ' # poster' part
 * is then rewritten to it, so the item text stays the source of truth.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatTimecode, mediaMsg, replaceBlock } from '@listboard/core';
import type { Db } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { demuxerFor, extractFrame, FrameError } from '../../media/ffmpeg';
import { setMediaLinePoster } from '../../media/media-line';
import { posterMsg } from '../../media/messages';
import type { FileStore, MediaSource } from '../../storage/file-store';
import type { BlockRow, ItemRow } from '../boards/access';
import { toBlock } from '../boards/present';
import { filesUrl, keyOfFilesUrl } from './file-urls';
import { blockAt, blocksOf, rewriteItemText } from '../boards/item-rewrite';
import { POSTER_FOLDER } from './folders';

export interface PosterDeps {
  store: FileStore;
  ffmpegPath: string;
  /** Hosts whose media may be fetched (MEDIA_FETCH_HOSTS). */
  fetchHosts: string[];
  /** Folders that hold the app's own /media/ files. */
  mediaDirs: string[];
  timeoutMs?: number;
}

/** Where ffmpeg reads the block's video, and the name its poster is filed under. */
async function sourceOf(
  deps: PosterDeps,
  block: BlockRow,
): Promise<MediaSource & { name: string }> {
  const address = block.fullpathnq ?? block.url ?? '';
  const stem = (p: string) => p.replace(/\.[^./]*$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '_');
  const fromStore = async (key: string) => {
    // Only a file the block shows (file-access.ts): naming someone else's upload in a block is
    // no way to read it, frame by frame, nor to learn that it is there.
    if (block.shows !== key || !(await deps.store.head(key)))
      throw notFound(`Not found: ${filesUrl(key)}`);
    return { ...(await deps.store.mediaSource(key)), name: stem(key) };
  };
  if (block.isUpload) return fromStore(address);
  const key = keyOfFilesUrl(address);
  if (key !== null) return fromStore(key);
  const fixture = /^\/media\/([\p{L}\p{N}_-][\p{L}\p{N}._-]*)$/u.exec(address)?.[1];
  if (fixture) {
    for (const dir of deps.mediaDirs) {
      const file = path.join(dir, fixture);
      if (fs.existsSync(file))
        return { input: `file:${file}`, protocols: 'file', name: stem(`media/${fixture}`) };
    }
    throw notFound(`Not found: ${address}`);
  }
  if (/^https:\/\//i.test(address)) {
    const url = new URL(address);
    if (deps.fetchHosts.includes(url.hostname.toLowerCase()))
      return {
        input: url.href,
        protocols: 'https,tls,tcp',
        name: stem(`${url.hostname}${url.pathname}`),
      };
  }
  throw badRequest(posterMsg.notReachable);
}

/**
 * Takes the poster frame of a video block (the item's first media block when none is named), at
 * `at` seconds or else the range start, and writes it into the item's text.
 */
export async function setPosterFrame(
  db: Db,
  deps: PosterDeps,
  item: ItemRow,
  opts: { blockId?: string; at?: number },
) {
  const all = await blocksOf(db, item.id);
  const block = opts.blockId
    ? all.find((b) => b.id === opts.blockId)
    : all.find((b) => b.type === 'video' || b.type === 'audio');
  if (!block || (block.type !== 'video' && block.type !== 'audio'))
    throw badRequest(mediaMsg.notAMediaItem);
  if (block.type !== 'video') throw badRequest(posterMsg.videoOnly);
  const format = demuxerFor(block.suffix ?? '');
  if (!format) throw badRequest(posterMsg.videoOnly);

  const range = block.range as { start?: number; posterCode?: string } | null;
  const at = opts.at ?? range?.start ?? 0;
  const code =
    opts.at !== undefined
      ? formatTimecode(opts.at).replace(/[:.]/g, '-')
      : (range?.posterCode ?? '0');
  const source = await sourceOf(deps, block);
  let png: Buffer;
  try {
    png = await extractFrame({
      ffmpeg: deps.ffmpegPath,
      input: source.input,
      protocols: source.protocols,
      format,
      at,
      timeoutMs: deps.timeoutMs,
    });
  } catch (err) {
    if (err instanceof FrameError && err.kind === 'no-frame')
      throw badRequest(posterMsg.noFrame(formatTimecode(at)));
    if (err instanceof FrameError && err.kind === 'missing')
      throw new HttpError(503, posterMsg.noFfmpeg);
    throw new HttpError(422, posterMsg.failed);
  }
  // Poster frames are served to all, so each is filed under a name no one can guess: the frame
  // of a private video or of one on a board behind a password goes to those who read its item.
  const key = `${POSTER_FOLDER}/${source.name}-${code}-${randomBytes(12).toString('base64url')}.png`;
  await deps.store.put(key, png, 'image/png');
  const posterPath = filesUrl(key);
  const text = replaceBlock(item.text, block.index, setMediaLinePoster(block.text, posterPath));
  await rewriteItemText(db, item, text);
  const updated = await blockAt(db, item.id, block.index);
  return { itemId: item.id, posterPath, posterUrl: posterPath, block: updated && toBlock(updated) };
}
