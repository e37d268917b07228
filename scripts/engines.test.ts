/**
 * Every package the lockfile installs runs on the oldest Node the project declares, so `npm ci`
 * on it prints no EBADENGINE warning and nothing fails later on a missing language feature.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const declared = (
  JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('the declared Node version', () => {
  it('is a range with a lowest version', () => {
    expect(semver.minVersion(declared)).not.toBeNull();
  });

  it('is supported by every installed package', () => {
    const oldest = semver.minVersion(declared)!.version;
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => {
        const node = Array.isArray(p.engines) ? undefined : p.engines?.node;
        return node !== undefined && !semver.satisfies(oldest, node);
      })
      .map(([where, p]) => `${where}@${p.version} wants node ${JSON.stringify(p.engines)}`);
    expect(refused).toEqual([]);
  });
});
