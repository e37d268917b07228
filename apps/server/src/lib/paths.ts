/**
 * Where the server's own files are, found from this module whether it runs as TypeScript source
 * (apps/server/src/lib) or compiled into one file (apps/server/dist): the nearest folder above
 * holding the server's package.json.
 */
import fs from 'node:fs';
import path from 'node:path';

function serverRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@listboard/server') return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`No @listboard/server package above ${from}`);
  }
}

export const SERVER_ROOT = serverRoot(import.meta.dirname);
