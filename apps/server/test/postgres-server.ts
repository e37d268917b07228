/**
 * A throwaway PostgreSQL server for tests and local runs: initdb in a temp folder, pg_ctl start
 * on a free loopback port, stopped and removed afterwards. Uses the installed Debian binaries.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PgServer {
  url(db: string): string;
  port: number;
  dir: string;
  /** Stops the server but keeps its data, as a restart or a crash would. */
  halt(mode?: 'fast' | 'immediate'): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  stop(): void;
}

export function findPgBin(): string {
  const candidates = [
    process.env.PG_BIN,
    '/usr/lib/postgresql/17/bin',
    '/usr/lib/postgresql/16/bin',
    '/usr/lib/postgresql/15/bin',
  ];
  for (const c of candidates) if (c && fs.existsSync(path.join(c, 'initdb'))) return c;
  throw new Error(
    'PostgreSQL binaries not found (install the Debian package postgresql or set PG_BIN).',
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** initdb refuses to run as root, so as root every command runs as the postgres user. */
function run(cmd: string, args: string[]): void {
  if (isRoot()) {
    const line = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', line], { stdio: 'pipe' });
  } else {
    execFileSync(cmd, args, { stdio: 'pipe' });
  }
}

export async function startPostgres(): Promise<PgServer> {
  const bin = findPgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-pg-'));
  if (isRoot()) execFileSync('chown', ['postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const port = await freePort();
  const start = () =>
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200`,
      '-w',
      'start',
    ]);
  start();
  return {
    port,
    dir,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    halt: (mode = 'fast') => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']),
    resume: start,
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
