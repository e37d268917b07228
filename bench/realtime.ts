/**
 * Live edits at class size: VIEWERS viewers (200) watch a 2,000-item board through two app
 * processes on one PostgreSQL, half on each, as behind a load balancer; an author edits one item
 * through the first. For each viewer: the time from the author's acknowledgement until that
 * viewer holds the edited board, and the bytes it received for it (compressed, as on the wire).
 *
 * Two ways of becoming current, interleaved round by round in the same run:
 * - items: the app as it is. The event of an edit inside one item carries the item; a viewer
 *   whose event carries none loads the board again with its ETag, as the page does.
 * - reload: every viewer loads the board again on the event, with its ETag, as the page did
 *   before items travelled in events (the alternative an event of ids alone leaves).
 * Also the peak resident memory of each app process, by phase.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/seed';
import { createBoard } from '../apps/server/src/services/boards/create';
import { startPostgres } from '../apps/server/test/postgres-server';
import { bigBoard } from './generate';
import { startApp, stop } from './processes';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ITEMS = 2000;
const ADDRESS = '/author/bench';

type Mode = 'items' | 'reload';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const median = (xs: number[]) => quantile(xs, 0.5);

/** A GET that counts the bytes that crossed the wire (the body left compressed). */
function get(
  base: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  agent: http.Agent,
): Promise<{ status: number; bytes: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${pathAndQuery}`, { headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => {
        const etag = res.headers.etag;
        resolve({ status: res.statusCode ?? 0, bytes, etag });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

interface Viewer {
  base: string;
  cookie: string;
  etag: string | undefined;
  /** Bytes received since the round began. */
  bytes: number;
  /** When this viewer held the round's edit. */
  current: number | null;
}

/** The resident memory of a process, in KB, read without blocking the viewers' clock. */
function rssKb(proc: ChildProcess): Promise<number> {
  return new Promise((done) => {
    execFile('ps', ['-o', 'rss=', '-p', String(proc.pid)], (err, out) =>
      done(err ? 0 : Number(out.trim())),
    );
  });
}

export async function realtimeBench() {
  const pgServer = await startPostgres();
  const databaseUrl = pgServer.url('postgres');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-live-'));
  const procs: ChildProcess[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: VIEWERS * 2 + 10 });
  const streams: http.ClientRequest[] = [];
  try {
    const database = await openDatabase({ databaseUrl, dataDir: '' });
    await database.migrate();
    await seed(database.db);
    await createBoard(database.db, bigBoard('author', 'bench', ITEMS));
    await database.close();

    const bases: string[] = [];
    for (let i = 0; i < 2; i++) {
      const app = await startApp(databaseUrl, tmp, { ACCOUNT_RATE_LIMIT: '100000' });
      procs.push(app.proc);
      bases.push(app.base);
    }
    const [first, second] = bases as [string, string];
    const post = async (base: string, url: string, body: unknown, cookie?: string) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return { json: await res.json(), cookie: res.headers.get('set-cookie') };
    };
    const session = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? '';
    const author = session(
      (await post(first, '/api/auth/signin', { username: 'author', password: 'listboard' })).cookie,
    );
    const [board] = (
      await post(first, '/api/dbload/load_multilists', { addresses: [ADDRESS] }, author)
    ).json as { _id: string; lists: { items: { _id: string }[] }[] }[];
    if (!board) throw new Error('the bench board is missing');
    const loadPath = `/api/dbload/load_multilists?addresses=${encodeURIComponent(ADDRESS)}`;

    // The viewers: guest sessions of their own, half on each instance, each holding the board.
    const viewers: Viewer[] = [];
    for (let i = 0; i < VIEWERS; i++) {
      const base = i % 2 === 0 ? first : second;
      const cookie = session((await post(base, '/api/auth/guest', {})).cookie);
      const loaded = await get(base, loadPath, { cookie, 'accept-encoding': 'br, gzip' }, agent);
      viewers.push({ base, cookie, etag: loaded.etag, bytes: 0, current: null });
    }
    const boardBytes = (
      await get(
        first,
        loadPath,
        { cookie: viewers[0]?.cookie ?? '', 'accept-encoding': 'br, gzip' },
        agent,
      )
    ).bytes;

    let mode: Mode = 'items';
    let roundDone: (() => void) | null = null;
    let waiting = 0;
    const becameCurrent = (v: Viewer) => {
      v.current = performance.now();
      if (--waiting === 0) roundDone?.();
    };
    const reload = async (v: Viewer) => {
      const headers: Record<string, string> = { cookie: v.cookie, 'accept-encoding': 'br, gzip' };
      if (v.etag) headers['if-none-match'] = v.etag;
      const r = await get(v.base, loadPath, headers, agent);
      v.bytes += r.bytes;
      if (r.etag) v.etag = r.etag;
      becameCurrent(v);
    };
    await Promise.all(
      viewers.map(
        (v) =>
          new Promise<void>((ready) => {
            const req = http.get(
              `${v.base}/api/events?boards=${board._id}`,
              { agent, headers: { cookie: v.cookie } },
              (res) => {
                let buf = '';
                res.on('data', (d: Buffer) => {
                  v.bytes += d.length;
                  buf += d.toString();
                  for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
                    const message = buf.slice(0, end);
                    buf = buf.slice(end + 2);
                    const kind = /^event: (\w+)$/m.exec(message)?.[1];
                    if (kind === 'ready') ready();
                    if (kind !== 'board') continue;
                    const carriesItem = message.includes('"item":');
                    if (mode === 'items' && carriesItem) becameCurrent(v);
                    else void reload(v);
                  }
                });
              },
            );
            streams.push(req);
          }),
      ),
    );

    const items = board.lists.flatMap((l) => l.items);
    const rounds: Record<Mode, { p50: number; p95: number; bytesPerViewer: number }[]> = {
      items: [],
      reload: [],
    };
    // Peak memory of each app process, sampled every 100 ms, by phase: the viewers loading the
    // board and opening their streams (before this point), live edits alone, then the rounds of A
    // and B alternating. Memory once taken is seldom given back, so A alone comes before any B.
    type Phase = 'start' | 'items alone' | 'alternating';
    const peaks: Record<Phase, number[]> = {
      start: [0, 0],
      'items alone': [0, 0],
      alternating: [0, 0],
    };
    let phase: Phase = 'start';
    const sample = async () => {
      const kb = await Promise.all(procs.map(rssKb));
      kb.forEach((k, i) => (peaks[phase][i] = Math.max(peaks[phase][i] ?? 0, k)));
    };
    await sample();
    const sampler = setInterval(() => void sample(), 100);
    const editRound = async (r: number, record: boolean) => {
      for (const v of viewers) {
        v.bytes = 0;
        v.current = null;
      }
      waiting = viewers.length;
      const all = new Promise<void>((done) => (roundDone = done));
      const item = items[(r * 37) % items.length];
      if (!item) throw new Error('no item to edit');
      await post(
        first,
        '/api/forms/edit_item',
        { itemId: item._id, text: `Edited in round ${r}` },
        author,
      );
      const ack = performance.now();
      const timeout = setTimeout(() => roundDone?.(), 60_000);
      await all;
      clearTimeout(timeout);
      const delays = viewers.map((v) => (v.current ?? Infinity) - ack);
      if (record)
        rounds[mode].push({
          p50: median(delays),
          p95: quantile(delays, 0.95),
          bytesPerViewer: median(viewers.map((v) => v.bytes)),
        });
      // Let the last reloads' sockets settle before the next round.
      await new Promise((res) => setTimeout(res, 500));
    };
    phase = 'items alone';
    mode = 'items';
    for (let r = 0; r < ROUNDS; r++) await editRound(1000 + r, false);
    await sample();
    phase = 'alternating';
    for (let r = 0; r < ROUNDS * 2; r++) {
      mode = r % 2 === 0 ? 'items' : 'reload';
      await editRound(r, true);
    }
    await sample();
    clearInterval(sampler);

    const summary = (mode: Mode) => {
      const rs = rounds[mode];
      const p95s = rs.map((x) => x.p95);
      return {
        p50: median(rs.map((x) => x.p50)),
        p95: median(p95s),
        p95Spread: [Math.min(...p95s), Math.max(...p95s)],
        bytesPerViewer: median(rs.map((x) => x.bytesPerViewer)),
      };
    };
    const result = {
      viewers: VIEWERS,
      rounds: ROUNDS,
      items: ITEMS,
      boardBytesOnWire: boardBytes,
      items_: summary('items'),
      reload: summary('reload'),
      peakRssMb: Object.fromEntries(
        Object.entries(peaks).map(([k, kb]) => [k, kb.map((x) => Math.round(x / 1024))]),
      ),
    };
    const line = (name: string, s: ReturnType<typeof summary>) =>
      `  ${name.padEnd(26)}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms (rounds ${s.p95Spread.map((x) => x.toFixed(0)).join('–')} ms), ${(s.bytesPerViewer / 1024).toFixed(1)} KiB per viewer`;
    console.log(
      `live edits, ${VIEWERS} viewers of a ${ITEMS}-item board (${(boardBytes / 1024).toFixed(0)} KiB on the wire), two app processes on PostgreSQL, ${ROUNDS} rounds each, interleaved; from the author's acknowledgement until each viewer is current:`,
    );
    console.log(line('the edited item in events', result.items_));
    console.log(line('reload on each event', result.reload));
    for (const [k, mb] of Object.entries(result.peakRssMb))
      console.log(`  peak memory per app process, ${k.padEnd(12)}: ${mb.join(' MB, ')} MB`);
    return result;
  } finally {
    streams.forEach((s) => s.destroy());
    agent.destroy();
    for (const p of procs) await stop(p);
    pgServer.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
