/** Child processes for benches: app servers and bare servers, started, awaited and stopped. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../apps/server/test/postgres-server';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Waits until the URL answers 2xx; fails with the process's output if it exits first. */
export async function waitFor(url: string, proc: ChildProcess, out: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`process exited early:\n${out()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}:\n${out()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs a TypeScript entry point in a child Node process, collecting its output. */
export function startProcess(args: string[], env: Record<string, string>) {
  let out = '';
  const prof = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return { proc, out: () => out };
}

/** Stops a child process and waits for it to exit. */
export async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

/**
 * An app process on the given PostgreSQL and data folder, with no seeding, no logs and sign-in
 * limits out of the way; answers once /api/health does.
 */
export async function startApp(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ base: string; proc: ChildProcess }> {
  const port = await freePort();
  const app = startProcess(['apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED: 'off',
    SIGNIN_RATE_LIMIT: '100000',
    ...env,
  });
  const base = `http://127.0.0.1:${String(port)}`;
  try {
    await waitFor(`${base}/api/health`, app.proc, app.out);
  } catch (err) {
    await stop(app.proc);
    throw err;
  }
  return { base, proc: app.proc };
}

/** Linux's clock ticks per second for process times in /proc (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * A process's /proc stat fields after its command name (which may hold spaces), from its state
 * on: the parent's id is the 2nd, utime and stime the 12th and 13th. Null once it has gone.
 */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The processor time (user and system) the processes have used so far, in milliseconds. */
export function processorMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** A PostgreSQL server's processes: the postmaster (from its data folder) and its children. */
export function postgresPids(dataDir: string): number[] {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const children = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => Number(statFields(pid)?.[1]) === postmaster);
  return [postmaster, ...children];
}
