/**
 * Listboard as several machines would run it, on one: PostgreSQL (initdb in a folder), an
 * S3-compatible store (s3rver), N app instances on their own ports sharing the database, the
 * bucket and the session secret, and nginx in front balancing requests across them. Used by
 * `npm run cluster` and by the cluster e2e test.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { findPgBin, freePort } from '../apps/server/test/postgres-server';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface ClusterOptions {
  /** Folder for the database, the bucket and the logs; kept between runs. */
  dir: string;
  /** The port nginx listens on: the address users reach. */
  port: number;
  instances?: number;
  log?: (line: string) => void;
}

export interface Cluster {
  /** The balanced address, through nginx. */
  url: string;
  /** Each instance's own address. */
  instances: string[];
  databaseUrl: string;
  stop(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function runAsPostgres(cmd: string, args: string[]) {
  try {
    if (isRoot()) {
      const line = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', line], { stdio: 'pipe' });
    } else execFileSync(cmd, args, { stdio: 'pipe' });
  } catch (err) {
    const e = err as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(
      `${path.basename(cmd)} failed: ${String(e.stderr ?? '')}${String(e.stdout ?? '')}`,
    );
  }
}

export function findNginx(): string {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (fs.existsSync(p)) return p;
  }
  throw new Error('nginx not found: install the Debian package nginx (apt-get install nginx).');
}

async function waitFor(url: string, proc: ChildProcess | null, what: string, out = () => '') {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc && proc.exitCode !== null) throw new Error(`${what} exited early:\n${out()}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start:\n${out()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopChild(proc: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

function nginxConfig(dir: string, port: number, instancePorts: number[]) {
  return `
worker_processes 1;
error_log ${dir}/nginx-error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-tmp/body;
  proxy_temp_path ${dir}/nginx-tmp/proxy;
  fastcgi_temp_path ${dir}/nginx-tmp/fastcgi;
  uwsgi_temp_path ${dir}/nginx-tmp/uwsgi;
  scgi_temp_path ${dir}/nginx-tmp/scgi;
  client_max_body_size 2m;
  upstream listboard {
${instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://listboard;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # nginx is the edge: the header names the address that reached it, never what the client
      # wrote there, and the instances believe it from nginx alone (TRUST_PROXY).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
    }
    # Live updates: no buffering, and streams may stay open for hours.
    location /api/events {
      proxy_pass http://listboard;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const log = opts.log ?? (() => {});
  const n = opts.instances ?? 3;
  const dir = path.resolve(opts.dir);
  fs.mkdirSync(dir, { recursive: true });
  // The postgres user must be able to reach the folders below.
  fs.chmodSync(dir, 0o755);
  const stops: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await Promise.resolve(s()).catch(() => {});
  };
  try {
    // PostgreSQL: initdb once, then start it on a free port.
    const bin = findPgBin();
    const pgDir = path.join(dir, 'pg');
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      fs.mkdirSync(pgDir, { recursive: true });
      if (isRoot()) execFileSync('chown', ['-R', 'postgres', pgDir]);
      fs.chmodSync(pgDir, 0o700);
      runAsPostgres(path.join(bin, 'initdb'), [
        '-D',
        pgDir,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
      ]);
    }
    const pgPort = await freePort();
    // Socket and log live in a folder the postgres user owns (initdb refuses to run as root).
    const sockDir = path.join(dir, 'pg-run');
    fs.mkdirSync(sockDir, { recursive: true });
    if (isRoot()) execFileSync('chown', ['postgres', sockDir]);
    runAsPostgres(path.join(bin, 'pg_ctl'), [
      '-D',
      pgDir,
      '-l',
      path.join(sockDir, 'postgres.log'),
      '-o',
      `-p ${pgPort} -c listen_addresses=127.0.0.1 -k ${sockDir} -c max_connections=200`,
      '-w',
      'start',
    ]);
    stops.push(() =>
      runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', pgDir, '-m', 'fast', '-w', 'stop']),
    );
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    log(`PostgreSQL on port ${pgPort} (${pgDir})`);

    // The bucket.
    const s3Port = await freePort();
    const s3 = new S3rver({
      port: s3Port,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'listboard', configs: [CORS] }],
    });
    await s3.run();
    stops.push(() => s3.close());
    const s3Url = `http://127.0.0.1:${s3Port}`;
    log(`S3-compatible store (s3rver) on ${s3Url}, bucket listboard`);

    // The app instances: same database, bucket and secret; their own ports and outboxes.
    const port = opts.port;
    const publicUrl = `http://localhost:${port}`;
    const secretFile = path.join(dir, 'session-secret');
    if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(24).toString('hex'));
    const secret = fs.readFileSync(secretFile, 'utf8');
    const instancePorts: number[] = [];
    for (let i = 1; i <= n; i++) {
      const p = await freePort();
      instancePorts.push(p);
      const dataDir = path.join(dir, `app${i}`);
      fs.mkdirSync(dataDir, { recursive: true });
      let out = '';
      const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(p),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          PUBLIC_URL: publicUrl,
          SESSION_SECRET: secret,
          STORAGE: 's3',
          S3_BUCKET: 'listboard',
          S3_ENDPOINT: s3Url,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          // Only the first instance seeds, so two never race to create the same rows.
          SEED: i === 1 ? 'auto' : 'off',
          // nginx reaches the instances from loopback; its X-Forwarded-For names the client.
          TRUST_PROXY: '127.0.0.1',
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
      proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
      stops.push(() => stopChild(proc));
      await waitFor(`http://127.0.0.1:${p}/api/health`, proc, `instance ${i}`, () => out);
      log(`instance ${i} on http://127.0.0.1:${p}`);
    }

    // nginx in front.
    const nginx = findNginx();
    for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      fs.mkdirSync(path.join(dir, 'nginx-tmp', t), { recursive: true });
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig(dir, port, instancePorts));
    let nginxOut = '';
    const proxy = spawn(nginx, ['-c', conf, '-p', dir, '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proxy.stderr.on('data', (d: Buffer) => (nginxOut += d.toString()));
    stops.push(() => stopChild(proxy, 'SIGQUIT'));
    await waitFor(`http://127.0.0.1:${port}/api/health`, proxy, 'nginx', () => nginxOut);
    log(`nginx on ${publicUrl}, balancing ${n} instances`);

    return {
      url: publicUrl,
      instances: instancePorts.map((p) => `http://127.0.0.1:${p}`),
      databaseUrl,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
