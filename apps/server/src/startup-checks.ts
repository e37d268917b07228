/**
 * What start-up checks before it opens anything, and how it words what went wrong: each failure
 * is one line naming the setting to change, never a stack trace.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Config } from './config';
import { CONNECT_TIMEOUT_MS } from './db/client';
import { makeDir } from './lib/make-dir';

/** A start-up failure whose message is the one line to print. */
export class StartupError extends Error {}

/** How long a folder, a name or a database may take to answer before start-up gives up. */
export const STARTUP_CHECK_MS = 3000;

const FS_REASONS: Record<string, string> = {
  ENOENT: 'that place cannot hold folders',
  ENOTDIR: 'part of the path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
};

/** The first line of an error's own words (an AggregateError's first inner error). */
export function errorText(e: unknown): string {
  const err = e as { message?: string; code?: string; errors?: unknown[] };
  const text = err.message || (err.errors?.length ? errorText(err.errors[0]) : '') || err.code;
  return (text || String(e)).split('\n', 1)[0]?.trim() ?? '';
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * DATA_DIR exists (made if need be) and takes a file. Runs before the embedded database or the
 * file store touch it, so neither meets a folder it cannot use.
 */
export async function checkDataDir(dataDir: string, ms = STARTUP_CHECK_MS): Promise<void> {
  if (dataDir === 'memory://') return;
  const dir = path.resolve(dataDir);
  const fail = (what: string) =>
    new StartupError(
      `DATA_DIR ${dataDir} is not a folder Listboard can write to (${what}): ` +
        'set DATA_DIR to a folder this user may create and write',
    );
  let step = `cannot create ${dir}`;
  const probe = async () => {
    await makeDir(dir);
    step = `cannot write in ${dir}`;
    const file = path.join(dir, `.write-check-${process.pid}`);
    await fs.promises.writeFile(file, 'ok');
    await fs.promises.rm(file, { force: true });
  };
  try {
    await withTimeout(probe(), ms, () => fail(`${step}: no answer within ${ms / 1000} s`));
  } catch (e) {
    if (e instanceof StartupError) throw e;
    const code = (e as NodeJS.ErrnoException).code ?? '';
    throw fail(`${step}: ${FS_REASONS[code] ?? errorText(e)}`);
  }
}

/** The one line for a failed listen on HOST and PORT. */
export function listenFailure(config: Pick<Config, 'HOST' | 'PORT'>, e: unknown): StartupError {
  const { HOST: host, PORT: port } = config;
  const pickHost = 'set HOST to a name or address of this machine, such as 0.0.0.0 or 127.0.0.1';
  switch ((e as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return new StartupError(
        `PORT ${port} is in use: choose another PORT or stop what is listening there`,
      );
    case 'EACCES':
      return new StartupError(
        `PORT ${port} needs privileges this user does not have: choose a PORT above 1023`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return new StartupError(`HOST ${host} cannot be resolved to an address: ${pickHost}`);
    case 'EADDRNOTAVAIL':
      return new StartupError(`HOST ${host} is not an address of this machine: ${pickHost}`);
    default:
      return new StartupError(`Cannot listen on HOST ${host}, PORT ${port}: ${errorText(e)}`);
  }
}

/**
 * HOST resolves to an address of this machine and PORT is free there: found out by listening for
 * a moment, before the database is opened, so a clash is reported at once.
 */
export async function checkListen(
  config: Pick<Config, 'HOST' | 'PORT'>,
  ms = STARTUP_CHECK_MS,
): Promise<void> {
  const server = net.createServer();
  const attempt = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: config.HOST, port: config.PORT }, () => server.close(() => resolve()));
  });
  try {
    await withTimeout(
      attempt,
      ms,
      () =>
        new StartupError(
          `HOST ${config.HOST} could not be resolved within ${ms / 1000} s: ` +
            'set HOST to an address of this machine, such as 0.0.0.0 or 127.0.0.1',
        ),
    );
  } catch (e) {
    server.close();
    throw e instanceof StartupError ? e : listenFailure(config, e);
  }
}

/** DATABASE_URL without its credentials, to name the server in a message. */
function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'its server';
  }
}

/** The one line for a database that would not open. */
export function databaseFailure(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  e: unknown,
): StartupError {
  const why = errorText(e);
  if (config.DATABASE_URL) {
    const timedOut = /timeout/i.test(why) ? `no answer within ${CONNECT_TIMEOUT_MS / 1000} s` : why;
    return new StartupError(
      `DATABASE_URL: cannot connect to PostgreSQL at ${databaseAddress(config.DATABASE_URL)} ` +
        `(${timedOut}): check that the server runs and DATABASE_URL is right`,
    );
  }
  return new StartupError(
    `DATA_DIR ${config.DATA_DIR}: the database in it cannot be opened (${why})`,
  );
}
