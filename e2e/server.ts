/** Starts the built app as `npm start` would, on a free port with a fresh data folder. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  output(): string;
  /** Stops the app and removes its data folder, unless `keepData` (to start others from it). */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  /**
   * A data folder to start from, copied (a fresh install's: global-setup.ts provides one as
   * `dataTemplate`). Without it the app starts on an empty folder and installs itself.
   */
  template?: string;
}

export async function startServer(
  env: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<RunningServer> {
  // A caller that needs the address before start-up (for PUBLIC_URL, say) picks the port.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-e2e-'));
  if (opts.template) fs.cpSync(opts.template, dataDir, { recursive: true });
  let out = '';
  // The compiled server, as `npm start` runs it in production.
  const proc = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    proc,
    output: () => out,
    async stop({ keepData = false } = {}) {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
