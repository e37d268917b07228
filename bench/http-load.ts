/**
 * HTTP load on a 2,000-item board: 200 signed-in readers, each with a session of their own,
 * fetch the board through load_multilists on a real app process (PostgreSQL behind it), while
 * autocannon runs here in another process. Every request takes brotli, as browsers do. Three
 * figures, alternated for ROUNDS rounds of DURATION seconds each:
 *
 * - A, the ceiling: a static file of the same bytes (a bare Fastify process answering its
 *   brotli copy, made once, with no database or policy);
 * - B, cached loads: every request is checked (session, roles, view states) and answered whole;
 * - C, revalidations: every reader sends back the ETag it holds, and unchanged boards cost a 304.
 *
 * Readers ask for the packed form, as the web does. Figures are ratios against the ceiling, median
 * of the rounds with their spread; with each, the processor time per request of the server and of
 * PostgreSQL (from /proc), which the machine's other work moves less than it moves throughput.
 * Before the rounds, the payload: the board's item text, its JSON in the full and the packed
 * form, and the bytes a reader downloads (brotli) for each.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/seed';
import { users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { createBoard } from '../apps/server/src/services/boards/create';
import { freePort, startPostgres } from '../apps/server/test/postgres-server';
import { must } from '@listboard/core';
import { unpackBoards, type PackedMultilist } from '@listboard/core/api/packed';
import { performance } from 'node:perf_hooks';
import { UPGRADE_AFTER, UPGRADE_AGE_MS } from '../apps/server/src/routes/encoded-answers';
import { bigBoard } from './generate';
import { postgresPids, processorMs, startApp, startProcess, stop, waitFor } from './processes';

const READERS = Number(process.env.BENCH_READERS ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ITEMS = 2000;

interface Figure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Processor time per answered request: the server hammered, and PostgreSQL's processes. */
  serverMs: number;
  postgresMs: number;
  /** Answers by status class, e.g. { '2xx': 1000, '3xx': 0 }. */
  statuses: Record<string, number>;
}

/** The bytes of an answer as sent (its body before decoding) and as JSON text after. */
function download(url: string, cookie: string): Promise<{ wire: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text =
            res.headers['content-encoding'] === 'br'
              ? zlib.brotliDecompressSync(body).toString('utf8')
              : body.toString('utf8');
          resolve({ wire: body.length, text });
        });
      })
      .on('error', reject);
  });
}

interface FormBytes {
  json: number;
  /** Bytes on the wire for the first reader (the fast copy) and later ones (the best copy). */
  first: number;
  best: number;
}

/** The board's item text and each form's bytes, as JSON and as sent. */
async function payloadOf(fullUrl: string, packedUrl: string, cookie: string) {
  const bytesOf = async (u: string): Promise<FormBytes & { text: string }> => {
    const first = await download(u, cookie);
    for (let i = 0; i < UPGRADE_AFTER; i++) await download(u, cookie);
    // The best copy is made in the background once an answer asked for often has lived
    // UPGRADE_AGE_MS and is asked for again; it takes a few seconds.
    await new Promise((r) => setTimeout(r, UPGRADE_AGE_MS));
    let best = await download(u, cookie);
    for (let i = 0; i < 40 && best.wire >= first.wire; i++) {
      await new Promise((r) => setTimeout(r, 250));
      best = await download(u, cookie);
    }
    return {
      text: first.text,
      json: Buffer.byteLength(first.text),
      first: first.wire,
      best: best.wire,
    };
  };
  const { text, ...full } = await bytesOf(fullUrl);
  const { text: packedText, ...packed } = await bytesOf(packedUrl);
  const boards = JSON.parse(text) as { lists: { items: { text: string }[] }[] }[];
  const textBytes = boards
    .flatMap((b) => b.lists.flatMap((l) => l.items))
    .reduce((n, i) => n + Buffer.byteLength(i.text), 0);
  return { textBytes, full, packed, reading: readingTimes(text, packedText) };
}

/**
 * What a page spends making the boards from an answer, on this machine's Node: the full form
 * parsed, against the packed form parsed and unpacked (as the web does), alternating, 15 rounds after 5 to warm up.
 */
function readingTimes(fullText: string, packedText: string) {
  const full: number[] = [];
  const packed: number[] = [];
  for (let round = 0; round < 20; round++) {
    const order = round % 2 === 0 ? (['full', 'packed'] as const) : (['packed', 'full'] as const);
    for (const form of order) {
      const start = performance.now();
      if (form === 'full') JSON.parse(fullText);
      else unpackBoards(JSON.parse(packedText) as PackedMultilist[]);
      // The first five rounds warm the code up.
      if (round >= 5) (form === 'full' ? full : packed).push(performance.now() - start);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const spread = (xs: number[]) => [Math.min(...xs), Math.max(...xs)];
  return {
    fullMs: median(full),
    fullSpread: spread(full),
    packedMs: median(packed),
    packedSpread: spread(packed),
  };
}

/** The processes whose processor time a figure counts. */
interface Counted {
  server: number;
  postgresDir: string;
}

/**
 * Runs autocannon with each request taking the next reader's cookie (and tag) in turn, and
 * counts the processor time the server and PostgreSQL spent meanwhile.
 */
async function hammer(
  url: string,
  headersFor: (i: number) => Record<string, string>,
  counted: Counted,
) {
  let next = 0;
  const pgBefore = postgresPids(counted.postgresDir);
  const serverStart = processorMs([counted.server]);
  const pgStart = processorMs(pgBefore);
  const r = await autocannon({
    url,
    method: 'GET',
    connections: READERS,
    duration: DURATION,
    requests: [
      {
        setupRequest(req) {
          req.headers = {
            ...req.headers,
            'accept-encoding': 'br',
            ...headersFor(next++ % READERS),
          };
          return req;
        },
      },
    ],
  });
  const pgPids = [...new Set([...pgBefore, ...postgresPids(counted.postgresDir)])];
  const answered = Math.max(1, r['2xx'] + r['3xx']);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r['5xx'] + r['4xx'],
    serverMs: (processorMs([counted.server]) - serverStart) / answered,
    postgresMs: (processorMs(pgPids) - pgStart) / answered,
    statuses: { '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
  } satisfies Figure;
}

export async function httpLoadBench() {
  const pgServer = await startPostgres();
  const databaseUrl = pgServer.url('postgres');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-http-'));
  const stopping: ChildProcess[] = [];
  try {
    // The data: fixtures, one 2,000-item board and READERS reader accounts.
    const database = await openDatabase({ databaseUrl, dataDir: '' });
    await database.migrate();
    await seed(database.db);
    await createBoard(database.db, bigBoard('author', 'bench', ITEMS));
    const passwordHash = await hashPassword('bench-password');
    await database.db.insert(users).values(
      Array.from({ length: READERS }, (_, i) => ({
        username: `bench${i}`,
        email: `bench${i}@bench.local`,
        emailVerified: true,
        passwordHash,
        roles: ['reader'],
        fullname: `Bench Reader ${i}`,
      })),
    );
    await database.close();

    const app = await startApp(databaseUrl, tmp);
    stopping.push(app.proc);
    const base = app.base;

    const fullUrl = `${base}/api/dbload/load_multilists?addresses=${encodeURIComponent('/author/bench')}`;
    const url = `${fullUrl}&form=packed`;
    const readers: { cookie: string; etag: string }[] = [];
    let payload: Awaited<ReturnType<typeof payloadOf>> | undefined;
    for (let i = 0; i < READERS; i++) {
      const res = await fetch(`${base}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `bench${i}`, password: 'bench-password' }),
      });
      if (!res.ok) throw new Error(`sign-in bench${i}: ${res.status} ${await res.text()}`);
      const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      if (i === 0) payload = await payloadOf(fullUrl, url, cookie);
      const first = await fetch(url, { headers: { cookie } });
      readers.push({ cookie, etag: first.headers.get('etag')! });
      if (i === 0) fs.writeFileSync(path.join(tmp, 'board.json'), await first.text());
      else await first.arrayBuffer();
    }
    const bytes = fs.statSync(path.join(tmp, 'board.json')).size;

    const barePort = await freePort();
    const bare = startProcess(['bench/bare-server.ts'], {
      PORT: String(barePort),
      BODY_FILE: path.join(tmp, 'board.json'),
    });
    stopping.push(bare.proc);
    await waitFor(`http://127.0.0.1:${barePort}/x`, bare.proc, bare.out);

    const postgresDir = path.join(pgServer.dir, 'data');
    const rounds: { ceiling: Figure; full: Figure; revalidate: Figure }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const ceiling = await hammer(
        `http://127.0.0.1:${barePort}/x`,
        (i) => ({ cookie: readers[i]!.cookie }),
        { server: must(bare.proc.pid, 'the bare server'), postgresDir },
      );
      const counted = { server: must(app.proc.pid, 'the app'), postgresDir };
      const full = await hammer(url, (i) => ({ cookie: readers[i]!.cookie }), counted);
      const revalidate = await hammer(
        url,
        (i) => ({ cookie: readers[i]!.cookie, 'if-none-match': readers[i]!.etag }),
        counted,
      );
      rounds.push({ ceiling, full, revalidate });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const pick = (k: 'ceiling' | 'full' | 'revalidate') => {
      const byRps = [...rounds].sort((a, b) => a[k].rps - b[k].rps);
      return byRps[Math.floor(byRps.length / 2)]![k];
    };
    const ratios = (k: 'full' | 'revalidate') => rounds.map((r) => r[k].rps / r.ceiling.rps);
    const ratioOf = (k: 'full' | 'revalidate') => {
      const xs = ratios(k);
      return { median: median(xs), low: Math.min(...xs), high: Math.max(...xs) };
    };
    const ceiling = pick('ceiling');
    const full = pick('full');
    const revalidate = pick('revalidate');
    // Processor time per request: the median of the rounds, for the server and for PostgreSQL.
    const perRequest = (k: 'ceiling' | 'full' | 'revalidate') => ({
      server: median(rounds.map((r) => r[k].serverMs)),
      postgres: median(rounds.map((r) => r[k].postgresMs)),
    });
    const processor = {
      ceiling: perRequest('ceiling'),
      full: perRequest('full'),
      revalidate: perRequest('revalidate'),
    };
    const result = {
      date: new Date().toISOString(),
      items: ITEMS,
      payloadBytes: bytes,
      payload: must(payload, 'the payload'),
      readers: READERS,
      seconds: DURATION,
      rounds: ROUNDS,
      ceiling,
      full,
      revalidate,
      fullRatio: ratioOf('full'),
      revalidateRatio: ratioOf('revalidate'),
      processor,
    };
    const line = (name: string, f: Figure, k: keyof typeof processor) =>
      `  ${name.padEnd(34)}: ${f.rps.toFixed(0).padStart(6)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, errors ${f.errors}; processor per request: server ${processor[k].server.toFixed(2)} ms, PostgreSQL ${processor[k].postgres.toFixed(2)} ms`;
    const ratio = (x: { median: number; low: number; high: number }) =>
      `${x.median.toFixed(2)} (${x.low.toFixed(2)}–${x.high.toFixed(2)})`;
    console.log(
      `HTTP load_multilists, ${ITEMS}-item board (${(bytes / 1024).toFixed(0)} KiB of JSON, brotli), ${READERS} readers, PostgreSQL, ${ROUNDS} rounds of ${DURATION} s:`,
    );
    const { textBytes } = result.payload;
    const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
    const form = (name: string, f: FormBytes) =>
      `  ${name.padEnd(34)}: ${kib(f.json)} of JSON = ${(f.json / textBytes).toFixed(2)}× its item text (${kib(textBytes)}); on the wire ${kib(f.first)} (first reader), ${kib(f.best)} (later readers)`;
    console.log(form('payload, full form', result.payload.full));
    console.log(form('payload, packed form (the web’s)', result.payload.packed));
    const r = result.payload.reading;
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `  made into boards by a page         : full form parsed ${ms(r.fullMs)} (${ms(r.fullSpread[0] ?? 0)}–${ms(r.fullSpread[1] ?? 0)}), packed form parsed and unpacked ${ms(r.packedMs)} (${ms(r.packedSpread[0] ?? 0)}–${ms(r.packedSpread[1] ?? 0)}) = ${(r.packedMs / r.fullMs).toFixed(2)}×`,
    );
    console.log(line('A static file, same bytes', ceiling, 'ceiling'));
    console.log(line('B cached loads', full, 'full'));
    console.log(line('C revalidations (ETag, 304)', revalidate, 'revalidate'));
    console.log(`  B / A                             : ${ratio(result.fullRatio)}`);
    console.log(`  C / A                             : ${ratio(result.revalidateRatio)}`);
    return result;
  } finally {
    for (const p of stopping) await stop(p);
    pgServer.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
