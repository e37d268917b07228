/**
 * Benchmarks. Each figure is a ratio against a baseline measured in the same run on the same
 * machine, so results compare across machines. Nothing here is a test: it only prints.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed';
import { createBoard } from '../apps/server/src/services/boards-create';
import { bigBoard } from './generate';
import { boardLoadBench } from './board-load';
import { markupBench } from './markup';
import { realtimeBench } from './realtime';
import { searchBench } from './search';
import { renderBench } from './render';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function hammer(url: string, body: string, cookie: string) {
  const r = await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', cookie },
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  const only = process.argv[2];
  // A million rows take a minute to make, so the search bench runs only when asked for.
  if (only === 'search') return void (await searchBench());
  const render = !only || only === 'render' ? await renderBench() : undefined;
  if (only === 'render') return;
  const markup = !only || only === 'markup' ? markupBench() : undefined;
  if (only === 'markup') return;
  const realtime = !only || only === 'realtime' ? await realtimeBench() : undefined;
  if (only === 'realtime') return;
  const boardLoad = !only || only === 'board-load' ? await boardLoadBench() : undefined;
  if (only === 'board-load') return;
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seed(database.db);
  await createBoard(database.db, bigBoard('author', 'bench', 2000));
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  const guest = await app.inject({ method: 'POST', url: '/api/auth/guest' });
  const cookie = `lb_session=${guest.cookies.find((c) => c.name === 'lb_session')!.value}`;
  const body = JSON.stringify({ addresses: ['/author/bench'] });
  const sample = await app.inject({
    method: 'POST',
    url: '/api/dbload/load_multilists',
    headers: { cookie, 'content-type': 'application/json' },
    payload: body,
  });
  const bytes = sample.body;

  // The ceiling: a bare Fastify route answering the same bytes with no database or policy work.
  const bare = Fastify();
  bare.post('/x', async (_req, reply) => reply.type('application/json').send(bytes));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  const ceiling = await hammer(`http://127.0.0.1:${barePort}/x`, body, cookie);
  const real = await hammer(`http://127.0.0.1:${port}/api/dbload/load_multilists`, body, cookie);
  const result = {
    date: new Date().toISOString(),
    payloadBytes: Buffer.byteLength(bytes),
    connections: CONNECTIONS,
    seconds: DURATION,
    ceiling,
    loadMultilists2000: real,
    ratioOfCeiling: Number((real.rps / ceiling.rps).toFixed(3)),
    boardLoad,
    markup,
    realtime,
    render,
  };
  console.log(
    `load_multilists, 2,000-item board (${(result.payloadBytes / 1024).toFixed(0)} KiB):`,
  );
  console.log(`  bare route, same bytes : ${ceiling.rps.toFixed(0)} req/s, p99 ${ceiling.p99} ms`);
  console.log(
    `  load_multilists        : ${real.rps.toFixed(0)} req/s, p99 ${real.p99} ms, errors ${real.errors}`,
  );
  console.log(`  ratio of ceiling       : ${result.ratioOfCeiling}`);
  const dir = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(result, null, 2));
  await app.close();
  await bare.close();
  await database.close();
}

void main();
