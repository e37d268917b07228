/**
 * `mkdir -p` that always ends. Node's own `{ recursive: true }` loops for ever where a parent
 * exists but refuses new entries with ENOENT (anything under /proc/<pid>, for one); this walks
 * up once and tries each folder at most twice.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Makes one folder; false when its parent is missing. */
async function makeOne(dir: string): Promise<boolean> {
  try {
    await fs.mkdir(dir);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code !== 'EEXIST') throw e;
    if ((await fs.stat(dir)).isDirectory()) return true;
    throw Object.assign(new Error(`${dir} is a file, not a folder`), { code: 'ENOTDIR' });
  }
}

export async function makeDir(dir: string): Promise<void> {
  const target = path.resolve(dir);
  if (await makeOne(target)) return;
  const parent = path.dirname(target);
  if (parent !== target) await makeDir(parent);
  // The parent is there now; a second ENOENT means this place cannot hold folders at all.
  if (!(await makeOne(target))) await fs.mkdir(target);
}
