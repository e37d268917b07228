import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/**
 * How long a start-up with a bad setting may take to give up before it counts as hanging. It
 * exits as soon as the setting is checked (well under a second on an idle machine); loading the
 * server's sources through tsx took over 5 s while the rest of the suite kept both cores busy.
 */
const HANG = 20_000;
/**
 * Starts the server and waits for it to stop by itself; one that is still running after HANG
 * is killed, and `signal` says so.
 */
const start = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    encoding: 'utf8',
    timeout: HANG,
    killSignal: 'SIGKILL',
  });

/** Exit code 1 by itself, and one line on stderr that names the setting and no stack. */
function expectOneLineNaming(r: ReturnType<typeof start>, setting: string): string {
  expect(r.signal, `still running after ${HANG / 1000} s; stderr: ${r.stderr}`).toBeNull();
  expect(r.status, r.stderr).toBe(1);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^(Invalid configuration: )?${setting}\\b`));
  expect(r.stderr).not.toMatch(/^\s+at /m);
  return lines[0]!;
}

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-startup-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('start-up with a bad configuration', () => {
  it('prints one clear line and exits 1 for PORT=abc', () => {
    expectOneLineNaming(start({ PORT: 'abc' }), 'PORT');
  });

  it('names PORT when something else is listening on it', async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const line = expectOneLineNaming(start({ PORT: String(port) }), 'PORT');
      expect(line).toBe(
        `PORT ${port} is in use: choose another PORT or stop what is listening there`,
      );
    } finally {
      taken.close();
    }
  });

  it('names HOST when it does not resolve', () => {
    const line = expectOneLineNaming(start({ HOST: 'no-such-host.invalid' }), 'HOST');
    expect(line).toContain('no-such-host.invalid');
  });

  it('names DATA_DIR when the folder cannot be made (under /proc), instead of hanging', () => {
    const line = expectOneLineNaming(start({ DATA_DIR: '/proc/1/nope' }), 'DATA_DIR');
    expect(line).toContain('/proc/1/nope');
  });

  it('names DATA_DIR when part of its path is a file', () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, 'not a folder');
    const line = expectOneLineNaming(start({ DATA_DIR: path.join(file, 'data') }), 'DATA_DIR');
    expect(line).toContain('a file, not a folder');
  });

  it('names DATABASE_URL when PostgreSQL cannot be reached, without its password', () => {
    const r = start({ DATABASE_URL: 'postgres://nobody:hunter2secret@127.0.0.1:1/none' });
    const line = expectOneLineNaming(r, 'DATABASE_URL');
    expect(line).toContain('127.0.0.1:1');
    expect(line).not.toContain('hunter2secret');
  });
});
