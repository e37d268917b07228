/**
 * Benchmarks. Each figure is a ratio against a baseline measured in the same run on the same
 * machine, so results compare across machines. Nothing here is a test: it only prints.
 *
 * `npm run bench` runs markup, realtime, board-load, http, render, render-wide (both need
 * `npm run build` first), insight and write-list; `npm run bench -- NAME` runs one.
 * search (a million rows) and soak (ten minutes) run only when named.
 */
import fs from 'node:fs';
import path from 'node:path';
import { own } from '@listboard/core';
import { boardLoadBench } from './board-load';
import { httpLoadBench } from './http-load';
import { insightBench } from './insight';
import { markupBench } from './markup';
import { realtimeBench } from './realtime';
import { renderBench } from './render';
import { renderWideBench } from './render-wide';
import { searchBench } from './search';
import { soakBench } from './soak';
import { writeListBench } from './write-list';

const BENCHES: Record<string, () => unknown> = {
  markup: markupBench,
  realtime: realtimeBench,
  'board-load': boardLoadBench,
  http: httpLoadBench,
  render: renderBench,
  'render-wide': renderWideBench,
  insight: insightBench,
  'write-list': writeListBench,
};
const ON_REQUEST: Record<string, () => unknown> = { search: searchBench, soak: soakBench };

async function main() {
  const only = process.argv[2];
  const all = { ...BENCHES, ...ON_REQUEST };
  const chosen = only ? own(all, only) : undefined;
  if (only && !chosen) {
    console.error(`Unknown benchmark ${only}; choose one of: ${Object.keys(all).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const results: Record<string, unknown> = { date: new Date().toISOString() };
  for (const [name, run] of Object.entries(only && chosen ? { [only]: chosen } : BENCHES)) {
    results[name] = await run();
  }
  const dir = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${only ?? 'latest'}.json`), JSON.stringify(results, null, 2));
}

void main();
