/**
 * Soak: an app process on PostgreSQL under a steady mix of readers and writers for
 * SOAK_SECONDS (600 by default): board loads (half of them revalidating with their ETag),
 * searches, notes, item inserts and edits (the writers are the board's coauthors), and file
 * uploads. Afterwards every acknowledged write is looked for (an edited item must show its last
 * acknowledged text), and the process's memory is read every ten seconds throughout.
 *
 * What must hold: zero errors, no acknowledged write missing, memory flat once warm. Resident
 * size swings by a few hundred MiB between collections, so the figure to watch is each minute's
 * lowest sample: it may rise while caches fill and the board grows, then must level off.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/seed';
import { users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { createBoard } from '../apps/server/src/services/boards/create';
import { freePort, startPostgres } from '../apps/server/test/postgres-server';
import { bigBoard } from './generate';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const READERS = Number(process.env.SOAK_READERS ?? 24);
const WRITERS = Number(process.env.SOAK_WRITERS ?? 6);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

interface Counts {
  requests: number;
  errors: number;
  byKind: Record<string, { requests: number; errors: number }>;
  firstErrors: string[];
}

function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
}

export async function soakBench() {
  const pgServer = await startPostgres();
  const databaseUrl = pgServer.url('postgres');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-soak-'));
  let proc: ReturnType<typeof spawn> | null = null;
  try {
    const database = await openDatabase({ databaseUrl, dataDir: '' });
    await database.migrate();
    await seed(database.db);
    await createBoard(database.db, bigBoard('author', 'soak', 500));
    const passwordHash = await hashPassword('soak-password');
    const people = READERS + WRITERS;
    await database.db.insert(users).values(
      Array.from({ length: people }, (_, i) => ({
        username: `soak${i}`,
        email: `soak${i}@bench.local`,
        emailVerified: true,
        passwordHash,
        roles: ['reader'],
        fullname: `Soak ${i}`,
      })),
    );
    await database.close();

    const port = await freePort();
    let out = '';
    proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: tmp,
        LOG_LEVEL: 'warn',
        SEED: 'off',
        SIGNIN_RATE_LIMIT: '100000',
        ACCOUNT_RATE_LIMIT: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      if (i > 300) throw new Error(`app did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const counts: Counts = { requests: 0, errors: 0, byKind: {}, firstErrors: [] };
    const note = (kind: string, ok: boolean, detail: string) => {
      counts.requests++;
      const k = (counts.byKind[kind] ??= { requests: 0, errors: 0 });
      k.requests++;
      if (!ok) {
        counts.errors++;
        k.errors++;
        if (counts.firstErrors.length < 10) counts.firstErrors.push(`${kind}: ${detail}`);
      }
    };
    const signIn = async (username: string, password = 'soak-password') => {
      const res = await fetch(`${base}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (!res.ok) throw new Error(`sign-in ${username}: ${res.status}`);
      return res.headers.get('set-cookie')!.split(';')[0]!;
    };
    const call = async (kind: string, cookie: string, p: string, body: unknown) => {
      try {
        const res = await fetch(`${base}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        note(kind, res.ok, `${res.status} ${text.slice(0, 200)}`);
        return res.ok ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch (err) {
        note(kind, false, String(err));
        return null;
      }
    };

    const adminCookie = await signIn('soak0');
    const [board] = (await call('setup', adminCookie, '/api/dbload/load_multilists', {
      addresses: ['/author/soak'],
    })) as unknown as { lists: { _id: string; items: { _id: string }[] }[] }[];
    const targets = board!.lists.flatMap((l) =>
      l.items.map((i) => ({ listId: l._id, itemId: i._id })),
    );

    // Writers are the board's coauthors, so they may insert and edit items as well as post notes.
    const ownerCookie = await signIn('author', 'listboard');
    for (let i = 0; i < WRITERS; i++)
      await call('setup', ownerCookie, '/api/forms/add_coauthor', {
        title: 'soak',
        owner: 'author',
        username: `soak${READERS + i}`,
      });

    const acked = { notes: [] as string[], uploads: [] as string[] };
    /** Each item a writer inserted, with the text its last acknowledged edit gave it. */
    const itemTexts = new Map<string, string>();
    const until = Date.now() + SECONDS * 1000;
    const memory: { t: number; rss: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => {
      memory.push({ t: Math.round((Date.now() - started) / 1000), rss: rss(proc!.pid!) });
    }, 10_000);

    const reader = async (i: number) => {
      const cookie = await signIn(`soak${i}`);
      let etag: string | null = null;
      const url = `${base}/api/dbload/load_multilists?addresses=${encodeURIComponent('/author/soak')}`;
      for (let n = 0; Date.now() < until; n++) {
        if (n % 7 === 6) {
          await call('search', cookie, '/api/dbload/load_search', {
            address: `/x/home;results?searchStr=soak&users=all&bucket=none&page=${n % 3}`,
          });
          continue;
        }
        try {
          const res = await fetch(url, {
            headers: { cookie, ...(etag && n % 2 ? { 'if-none-match': etag } : {}) },
          });
          await res.arrayBuffer();
          note('load', res.status === 200 || res.status === 304, String(res.status));
          etag = res.headers.get('etag') ?? etag;
        } catch (err) {
          note('load', false, String(err));
        }
      }
    };
    const writer = async (i: number) => {
      const who = `soak${READERS + i}`;
      const cookie = await signIn(who);
      const mine: string[] = [];
      for (let n = 0; Date.now() < until; n++) {
        const t = targets[(i * 997 + n * 31) % targets.length]!;
        if (n % 10 === 9) {
          const name = `${who}/soak-${n}.png`;
          const signed = await call('upload', cookie, '/api/upload/s3', {
            bucketPath: name,
            fileType: 'image/png',
          });
          if (!signed) continue;
          const put = await fetch(`${base}${signed.url as string}`, {
            method: 'PUT',
            headers: signed.headers as Record<string, string>,
            body: PNG,
          }).catch(() => null);
          note('upload', put?.ok === true, String(put?.status));
          if (!put?.ok) continue;
          const rec = await call('upload', cookie, '/api/upload/record', {
            bucketPath: name,
            fileType: 'image/png',
            size: PNG.length,
          });
          if (rec) acked.uploads.push(name);
        } else if (n % 10 === 3) {
          const text = `soak item ${who} ${n}`;
          const res = await call('insert', cookie, '/api/forms/insert_item', {
            listId: t.listId,
            text,
          });
          if (res) {
            itemTexts.set(res.itemId as string, text);
            mine.push(res.itemId as string);
          }
        } else if (n % 10 === 6 && mine.length > 0) {
          const itemId = mine[n % mine.length]!;
          const text = `soak edit ${who} ${n}`;
          const res = await call('edit', cookie, '/api/forms/edit_item', { itemId, text });
          if (res) itemTexts.set(itemId, text);
        } else {
          const text = `soak note ${who} ${n}`;
          const res = await call('note', cookie, '/api/forms/insert_note', {
            ...t,
            noteSpec: { text },
          });
          if (res) acked.notes.push(text);
        }
      }
    };
    await Promise.all([
      ...Array.from({ length: READERS }, (_, i) => reader(i)),
      ...Array.from({ length: WRITERS }, (_, i) => writer(i)),
    ]);
    clearInterval(sampler);

    // Every acknowledged write is there.
    const [after] = (await call('verify', adminCookie, '/api/dbload/load_multilists', {
      addresses: ['/author/soak'],
    })) as unknown as {
      lists: { items: { _id: string; text: string; notes: { text: string }[] }[] }[];
    }[];
    const afterItems = after!.lists.flatMap((l) => l.items);
    const seen = new Set(afterItems.flatMap((i) => i.notes.map((x) => x.text)));
    const lostNotes = acked.notes.filter((t) => !seen.has(t));
    const textNow = new Map(afterItems.map((i) => [i._id, i.text]));
    const lostItemWrites = [...itemTexts].filter(([id, text]) => textNow.get(id) !== text).length;
    let lostUploads = 0;
    for (const name of acked.uploads) {
      const res = await fetch(`${base}/files/${name}`, {
        headers: { cookie: adminCookie },
        redirect: 'manual',
      });
      if (res.status >= 400) lostUploads++;
    }

    const mb = (b: number) => Math.round(b / (1024 * 1024));
    const warm = memory.filter((m) => m.t >= 60 && m.t < 120);
    const last = memory.filter((m) => m.t >= SECONDS - 60);
    const avg = (xs: { rss: number }[]) =>
      xs.reduce((a, m) => a + m.rss, 0) / Math.max(1, xs.length);
    const result = {
      seconds: SECONDS,
      readers: READERS,
      writers: WRITERS,
      requests: counts.requests,
      requestsPerSecond: Math.round(counts.requests / SECONDS),
      errors: counts.errors,
      byKind: counts.byKind,
      firstErrors: counts.firstErrors,
      acknowledgedNotes: acked.notes.length,
      acknowledgedUploads: acked.uploads.length,
      acknowledgedItems: itemTexts.size,
      lostNotes: lostNotes.length,
      lostUploads,
      lostItemWrites,
      memoryMiB: {
        samples: memory.map((m) => [m.t, mb(m.rss)]),
        secondMinute: mb(avg(warm)),
        lastMinute: mb(avg(last)),
        max: mb(Math.max(...memory.map((m) => m.rss))),
        // The lowest sample of each minute: what is left after collections, where a leak shows.
        lowPerMinute: Array.from({ length: Math.ceil(SECONDS / 60) }, (_, i) =>
          mb(Math.min(...memory.filter((m) => Math.floor(m.t / 60) === i).map((m) => m.rss))),
        ),
      },
    };
    console.log(`soak, ${SECONDS} s, ${READERS} readers and ${WRITERS} writers on PostgreSQL:`);
    console.log(
      `  requests        : ${result.requests} (${result.requestsPerSecond}/s), errors ${result.errors}`,
    );
    for (const [k, v] of Object.entries(counts.byKind)) {
      console.log(`    ${k.padEnd(12)}: ${v.requests} requests, ${v.errors} errors`);
    }
    console.log(
      `  writes          : ${result.acknowledgedNotes} notes, ${result.acknowledgedItems} inserted items (with their edits) and ${result.acknowledgedUploads} uploads acknowledged; lost ${result.lostNotes} notes, ${result.lostItemWrites} item writes, ${result.lostUploads} uploads`,
    );
    console.log(
      `  memory (RSS)    : ${result.memoryMiB.secondMinute} MiB in minute 2, ${result.memoryMiB.lastMinute} MiB in the last minute, max ${result.memoryMiB.max} MiB`,
    );
    console.log(`  lowest a minute : ${result.memoryMiB.lowPerMinute.join(', ')} MiB`);
    if (counts.firstErrors.length)
      console.log(`  first errors    : ${counts.firstErrors.join('\n                    ')}`);
    return result;
  } finally {
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc!.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
    pgServer.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
