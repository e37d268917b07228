import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const start = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('start-up with a bad configuration', () => {
  it('prints one clear line and exits non-zero for PORT=abc', () => {
    const r = start({ PORT: 'abc' });
    expect(r.status).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('PORT');
  });

  it('prints one clear line and exits non-zero for an unreachable DATABASE_URL', () => {
    const r = start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(r.status).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/Cannot open the PostgreSQL server at DATABASE_URL/);
  });
});
