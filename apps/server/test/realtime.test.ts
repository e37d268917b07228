import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { Agent, createTestApp, type TestContext } from './harness';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../src/db/schema';

let t: TestContext;
let second: FastifyInstance | null = null;

beforeAll(async () => {
  // Each case signs its viewers in afresh: more sign-ins than one address is allowed by default.
  // Heartbeats every half second here (20 s by default), for the test that hears them.
  t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000', LIVE_HEARTBEAT: '0.5' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  if (t.database.driver === 'postgres') {
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      database: t.database,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
  }
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

const urlOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** Opens an event stream and collects events until `count` board events arrived. */
async function watch(base: string, cookie: string, boardId: string, at?: number, query = '') {
  const ctrl = new AbortController();
  const res = await fetch(
    `${base}/api/events?boards=${boardId}${at === undefined ? '' : `&at=${String(at)}`}${query}`,
    {
      headers: { cookie },
      signal: ctrl.signal,
    },
  );
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (event: string): Promise<Record<string, unknown>> => {
    for (;;) {
      const m = buffer.match(new RegExp(`event: ${event}\\ndata: (.*)\\n\\n`));
      if (m) {
        buffer = buffer.slice(buffer.indexOf(m[0]) + m[0].length);
        return JSON.parse(m[1]!) as Record<string, unknown>;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  /** The next event of this kind, or null if none comes within `ms`. */
  const within = (event: string, ms: number) =>
    Promise.race([next(event), new Promise<null>((r) => setTimeout(() => r(null), ms))]);
  return { next, within, close: () => ctrl.abort() };
}

interface Course {
  _id: string;
  version: number;
  lists: { _id: string; items: ({ _id: string; text: string } & Record<string, unknown>)[] }[];
}
/** The seeded course board as this agent loads it. */
const loadCourse = async (a: Agent) =>
  (await a.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })).json<
    Course[]
  >()[0]!;

describe('a stream’s heartbeat', () => {
  it('is an event the page hears (not a comment line it would not), so a page can tell a stalled stream', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const course = await loadCourse(reader);
    const s = await watch(urlOf(t.app), reader.cookie!, course._id);
    try {
      await s.next('ready');
      await expect(s.within('beat', 5000)).resolves.toEqual({});
    } finally {
      s.close();
    }
  });
});

describe('a stream lasts no longer than its session', () => {
  it('ends at once, saying so, when its browser signs out; a session ended elsewhere, before its next event', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const course = await loadCourse(author);
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const stream = await watch(urlOf(t.app), reader.cookie!, course._id);
    await stream.next('ready');
    // Signed out in another window of the same browser: the page is told, and hears no more.
    await reader.post('/api/auth/signout', {});
    expect(await stream.next('signed-out')).toEqual({});
    await expect(stream.next('board')).rejects.toThrow('stream ended');

    // A session that ends without its browser (a password reset, running out), on whichever
    // instance the stream is: the stream finds out before it sends another event.
    const again = new Agent(t.app);
    await again.signIn('reader');
    const later = await watch(urlOf(second ?? t.app), again.cookie!, course._id);
    await later.next('ready');
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'reader'));
    await t.database.db.delete(sessions).where(eq(sessions.userId, row!.id));
    // A change to who may read the board has every stream look at its viewer again.
    await author.post('/api/dbedit/edit_multilist', { multilistId: course._id, listed: true });
    expect(await later.next('signed-out')).toEqual({});
    await expect(later.next('board')).rejects.toThrow('stream ended');
  });
});

describe('a group’s notes live', () => {
  it('go to its members as they are now: one who has just left hears none of them', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const course = await loadCourse(author);
    const group = `Live Lab ${Date.now()}`;
    await author.post('/api/forms/create_group', { name: group });
    await author.post('/api/forms/assign_group', { multilistId: course._id, groupName: group });
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    for (const a of [reader, demo])
      await a.post('/api/forms/join_group', { multilistId: course._id, groupName: group });
    const item = course.lists[1]!.items[0]!;
    const note = (text: string) =>
      demo.post('/api/forms/insert_note', {
        listId: course.lists[1]!._id,
        itemId: item._id,
        noteSpec: { text, groupName: group },
      });
    const stream = await watch(urlOf(t.app), reader.cookie!, course._id);
    try {
      await stream.next('ready');
      await note('for the lab, while the reader is in it');
      expect(JSON.stringify(await stream.next('board'))).toContain('while the reader is in it');
      // Left, and a note to the group at once: within the stream's own wait for a fresh look.
      await reader.post('/api/forms/leave_group', { groupName: group });
      await note('for the lab, after the reader left');
      expect(await stream.within('board', 1500)).toBeNull();
    } finally {
      stream.close();
    }
  });
});

describe('helpful, live', () => {
  it('a mark brings every viewer the count, and the one who marked their own mark alone', async () => {
    const writer = new Agent(t.app);
    await writer.signIn('reader');
    const marker = new Agent(t.app);
    await marker.signIn('demo');
    const author = new Agent(t.app);
    await author.signIn('author');
    const course = await loadCourse(author);
    const item = course.lists[1]!.items[0]!;
    const noteId = (
      await writer.post('/api/forms/insert_note', {
        listId: course.lists[1]!._id,
        itemId: item._id,
        noteSpec: { text: 'Whose survey is it?' },
      })
    ).json<{ itemId: string }>().itemId;
    const streams = await Promise.all(
      [marker, author].map((a) => watch(urlOf(t.app), a.cookie!, course._id)),
    );
    try {
      for (const s of streams) await s.next('ready');
      await marker.post('/api/forms/mark_helpful', { itemId: noteId, helpful: true });
      const noteOf = (e: Record<string, unknown>) =>
        (e.item as { notes: Record<string, unknown>[] }).notes.find((n) => n._id === noteId);
      const [mine, authors] = await Promise.all(streams.map((s) => s.next('board')));
      expect(noteOf(mine!)).toMatchObject({ votes: 1, voted: true });
      expect(noteOf(authors!)).toMatchObject({ votes: 1 });
      expect(noteOf(authors!)!.voted).toBeUndefined();
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe('live board events', () => {
  it('a viewer receives an event when someone changes the board', async () => {
    const viewer = new Agent(t.app);
    await viewer.signInGuest();
    const author = new Agent(t.app);
    await author.signIn('author');
    const course = (
      await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
    ).json()[0]!;
    const stream = await watch(urlOf(t.app), viewer.cookie!, course._id);
    expect(await stream.next('ready')).toEqual({
      boards: [course._id],
      versions: { [course._id]: course.version },
    });
    const item = course.lists[1]!.items[0]!;
    await author.post('/api/forms/edit_item', { itemId: item._id, text: `${item.text} (updated)` });
    const e = await stream.next('board');
    expect(e).toMatchObject({
      multilistId: course._id,
      call: '/api/forms/edit_item',
      by: 'author',
      itemId: item._id,
      version: course.version + 1,
    });
    stream.close();
  });

  it('a change inside one item carries the item as a fresh load shows it; other changes carry none', async () => {
    const viewer = new Agent(t.app);
    await viewer.signIn('reader');
    const author = new Agent(t.app);
    await author.signIn('author');
    const load = () => loadCourse(viewer);
    const course = await load();
    const stream = await watch(urlOf(t.app), viewer.cookie!, course._id);
    await stream.next('ready');
    const item = course.lists[1]!.items[1]!;
    const itemId = item._id;
    const fresh = async () => {
      const b = await load();
      const shown = b.lists[1]!.items.find((i) => i._id === itemId)!;
      // The page keeps an item's place in the board and the viewer's own view state.
      return { ...shown, indexInBoard: -1, viewstate: {} };
    };

    await author.post('/api/forms/edit_item', { itemId, text: 'Reworded while a class reads.' });
    const edited = await stream.next('board');
    expect(edited.version).toBe(course.version + 1);
    expect(edited.item).toEqual(await fresh());

    // A reader's private note travels to its writer in the item's notes…
    await viewer.post('/api/forms/insert_note', {
      listId: course.lists[1]!._id,
      itemId,
      noteSpec: { text: 'Only mine to read.' },
      isPrivate: true,
    });
    const noted = await stream.next('board');
    expect(noted.version).toBe(course.version + 2);
    expect(noted.item).toEqual(await fresh());
    expect(JSON.stringify(noted.item)).toContain('Only mine to read.');

    // … and adding an item changes the list around it: no item, the page loads the board.
    await author.post('/api/forms/insert_item', {
      listId: course.lists[1]!._id,
      text: 'A new tip',
    });
    const inserted = await stream.next('board');
    expect(inserted.call).toBe('/api/forms/insert_item');
    expect(inserted).not.toHaveProperty('item');
    stream.close();
  });

  it('does not send a change the greeting already counted when its notice comes after it', async () => {
    const viewer = new Agent(t.app);
    await viewer.signIn('reader');
    const board = await loadCourse(viewer);
    const stream = await watch(urlOf(t.app), viewer.cookie!, board._id, board.version);
    expect(await stream.next('ready')).toMatchObject({ versions: { [board._id]: board.version } });
    // On PostgreSQL a change's notice can reach a stream after the stream read the board's
    // version: the change is in what the page holds (or will reload), so it is not sent again.
    const change = { multilistId: board._id, call: '/api/forms/insert_item', by: 'author' };
    await t.app.bus.publish({ ...change, at: Date.now(), version: board.version });
    await t.app.bus.publish({ ...change, at: Date.now(), version: board.version + 1 });
    expect(await stream.next('board')).toMatchObject({ version: board.version + 1 });
    stream.close();
  });

  it('a page back after a dropped stream is sent the items changed since the version it holds, or loads when anything else changed', async () => {
    const viewer = new Agent(t.app);
    await viewer.signIn('reader');
    const author = new Agent(t.app);
    await author.signIn('author');
    const load = () => loadCourse(viewer);
    const before = await load();
    const [a, b] = before.lists[1]!.items;
    // While the page's stream is down: an edit and a note, each inside one item.
    await author.post('/api/forms/edit_item', { itemId: a!._id, text: 'Edited while away.' });
    await viewer.post('/api/forms/insert_note', {
      listId: before.lists[1]!._id,
      itemId: b!._id,
      noteSpec: { text: 'Noted while away.' },
    });
    await viewer.post('/api/forms/insert_note', {
      listId: before.lists[1]!._id,
      itemId: b!._id,
      noteSpec: { text: 'Mine alone, noted while away.' },
      isPrivate: true,
    });
    const back = await watch(urlOf(t.app), viewer.cookie!, before._id, before.version);
    const caught = await back.next('board');
    expect(caught).toMatchObject({
      call: 'catch-up',
      from: before.version,
      version: before.version + 3,
    });
    const items = caught.items as { _id: string; text: string; notes: { text: string }[] }[];
    expect(items.map((i) => i._id).sort()).toEqual([a!._id, b!._id].sort());
    expect(items.find((i) => i._id === a!._id)!.text).toBe('Edited while away.');
    expect(items.find((i) => i._id === b!._id)!.notes.map((n) => n.text)).toEqual(
      expect.arrayContaining(['Noted while away.', 'Mine alone, noted while away.']),
    );
    expect(await back.next('ready')).toMatchObject({
      versions: { [before._id]: before.version + 3 },
    });
    back.close();

    // Another reader catching up gets the same items, but not the private note.
    const other = new Agent(t.app);
    await other.signInGuest();
    const theirs = await watch(urlOf(t.app), other.cookie!, before._id, before.version);
    const caughtUp = JSON.stringify(await theirs.next('board'));
    expect(caughtUp).toContain('Noted while away.');
    expect(caughtUp).not.toContain('Mine alone');
    theirs.close();

    // An item added changes the list around it: no catch-up, the greeting's version says reload.
    const now = await load();
    await author.post('/api/forms/insert_item', { listId: now.lists[1]!._id, text: 'Added.' });
    const again = await watch(urlOf(t.app), viewer.cookie!, now._id, now.version);
    expect(await again.next('ready')).toMatchObject({ versions: { [now._id]: now.version + 1 } });
    expect(await again.within('board', 300)).toBeNull();
    again.close();
  });

  it('ignores board ids that are not boards', async () => {
    const viewer = new Agent(t.app);
    await viewer.signInGuest();
    const stream = await watch(
      urlOf(t.app),
      viewer.cookie!,
      '00000000-0000-4000-8000-000000000000,junk',
    );
    expect(await stream.next('ready')).toEqual({ boards: [], versions: {} });
    stream.close();
  });

  it('a board behind a password streams nothing until this session unlocks it, and nothing at all without a session', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Locked live', listed: true })
    ).json();
    const list = (
      await author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: 'One',
        itemText: 'first\n\nsecond',
      })
    ).json();
    expect(list).toBeTruthy();
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: made.multilistId,
      password: 'sesame',
    });
    const board = (
      await author.post('/api/dbload/load_multilists', { addresses: [`/author/${made.ptitle}`] })
    ).json()[0]!;
    const [before, after] = board.lists[0]!.items.map((i: { _id: string }) => i._id);
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const readerStream = await watch(urlOf(t.app), reader.cookie!, made.multilistId);
    const anonymous = await watch(urlOf(t.app), '', made.multilistId);
    // A locked board's version is not told either: it would say when the board changes.
    expect(await readerStream.next('ready')).toEqual({ boards: [], versions: {} });
    expect(await anonymous.next('ready')).toEqual({ boards: [], versions: {} });
    await author.post('/api/forms/edit_item', { itemId: before, text: 'edited while locked' });
    expect(
      (
        await reader.post('/api/forms/board_password', {
          multilistId: made.multilistId,
          password: 'sesame',
        })
      ).statusCode,
    ).toBe(200);
    await author.post('/api/forms/edit_item', { itemId: after, text: 'edited once open' });
    // The first event the reader hears is the edit made after the unlock.
    expect(await readerStream.next('board')).toMatchObject({ itemId: after, by: 'author' });
    expect(await anonymous.within('board', 500)).toBeNull();
    readerStream.close();
    anonymous.close();
  });

  it('a board that closes to a viewer (a password set) tells their page so, and nothing of the change', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Closing live', listed: true })
    ).json();
    const list = (
      await author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: 'One',
        itemText: 'first',
      })
    ).json();
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const stream = await watch(urlOf(t.app), reader.cookie!, made.multilistId);
    await stream.next('ready');
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: made.multilistId,
      password: 'sesame',
      description: 'Answers to the quiz',
    });
    const told = await stream.next('board');
    expect(Object.keys(told).sort()).toEqual(['call', 'multilistId', 'version']);
    expect(told).toMatchObject({
      multilistId: made.multilistId,
      call: '/api/dbedit/edit_multilist',
    });
    // Nothing more reaches it while the board stays locked to this session.
    const itemId = (
      await author.post('/api/dbload/load_multilists', { addresses: [`/author/${made.ptitle}`] })
    ).json()[0]!.lists[0]!.items[0]!._id;
    expect(list).toBeTruthy();
    await author.post('/api/forms/edit_item', { itemId, text: 'first, edited' });
    expect(await stream.within('board', 500)).toBeNull();
    stream.close();
  });

  it('an item its author makes private leaves the others’ pages, with nothing of it; only its author may', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Private live', listed: true })
    ).json();
    const { listId } = (
      await author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: 'One',
      })
    ).json();
    const { itemId } = (
      await author.post('/api/forms/insert_item', { listId, text: 'Draft answer key' })
    ).json();
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    await author.post('/api/forms/set_member', {
      multilistId: made.multilistId,
      username: 'demo',
      privileges: ['edit'],
    });
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const texts = async (a: Agent) =>
      (await a.post('/api/dbload/load_multilists', { addresses: [`/author/${made.ptitle}`] }))
        .json()[0]!
        .lists[0]!.items.map((i: { text: string }) => i.text);
    const stream = await watch(urlOf(t.app), reader.cookie!, made.multilistId);
    await stream.next('ready');
    // An editor may edit the words, but not make the author's item private.
    const refused = await demo.post('/api/forms/edit_item', {
      itemId,
      text: 'Draft answer key',
      isPrivate: true,
    });
    expect([refused.statusCode, refused.json().error]).toEqual([
      403,
      'Only the item’s author can make it private or public.',
    ]);
    expect(await texts(reader)).toEqual(['Draft answer key']);
    const hidden = await author.post('/api/forms/edit_item', {
      itemId,
      text: 'Draft answer key, v2',
      isPrivate: true,
    });
    expect(hidden.statusCode).toBe(200);
    // The reader's page hears that the board changed, and nothing of the item.
    let e = await stream.next('board');
    while (e.call !== '/api/forms/edit_item') e = await stream.next('board');
    expect(e.item).toBeUndefined();
    expect(JSON.stringify(e)).not.toContain('answer key');
    expect(await texts(reader)).toEqual([]);
    expect(await texts(demo)).toEqual([]);
    expect(await texts(author)).toEqual(['Draft answer key, v2']);
    // Public again: everyone reads it.
    await author.post('/api/forms/edit_item', {
      itemId,
      text: 'Answer key',
      isPrivate: false,
    });
    expect(await texts(reader)).toEqual(['Answer key']);
    stream.close();
  });

  it('a board deleted while others watch: each of them hears it, whatever version they were greeted with', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Gone live', listed: true })
    ).json();
    const viewer = new Agent(t.app);
    await viewer.signInGuest();
    const stream = await watch(urlOf(t.app), viewer.cookie!, made.multilistId);
    await stream.next('ready');
    const gone = await author.post('/api/forms/delete_multilist', {
      multilistId: made.multilistId,
    });
    expect(gone.statusCode).toBe(200);
    const e = await stream.next('board');
    expect(e).toMatchObject({ multilistId: made.multilistId, call: '/api/forms/delete_multilist' });
    expect(e.version).toBeUndefined();
    stream.close();
  });

  it('the Discussion’s stream hears a note on any board of its owner, says what changed since it was read, and tells no one else', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const board = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Read later', listed: true })
    ).json();
    const { listId } = (
      await author.post('/api/forms/insert_list', {
        multilistId: board.multilistId,
        titleText: 'Week 9',
      })
    ).json();
    const { itemId } = (
      await author.post('/api/forms/insert_item', { listId, text: 'A chapter nobody noted.' })
    ).json();
    const pending = (
      await author.post('/api/dbload/load_search', {
        address: '/author/home?code=pending&username=author',
      })
    ).json<{ ownBoardsAt: string; follows: { _id: string }[] }>();
    expect(Date.parse(pending.ownBoardsAt)).not.toBeNaN();
    const listing = (since: string) => `&owner=author&since=${encodeURIComponent(since)}`;
    // Named by no id: the page lists nothing from that board yet.
    const own = await watch(
      urlOf(t.app),
      author.cookie!,
      '',
      undefined,
      listing(pending.ownBoardsAt),
    );
    expect(await own.next('ready')).toEqual({ boards: [], versions: {}, ownChanged: false });
    // Someone else asking to follow the author's listing is told nothing of it.
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const nosy = await watch(
      urlOf(t.app),
      reader.cookie!,
      '',
      undefined,
      listing(pending.ownBoardsAt),
    );
    expect(await nosy.next('ready')).toEqual({ boards: [], versions: {} });

    await reader.post('/api/forms/insert_note', { listId, itemId, noteSpec: { text: 'Why?' } });
    expect(await own.next('board')).toMatchObject({
      multilistId: board.multilistId,
      call: '/api/forms/insert_note',
      by: 'reader',
    });
    expect(await nosy.within('board', 500)).toBeNull();
    // A board the author makes while the stream is open is followed from its first change on
    // (making it tells no one: no one can be watching it yet).
    const made = (
      await author.post('/api/forms/insert_multilist', {
        titleText: 'Made meanwhile',
        listed: true,
      })
    ).json();
    const fresh = (
      await author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: 'Today',
      })
    ).json();
    const freshItem = (
      await author.post('/api/forms/insert_item', { listId: fresh.listId, text: 'New reading.' })
    ).json();
    for (const call of ['/api/forms/insert_list', '/api/forms/insert_item'])
      expect(await own.next('board')).toMatchObject({ multilistId: made.multilistId, call });
    await reader.post('/api/forms/insert_note', {
      listId: fresh.listId,
      itemId: freshItem.itemId,
      noteSpec: { text: 'And this?' },
    });
    expect(await own.next('board')).toMatchObject({
      multilistId: made.multilistId,
      call: '/api/forms/insert_note',
      by: 'reader',
    });
    expect(await nosy.within('board', 500)).toBeNull();
    // A page that read its listing before that note is told so as its stream opens again.
    const again = await watch(
      urlOf(t.app),
      author.cookie!,
      '',
      undefined,
      listing(pending.ownBoardsAt),
    );
    expect(await again.next('ready')).toMatchObject({ ownChanged: true });
    // A time it cannot read plays safe.
    const garbled = await watch(
      urlOf(t.app),
      author.cookie!,
      '',
      undefined,
      listing('yesterday-ish'),
    );
    expect(await garbled.next('ready')).toMatchObject({ ownChanged: true });
    for (const s of [own, nosy, again, garbled]) s.close();
  });

  it('a coauthor’s Discussion stream hears a note on a board they coauthor, not once they are removed', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const board = (
      await author.post('/api/forms/insert_multilist', {
        titleText: 'Shared seminar',
        listed: true,
      })
    ).json();
    const { listId } = (
      await author.post('/api/forms/insert_list', {
        multilistId: board.multilistId,
        titleText: 'Week 1',
      })
    ).json();
    const { itemId } = (
      await author.post('/api/forms/insert_item', { listId, text: 'Read the essay.' })
    ).json();
    const where = { title: 'Shared seminar', owner: 'author', username: 'demo' };
    expect((await author.post('/api/forms/add_coauthor', where)).statusCode).toBe(200);
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const pending = (
      await demo.post('/api/dbload/load_search', {
        address: '/demo/home?code=pending&username=demo',
      })
    ).json<{ ownBoardsAt: string; follows: { _id: string }[] }>();
    expect(pending.follows.map((f) => f._id)).toContain(board.multilistId);
    const listing = `&owner=demo&since=${encodeURIComponent(pending.ownBoardsAt)}`;
    const open = () => watch(urlOf(t.app), demo.cookie!, '', undefined, listing);
    const stream = await open();
    await stream.next('ready');
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    await reader.post('/api/forms/insert_note', { listId, itemId, noteSpec: { text: 'Online?' } });
    expect(await stream.next('board')).toMatchObject({
      multilistId: board.multilistId,
      call: '/api/forms/insert_note',
    });
    stream.close();
    // Removed, the board is theirs to follow no more.
    await author.post('/api/forms/remove_coauthor', where);
    const after = await open();
    await after.next('ready');
    await reader.post('/api/forms/insert_note', { listId, itemId, noteSpec: { text: 'Still?' } });
    expect(await after.within('board', 500)).toBeNull();
    after.close();
  });

  it('a note dismissed while others watch reaches those who saw it, and no one else', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const writer = new Agent(t.app);
    await writer.signIn('reader');
    const other = new Agent(t.app);
    await other.signIn('demo');
    const course = (
      await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
    ).json()[0]!;
    const list = course.lists[1]!;
    const note = async (text: string, isPrivate: boolean): Promise<string> =>
      (
        await writer.post('/api/forms/insert_note', {
          listId: list._id,
          itemId: list.items[0]!._id,
          noteSpec: { text },
          isPrivate,
        })
      ).json().itemId;
    const open = await note('When is the exam?', false);
    const hidden = await note('A private worry', true);
    const stream = await watch(urlOf(t.app), other.cookie!, course._id);
    await stream.next('ready');
    const dismiss = (itemId: string) =>
      author.post('/api/forms/set_note_status', { itemId, status: 'dismissed' });
    expect((await dismiss(open)).statusCode).toBe(200);
    // Dismissed, the note is no longer the other reader's to see; they hear of it so it goes.
    expect(await stream.next('board')).toMatchObject({ itemId: open });
    // A private note is its writer's alone: a reply in its thread reaches no one else.
    expect(
      (
        await writer.post('/api/forms/insert_note', {
          listId: list._id,
          itemId: list.items[0]!._id,
          noteSpec: { text: 'Answering myself', parentId: hidden },
        })
      ).statusCode,
    ).toBe(200);
    expect(await stream.within('board', 500)).toBeNull();
    stream.close();
  });

  // Two instances need a shared database server: this case exists only in the PostgreSQL project.
  if (process.env.TEST_DB === 'postgres')
    it('reaches viewers connected to another instance', async () => {
      const author = new Agent(t.app);
      await author.signIn('author');
      const course = (
        await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
      ).json()[0]!;
      const stream = await watch(urlOf(second!), author.cookie!, course._id);
      await stream.next('ready');
      const item = course.lists[2]!.items[0]!;
      await author.post('/api/forms/edit_item', { itemId: item._id, text: `${item.text}!` });
      const e = await stream.next('board');
      expect(e).toMatchObject({ multilistId: course._id, itemId: item._id });
      // The other instance reads the item itself and sends it along.
      expect(e.item).toMatchObject({ _id: item._id, text: `${item.text}!` });
      stream.close();
    });
});
