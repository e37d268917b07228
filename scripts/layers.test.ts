/**
 * The layers of the code, checked from the import statements themselves: the server's lower
 * layers never reach up into services or routes, core imports no app, and no module imports
 * itself back through a chain of others (type-only imports included: they still tie the files).
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]/g;

/** The files a source file imports by relative path, resolved to files on disk. */
function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1]!;
    if (!spec.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), spec);
    const found = [
      `${base}.ts`,
      `${base}.tsx`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ].find((f) => existsSync(f));
    if (found) out.push(found);
  }
  return out;
}

const rel = (f: string) => path.relative(ROOT, f);

/** Each import cycle once, as the chain of files that closes it. */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, localImports(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const next of graph.get(f) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).map(rel));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found;
}

const SERVER = path.join(ROOT, 'apps/server/src');
const LOWER = ['db', 'storage', 'mail', 'importers', 'media', 'lib'];

describe('layers', () => {
  it('no lower server layer imports services or routes', () => {
    const upward = LOWER.flatMap((layer) =>
      sourceFiles(path.join(SERVER, layer)).flatMap((f) =>
        localImports(f)
          .filter((to) => /^(services|routes)\//.test(path.relative(SERVER, to)))
          .map((to) => `${rel(f)} → ${rel(to)}`),
      ),
    );
    expect(upward).toEqual([]);
  });

  it('core imports none of the apps', () => {
    const out = sourceFiles(path.join(ROOT, 'packages/core/src')).filter((f) =>
      /from\s*['"](@listboard\/(server|web)|\.\.\/\.\.\/\.\.\/apps)/.test(readFileSync(f, 'utf8')),
    );
    expect(out.map(rel)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import type { c } from './c';\nexport const b = 1;\n");
    writeFileSync(path.join(dir, 'c.ts'), "export { a as c } from './a';\n");
    try {
      expect(cycles(sourceFiles(dir))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(['packages/core/src', 'apps/server/src', 'apps/web/src'])(
    '%s has no import cycle',
    (dir) => {
      expect(cycles(sourceFiles(path.join(ROOT, dir)))).toEqual([]);
    },
  );
});
