/**
 * No source file grows past 400 lines: a file that long holds more than one concern and is split
 * by concern instead (house rule). Tests and their fixtures may be longer. Stylesheets are not
 * counted.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 400;

const CODE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const TEST = /\.test\.[a-z]+$|\.d\.ts$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (!['node_modules', 'dist', 'test'].includes(name)) out.push(...sourceFiles(full));
    } else if (CODE.test(name) && !TEST.test(name)) {
      out.push(full);
    }
  }
  return out;
}

/** Every package, and each app's src. */
function checkedFiles(): string[] {
  const apps = path.join(ROOT, 'apps');
  return [
    ...sourceFiles(path.join(ROOT, 'packages')),
    ...readdirSync(apps)
      .map((app) => path.join(apps, app, 'src'))
      .filter((src) => statSync(src, { throwIfNoEntry: false })?.isDirectory())
      .flatMap(sourceFiles),
  ];
}

const lineCount = (file: string) =>
  readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('file size', () => {
  it(`keeps every non-test source file under packages/ and apps/*/src to ${MAX_LINES} lines`, () => {
    const files = checkedFiles();
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .map((f) => ({ file: path.relative(ROOT, f), lines: lineCount(f) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(over, 'split these by concern').toEqual([]);
  });
});
