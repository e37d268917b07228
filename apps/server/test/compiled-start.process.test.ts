/**
 * Production runs compiled JavaScript (`npm run build` then `npm start`), not TypeScript through
 * a loader: the build script's output starts on plain Node, migrates, seeds and answers.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '..');
// Built into a folder of its own, so a build running beside the e2e suite's server leaves
// apps/server/dist alone.
const outdir = `.build-${process.pid}`;
let dataDir: string;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', outdir], {
    cwd: SERVER,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-compiled-'));
});
afterAll(() => {
  fs.rmSync(path.join(SERVER, outdir), { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is JavaScript that plain Node runs: it migrates, seeds and serves boards', async () => {
    const main = path.join(SERVER, outdir, 'main.js');
    // No TypeScript anywhere in what Node is asked to load.
    expect(fs.readFileSync(main, 'utf8')).not.toMatch(/from ['"][^'"]+\.ts['"]/);
    const port = 30_000 + (process.pid % 20_000);
    const proc = spawn(process.execPath, [main], {
      cwd: os.tmpdir(),
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      let health: Response | null = null;
      while (!health) {
        if (proc.exitCode !== null) throw new Error(`exited early:\n${out}`);
        health = await fetch(`${base}/api/health`).catch(() => null);
        if (!health) await new Promise((r) => setTimeout(r, 200));
      }
      expect(await health.json()).toEqual({ ok: true, db: 'pglite' });
      const boards = await fetch(`${base}/api/dbload/load_multilists`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ addresses: ['/author/course'] }),
      });
      expect(boards.status).toBe(200);
      expect(((await boards.json()) as { title: string }[])[0]!.title).toBeTruthy();
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
  }, 60_000);
});
