/**
 * The web app's first download stays within its budget: the JavaScript a browser must fetch
 * before it can show a board, gzipped, is at most 200 KB (200,000 bytes; issue 22). That is the entry script of
 * apps/web/dist/index.html, the scripts it preloads, and every chunk those import statically,
 * followed to the end; what is imported with import() (KaTeX, markdown-it, pdf.js, highlight.js,
 * the rarely used forms and pages, Insight) loads on demand and is not counted. Each file is
 * gzipped at the highest level, as the server sends it (apps/web/scripts/precompress.mjs).
 *
 * It reads the built app: `npm test` builds before it runs the tests; alone, build first with
 * `npm run build -w apps/web`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
/** In KB of 1,000 bytes, as the figures in bench/README.md are given. */
const BUDGET_KB = 200;

/** The scripts index.html loads at once: its module script and its modulepreload links. */
export function entryScripts(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const isModule = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const at = /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    return (isModule || isPreload) && at ? [at] : [];
  });
}

/**
 * The chunks a chunk imports statically: `import … from"./x.js"` and `import"./x.js"`, as the
 * bundler writes them. An import() call has a parenthesis and is not matched.
 */
export function staticImports(code: string): string[] {
  const found = code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
  );
  return [...found].flatMap((m) => (m[1] ? [m[1]] : []));
}

/** Each file of the first download, with its gzipped size in bytes. */
export function firstDownload(dist: string): { file: string; gzip: number }[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const seen = new Map<string, number>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const full = path.join(dist, file);
    if (!existsSync(full))
      throw new Error(`${file}, imported by the first download, is not in ${dist}`);
    const code = readFileSync(full);
    seen.set(file, gzipSync(code, { level: 9 }).length);
    for (const spec of staticImports(code.toString('utf8')))
      visit(path.posix.join(path.posix.dirname(file), spec));
  };
  for (const src of entryScripts(html)) visit(src.replace(/^\//, ''));
  return [...seen].map(([file, gzip]) => ({ file, gzip }));
}

describe('the web app’s first download', () => {
  it('reads imports as the bundler writes them', () => {
    const code =
      'const __vite__mapDeps=(i)=>i;\nimport{a as b,c}from"./x.js";import"./y.js";import*as z from"./z.js";' +
      'const m=()=>import("./lazy.js");';
    expect(staticImports(code)).toEqual(['./x.js', './y.js', './z.js']);
    const html =
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/runtime-2.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index-3.css">';
    expect(entryScripts(html)).toEqual(['/assets/index-1.js', '/assets/runtime-2.js']);
  });

  it(`is at most ${BUDGET_KB} KB of JavaScript, gzipped`, () => {
    if (!existsSync(path.join(DIST, 'index.html')))
      throw new Error(
        `No built web app in ${DIST}: build it first (npm run build -w apps/web; npm test builds before it runs the tests).`,
      );
    const files = firstDownload(DIST);
    expect(files.length, 'index.html names no module script').toBeGreaterThan(0);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const kb = (bytes: number) => (bytes / 1000).toFixed(1);
    const listing = files
      .sort((a, b) => b.gzip - a.gzip)
      .map((f) => `  ${kb(f.gzip).padStart(6)} KB  ${f.file}`)
      .join('\n');
    expect(
      total,
      `The first download is ${kb(total)} KB gzipped, over the ${BUDGET_KB} KB budget. ` +
        `Load what a first board view does not need with import().\n${listing}\n`,
    ).toBeLessThanOrEqual(BUDGET_KB * 1000);
  });
});
