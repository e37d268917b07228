/**
 * Live-update fan-out: N viewers hold event streams on one board; a note is inserted; the delay
 * from the insert call until each viewer has the event is recorded. Baseline in the same run:
 * the round trip of a bare request to the same server (the least any delivery can take).
 */
import http from 'node:http';
import type { Multilist } from '@listboard/core';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/seed';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export async function realtimeBench() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seed(database.db);
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      SIGNIN_RATE_LIMIT: '1000',
    }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const signin = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username: 'reader', password: 'listboard' },
  });
  const cookie = `lb_session=${signin.cookies.find((c) => c.name === 'lb_session')!.value}`;
  const guest = await app.inject({ method: 'POST', url: '/api/auth/guest' });
  const guestCookie = `lb_session=${guest.cookies.find((c) => c.name === 'lb_session')!.value}`;
  const [course] = (
    await app.inject({
      method: 'POST',
      url: '/api/dbload/load_multilists',
      headers: { cookie },
      payload: { addresses: ['/author/course'] },
    })
  ).json<Multilist[]>();
  if (!course) throw new Error('the seeded course board is missing');
  const item = course.lists[2]!.items[0]!;

  const agent = new http.Agent({ keepAlive: true, maxSockets: VIEWERS + 10 });
  let pending: ((t: number) => void)[] = [];
  const streams: http.ClientRequest[] = [];
  await Promise.all(
    Array.from(
      { length: VIEWERS },
      () =>
        new Promise<void>((ready) => {
          const req = http.get(
            {
              host: '127.0.0.1',
              port,
              path: `/api/events?boards=${course._id}`,
              agent,
              headers: { cookie: guestCookie },
            },
            (res) => {
              let buf = '';
              res.on('data', (d: Buffer) => {
                buf += d.toString();
                if (buf.includes('event: ready')) {
                  buf = '';
                  ready();
                }
                if (buf.includes('event: board')) {
                  buf = '';
                  const t = performance.now();
                  pending.shift()?.(t);
                }
              });
            },
          );
          streams.push(req);
        }),
    ),
  );

  const delays: number[] = [];
  const bare: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const arrivals: number[] = [];
    const all = new Promise<void>((done) => {
      pending = Array.from({ length: VIEWERS }, () => (t: number) => {
        arrivals.push(t);
        if (arrivals.length === VIEWERS) done();
      });
    });
    const t0 = performance.now();
    await fetch(`http://127.0.0.1:${port}/api/forms/insert_note`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        listId: item.listId,
        itemId: item._id,
        noteSpec: { text: `round ${r}` },
      }),
    });
    await all;
    for (const t of arrivals) delays.push(t - t0);
    const b0 = performance.now();
    await fetch(`http://127.0.0.1:${port}/api/health`);
    bare.push(performance.now() - b0);
  }
  streams.forEach((s) => s.destroy());
  agent.destroy();
  await app.close();
  await database.close();
  const result = {
    viewers: VIEWERS,
    rounds: ROUNDS,
    p50: quantile(delays, 0.5),
    p95: quantile(delays, 0.95),
    bareP50: quantile(bare, 0.5),
  };
  console.log(`realtime, ${VIEWERS} viewers on one board, ${ROUNDS} notes:`);
  console.log(
    `  insert → every viewer : p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`,
  );
  console.log(`  bare request (baseline): p50 ${result.bareP50.toFixed(1)} ms`);
  return result;
}
