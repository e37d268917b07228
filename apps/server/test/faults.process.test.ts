/**
 * Faults, with real processes: PostgreSQL restarting under load, an app instance killed with
 * SIGKILL in the middle of writes, and the embedded database's process killed the same way.
 * What must hold: clear 503s while the database is away, recovery without a restart, no
 * acknowledged write lost, no board left half-changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../../e2e/server';
import { DATABASE_UNAVAILABLE } from '../src/lib/db-errors';
import { startPostgres, type PgServer } from './postgres-server';
import { ifStarted, SEED_PASSWORD } from './harness';

interface Client {
  post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  cookie: string;
}

async function signIn(base: string, username: string): Promise<Client> {
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: SEED_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return {
    cookie,
    async post(p, body) {
      const r = await fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await r.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { raw: text };
      }
      return { status: r.status, body: parsed };
    },
  };
}

interface BoardShape {
  _id: string;
  lists: { _id: string; index: number; title: string; items: { index: number; text: string }[] }[];
}

async function loadBoard(c: Client, address: string): Promise<BoardShape> {
  const res = await c.post('/api/dbload/load_multilists', { addresses: [address] });
  expect(res.status).toBe(200);
  return (res.body as unknown as BoardShape[])[0]!;
}

const itemTexts = (b: BoardShape) => b.lists.flatMap((l) => l.items.map((i) => i.text));

/** Positions are 0..n-1 with no gap or repeat, for lists and for each list's items. */
function expectWhole(b: BoardShape) {
  expect(b.lists.map((l) => l.index)).toEqual(b.lists.map((_, i) => i));
  for (const l of b.lists) expect(l.items.map((i) => i.index)).toEqual(l.items.map((_, i) => i));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL restarting under load', () => {
  let pgServer: PgServer;
  let app: RunningServer;
  beforeAll(async () => {
    pgServer = await startPostgres();
    app = await startServer({ DATABASE_URL: pgServer.url('postgres'), LOG_LEVEL: 'silent' });
  }, 90_000);
  afterAll(async () => {
    await ifStarted(app)?.stop();
    ifStarted(pgServer)?.stop();
  });

  it('answers clear 503s while it is away, recovers by itself and keeps every acknowledged write', async () => {
    const author = await signIn(app.url, 'author');
    const board = await loadBoard(author, '/author/course');
    const listId = board.lists[0]!._id;
    const acked: string[] = [];
    const statuses = new Map<number, number>();
    const unavailable = new Set<unknown>();
    let n = 0;
    const write = async () => {
      const text = `restart-write-${n++}`;
      const res = await author.post('/api/forms/insert_item', { listId, text });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200) acked.push(text);
      if (res.status === 503) unavailable.add(res.body.error);
      return res.status;
    };

    // A viewer's live stream, open across the restart.
    const events: string[] = [];
    const stream = await fetch(`${app.url}/api/events?boards=${board._id}`, {
      headers: { cookie: author.cookie },
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    void (async () => {
      const dec = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        events.push(dec.decode(value));
      }
    })();

    for (let i = 0; i < 10; i++) expect(await write()).toBe(200);
    pgServer.halt('fast');
    const downSince = Date.now();
    while (Date.now() - downSince < 3000) await write();
    pgServer.resume();
    // The pool makes new connections by itself; the app is never restarted.
    let recovered = false;
    for (let i = 0; i < 100 && !recovered; i++) {
      recovered = (await write()) === 200;
      if (!recovered) await sleep(100);
    }
    expect(recovered).toBe(true);
    for (let i = 0; i < 10; i++) expect(await write()).toBe(200);

    expect(statuses.get(500)).toBeUndefined();
    expect(statuses.get(503)).toBeGreaterThan(0);
    expect([...unavailable]).toEqual([DATABASE_UNAVAILABLE]);
    expect([...statuses.keys()].sort()).toEqual([200, 503]);

    const after = await loadBoard(author, '/author/course');
    const texts = itemTexts(after);
    for (const t of acked) expect(texts).toContain(t);
    expectWhole(after);

    // The live stream came back: once the server's listener is back (it says so with a
    // 'resync' so viewers reload what they missed), changes reach the viewer live again.
    for (let i = 0; i < 100 && !events.join('').includes('"call":"resync"'); i++) await sleep(100);
    expect(events.join('')).toContain('"call":"resync"');
    const seen = events.length;
    try {
      expect(
        (await author.post('/api/forms/insert_item', { listId, text: 'after the restart' })).status,
      ).toBe(200);
      for (let i = 0; i < 50 && !events.slice(seen).join('').includes('insert_item'); i++)
        await sleep(100);
      expect(events.slice(seen).join('')).toContain('/api/forms/insert_item');
    } finally {
      await reader.cancel();
    }
  }, 60_000);
});

describe('an app instance killed in the middle of writes', () => {
  let pgServer: PgServer;
  beforeAll(async () => {
    pgServer = await startPostgres();
  }, 60_000);
  afterAll(() => ifStarted(pgServer)?.stop());

  it('never leaves a board half-changed', async () => {
    const env = { DATABASE_URL: pgServer.url('postgres'), LOG_LEVEL: 'silent' };
    const first = await startServer(env);
    const author = await signIn(first.url, 'author');
    const made = await author.post('/api/forms/insert_multilist', {
      titleText: 'Kill test',
      descText: '',
      listed: false,
    });
    expect(made.status).toBe(200);
    const address = `/author/${made.body.ptitle as string}`;
    const SIZE = 300;
    const itemText = Array.from({ length: SIZE }, (_, i) => `Paragraph ${i}`).join('\n\n');
    const boardId = (await loadBoard(author, address))._id;
    expect(
      (
        await author.post('/api/forms/insert_list', {
          multilistId: boardId,
          titleText: 'Source',
          itemText,
        })
      ).status,
    ).toBe(200);
    const source = (await loadBoard(author, address)).lists[0]!;
    expect(source.items).toHaveLength(SIZE);

    // Four writers keep large changes in flight; the process dies while they run.
    let copies = 0;
    let cutOff = 0;
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const res =
          (w + i) % 2 === 0
            ? await author
                .post('/api/forms/duplicate_list', {
                  multilistId: boardId,
                  prevListId: source._id,
                  titleText: `Copy ${w}.${i}`,
                })
                .catch(() => null)
            : await author
                .post('/api/forms/reverse_list', { listId: source._id })
                .catch(() => null);
        if (res?.status !== 200) cutOff++;
        else if ((w + i) % 2 === 0) copies++;
      }
    });
    while (copies < 2) await sleep(20);
    first.proc.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    // Each writer had a request on the wire when the process died.
    expect(cutOff).toBeGreaterThanOrEqual(4);

    const second = await startServer(env);
    try {
      const again = await signIn(second.url, 'author');
      const after = await loadBoard(again, address);
      expectWhole(after);
      // Every acknowledged copy is there, and every list is whole: the source, or a complete
      // copy of it; never a partial copy.
      expect(after.lists.length).toBeGreaterThanOrEqual(1 + copies);
      for (const l of after.lists) {
        expect(l.items).toHaveLength(SIZE);
        expect(new Set(l.items.map((i) => i.text)).size).toBe(SIZE);
      }
    } finally {
      await second.stop();
      await first.stop();
    }
  }, 90_000);
});

describe('the embedded database killed in the middle of writes', () => {
  it('opens again and holds every acknowledged write', async () => {
    // From a copy of the migrated and seeded folder the API tests start from: an install's
    // first start is not what this test is about (startup.process.test.ts tests it).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-kill-'));
    fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const first = await startServer(env);
    const author = await signIn(first.url, 'author');
    const listId = (await loadBoard(author, '/author/course')).lists[1]!._id;
    const acked: string[] = [];
    let stop = false;
    const writers = Array.from({ length: 3 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const text = `pglite-${w}-${i}`;
        const res = await author.post('/api/forms/insert_item', { listId, text }).catch(() => null);
        if (res?.status === 200) acked.push(text);
      }
    });
    while (acked.length < 30) await sleep(50);
    first.proc.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);

    const second = await startServer(env);
    try {
      const again = await signIn(second.url, 'author');
      const board = await loadBoard(again, '/author/course');
      const texts = itemTexts(board);
      for (const t of acked) expect(texts).toContain(t);
      expectWhole(board);
    } finally {
      await second.stop();
      await first.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
