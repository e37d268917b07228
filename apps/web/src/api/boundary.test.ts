// @vitest-environment node
/**
 * The web reaches the API through one typed client (api/client.ts), whose every call answers its
 * own caller. These checks read the source files, so a new direct request or a return of the
 * old shared-error helpers fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const SELF = 'api/boundary.test.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  file: relative(SRC, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('test/');

/**
 * The only places that may open a connection of their own, each for a reason the JSON client
 * cannot serve.
 */
const ALLOWED: Record<string, Record<string, string>> = {
  fetch: {
    'api/client.ts': 'the client itself',
    'account/photo.ts': 'the profile photo is PUT to the signed storage address, not to the API',
    'blocks/PdfBlock.tsx': 'a HEAD of the PDF file itself (under /files/), before pdf.js reads it',
  },
  XMLHttpRequest: {
    'media/upload.ts': 'files are PUT to signed storage addresses, with upload progress',
    'search/loadProgress.ts':
      'load_stream: the file goes up with upload progress and the answer is read line by line',
  },
  EventSource: {
    'board/useLiveBoards.ts': 'the live event stream (/api/events), not a JSON call',
    'pages/usePresence.ts': 'the live event stream (/api/events) that marks the user present',
  },
};

const PATTERNS: Record<keyof typeof ALLOWED, RegExp> = {
  fetch: /(?:^|[^\w])fetch\s*\(/,
  XMLHttpRequest: /\bnew\s+XMLHttpRequest\b/,
  EventSource: /\bnew\s+EventSource\b/,
};

describe('the API boundary', () => {
  it('finds the source files', () => {
    expect(files.some((f) => f.file === 'api/client.ts')).toBe(true);
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(Object.keys(ALLOWED))('opens a connection with %s only where allowed', (kind) => {
    const pattern = PATTERNS[kind]!;
    const found = files
      .filter((f) => !isTest(f.file) && pattern.test(f.text))
      .map((f) => f.file)
      .sort();
    expect(found).toEqual(Object.keys(ALLOWED[kind]!).sort());
  });

  it('calls /api/ with fetch from the client alone', () => {
    const direct = files.filter(
      (f) =>
        f.file !== 'api/client.ts' &&
        !isTest(f.file) &&
        /(?:^|[^\w])fetch\s*\(\s*[`'"]\/api\//.test(f.text),
    );
    expect(direct.map((f) => f.file)).toEqual([]);
  });

  it('no file uses the removed helpers or a shared last error', () => {
    const removed = /\b(postJson|getJson|lastError)\b/;
    const users = files.filter((f) => f.file !== SELF && removed.test(f.text)).map((f) => f.file);
    expect(users).toEqual([]);
  });
});
