// Copies the charting library versions that jsMedia blocks may name into public/vendor, so they
// are served by the app itself (no CDN) and load inside the blocks' sandboxed frames.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const out = path.resolve(import.meta.dirname, '../public/vendor');
fs.mkdirSync(out, { recursive: true });
const files = { 'd3.v3.min.js': 'd3v3/d3.min.js', 'd3.v4.min.js': 'd3v4/build/d3.min.js', 'd3.v5.min.js': 'd3v5/dist/d3.min.js' };
for (const [name, from] of Object.entries(files)) fs.copyFileSync(require.resolve(from), path.join(out, name));
