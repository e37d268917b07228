import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canReadFile, ownFolderOf } from '../services/media/file-access';
import { THUMBNAIL_FOLDER } from '../services/media/folders';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../realtime/bus';
import { createFileStore } from '../storage';
import type { FileStore } from '../storage/file-store';
import type { PosterDeps } from '../services/media/posters';
import { registerBoardCalls } from './board-call';
import { fileRoutes } from './files';
import { mediaCalls } from './media-calls';
import { uploadRoutes } from './uploads';
import { thumbnailRoutes } from './thumbnails';
import { parseHostPolicy } from '../media/host-policy';
import { Screenshotter } from '../media/screenshot';
import { createSigner } from '../storage/signing';

/** Where the app's own /media/ files are: the built web app, or its sources when not built. */
export function posterDeps(config: Config, store: FileStore): PosterDeps {
  return {
    store,
    ffmpegPath: config.FFMPEG_PATH,
    fetchHosts: config.MEDIA_FETCH_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h),
    mediaDirs: [
      path.join(config.WEB_DIST, 'media'),
      path.resolve(import.meta.dirname, '../../../web/public/media'),
    ],
  };
}

/** Who may fetch a stored file: canReadFile, for the session's reader and their own folder. */
function fileGate(db: Db) {
  return async (req: FastifyRequest, key: string): Promise<boolean> => {
    const reader = { actor: req.actor, sessionId: req.sessionId };
    // A text file's thumbnail shows its first lines: it goes to those who may read the file.
    const source = key.startsWith(TEXT_THUMBNAILS)
      ? key.slice(TEXT_THUMBNAILS.length).replace(/-\d+-\d+\.png$/, '')
      : key;
    return canReadFile(db, reader, source, await ownFolderOf(db, req.actor));
  };
}

const TEXT_THUMBNAILS = `${THUMBNAIL_FOLDER}/text/`;

/** Uploads, served files, markers, poster frames and thumbnails. */
export async function mediaRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Config; bus?: EventBus; store?: FileStore },
): Promise<void> {
  const { db, config, bus } = opts;
  const store = opts.store ?? createFileStore(config);
  const mayRead = fileGate(db);
  await app.register(fileRoutes, { store, mayRead });
  await app.register(uploadRoutes, { db, store, limits: { maxBytes: config.UPLOAD_MAX_BYTES } });
  const policy = parseHostPolicy(config.THUMBNAIL_HOSTS);
  const shooter = new Screenshotter({ chromiumPath: config.CHROMIUM_PATH, policy });
  app.addHook('onClose', async () => shooter.close());
  const sign = createSigner({
    sessionSecret: config.SESSION_SECRET,
    dataDir: path.resolve(config.DATA_DIR),
  });
  await app.register(thumbnailRoutes, { deps: { store, shooter, policy, sign }, mayRead });
  registerBoardCalls(app, mediaCalls(posterDeps(config, store)), {
    db,
    appVersion: config.APP_VERSION,
    bus,
    publicUrl: config.PUBLIC_URL,
  });
}
