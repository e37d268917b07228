/**
 * The privacy matrix: every hidden thing × every kind of viewer × every channel that hands out a
 * board's content. Two tables say who should see what (THINGS, with the viewers that see each)
 * and how each channel shows a thing (CHANNELS); the cases are generated from them. Each case
 * asserts both sides: those who should not see a thing never get it, and those who should, do.
 * Where a channel acts on a thing by id (mail, reply, status), a hidden thing must be answered
 * exactly like an id that does not exist: same status, same message.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersTo, type Multilist } from '@listboard/core';
import type { BoardMade } from '@listboard/core/api/contracts/boards';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  alertDigests,
  boardMembers,
  ltiLinks,
  ltiPlatforms,
  ltiUsers,
  users,
} from '../src/db/schema';
import { sendAlertDigests } from '../src/services/notes/digest';
import { Agent, SEED_PASSWORD } from './harness';
import { createAccountApp, type AccountTestContext } from './account-harness';
import { createFileStore } from '../src/storage';
import { makePdf } from './import-fixtures';

const VIEWERS = [
  'anonymous',
  'guest',
  'writer',
  'otherReader',
  'groupMember',
  'nonMember',
  'author',
  'coauthor',
  'editor',
  'admin',
] as const;
type ViewerName = (typeof VIEWERS)[number];

/** The account behind each viewer; the writer is the reader who writes the notes below. */
const ACCOUNT: Record<ViewerName, string | null> = {
  anonymous: null,
  guest: 'guest',
  writer: 'reader',
  otherReader: 'demo',
  groupMember: 'gwen',
  nonMember: 'nico',
  author: 'author',
  coauthor: 'cora',
  editor: 'edda',
  admin: 'admin',
};

type ThingName =
  | 'privateItem'
  | 'privateAnno'
  | 'annoOnPrivateItem'
  | 'privateNote'
  | 'replyToPrivateNote'
  | 'groupNote'
  | 'groupReply'
  | 'privateReply'
  | 'lockedBoardItem'
  | 'lockedBoardNote'
  | 'dismissedNote'
  | 'replyInDismissedThread'
  | 'noteOnCoauthorsItem';

interface Thing {
  name: ThingName;
  /** Who should see it. Everyone else should not. */
  seenBy: readonly ViewerName[];
  /** A content item (exports and dumps carry those) or a note, annotation or reply. */
  content: boolean;
  /** A reader's note at the root of a thread: the Discussion page lists it for the board's owner. */
  discussed: boolean;
  /** A reply: the thread's root, under which the Discussion page shows it. */
  inThreadOf?: ThingName;
  /** A note's, annotation's or reply's writer, who alone reads and puts back its earlier words. */
  writtenBy?: ViewerName;
  onLockedBoard: boolean;
  /**
   * Who could see it just before the call that hid it. The live event of that call still
   * reaches them, so that the thing leaves their screen; it tells them nothing they had not seen.
   */
  sawBeforeHidden?: readonly ViewerName[];
  /**
   * A note, reply or annotation whose words (as written, or reworded to them) mention every
   * viewer: each is mailed of it, if they may see it.
   */
  mentions?: true;
}

/** Accounts the matrix makes; the rest are seeded. */
const NEW_ACCOUNTS = ['gwen', 'nico', 'cora', 'edda'];

/** Who answers the board's notes: its owner, coauthor and editor (a member), and a site admin. */
const MODERATORS: ViewerName[] = ['author', 'coauthor', 'editor', 'admin'];

const THINGS: readonly Thing[] = [
  {
    name: 'privateItem',
    seenBy: ['author'],
    content: true,
    discussed: false,
    onLockedBoard: false,
  },
  {
    name: 'privateAnno',
    mentions: true,
    writtenBy: 'author',
    seenBy: ['author'],
    content: false,
    discussed: false,
    onLockedBoard: false,
  },
  {
    // Not private itself, but on an item only its author sees: listed nowhere else either.
    name: 'annoOnPrivateItem',
    mentions: true,
    writtenBy: 'author',
    seenBy: ['author'],
    content: false,
    discussed: false,
    onLockedBoard: false,
  },
  {
    name: 'privateNote',
    mentions: true,
    writtenBy: 'writer',
    seenBy: ['writer'],
    content: false,
    discussed: true,
    onLockedBoard: false,
  },
  {
    name: 'replyToPrivateNote',
    mentions: true,
    writtenBy: 'writer',
    seenBy: ['writer'],
    content: false,
    discussed: false,
    inThreadOf: 'privateNote',
    onLockedBoard: false,
  },
  {
    name: 'groupNote',
    mentions: true,
    writtenBy: 'writer',
    seenBy: ['writer', 'groupMember', ...MODERATORS],
    content: false,
    discussed: true,
    onLockedBoard: false,
  },
  {
    name: 'groupReply',
    mentions: true,
    writtenBy: 'groupMember',
    seenBy: ['writer', 'groupMember', ...MODERATORS],
    content: false,
    discussed: false,
    inThreadOf: 'groupNote',
    onLockedBoard: false,
  },
  {
    // The writer's private reply in a thread the board's authors and a group read.
    name: 'privateReply',
    mentions: true,
    writtenBy: 'writer',
    seenBy: ['writer'],
    content: false,
    discussed: false,
    inThreadOf: 'groupNote',
    onLockedBoard: false,
  },
  {
    name: 'lockedBoardItem',
    seenBy: MODERATORS,
    content: true,
    discussed: false,
    onLockedBoard: true,
  },
  {
    // Written by the writer in another session, one that entered the board's password: the
    // password is the session's, so the writer's own session here does not see the board.
    name: 'lockedBoardNote',
    mentions: true,
    writtenBy: 'writer',
    seenBy: MODERATORS,
    content: false,
    discussed: true,
    onLockedBoard: true,
  },
  {
    name: 'dismissedNote',
    mentions: true,
    writtenBy: 'writer',
    seenBy: ['writer', ...MODERATORS],
    content: false,
    discussed: true,
    onLockedBoard: false,
    // Pending, it was on the open board for everyone.
    sawBeforeHidden: VIEWERS,
  },
  {
    // The writer's reply to their dismissed note: not dismissed itself, it takes its thread's.
    name: 'replyInDismissedThread',
    mentions: true,
    writtenBy: 'writer',
    seenBy: ['writer', ...MODERATORS],
    content: false,
    discussed: false,
    inThreadOf: 'dismissedNote',
    onLockedBoard: false,
  },
  {
    // A coauthor's note on an item of theirs only they see: hidden from the board's owner too.
    // Written by one who answers the board's notes, it waits on no Discussion, theirs included.
    name: 'noteOnCoauthorsItem',
    mentions: true,
    writtenBy: 'coauthor',
    seenBy: ['coauthor'],
    content: false,
    discussed: false,
    onLockedBoard: false,
  },
];

const marker = (name: ThingName) => `qz${name.toLowerCase()}`;
/** In every thing's words: each viewer with an account, mentioned (core mentionsIn). */
const MENTION_ALL = Object.values(ACCOUNT)
  .filter((a) => a !== null && a !== 'guest')
  .map((a) => `@${a}`)
  .join(' ');
const COMMON = 'qzmatrix';
/** A tag in every thing's words (core tagsIn): a Discussion narrowed to it lists what it did. */
const TAGGED = 'qzall';
/** In the title of a media marker on each of these, and in nothing else. */
const MARKED_WORD = 'qzcue';
const MARKED: readonly ThingName[] = ['privateItem', 'lockedBoardItem'];
/** On the page of a PDF each of those shows, and in nothing else: search reads a PDF's words. */
const PDF_WORD = 'qzleaf';
const sees = (v: ViewerName, t: Thing) => t.seenBy.includes(v);

/** The address each signed-in viewer's mail goes to. */
const MAILBOX: Partial<Record<ViewerName, string>> = {
  writer: 'reader@listboard.local',
  otherReader: 'demo@listboard.local',
  groupMember: 'gwen@example.org',
  nonMember: 'nico@example.org',
  author: 'author@listboard.local',
  coauthor: 'cora@example.org',
  editor: 'edda@example.org',
  admin: 'admin@listboard.local',
};
const signedIn = (v: ViewerName) => v !== 'anonymous' && v !== 'guest';

let t: AccountTestContext;
const agents = {} as Record<ViewerName, Agent>;
const ids = {} as Record<ThingName, string>;
let openBoard: Multilist;
let lockedBoard: Multilist;
let anchorItemId: string;
let sentinelItemId: string;
/** The coauthor's private item, which their note is on. */
let coauthorsItemId: string;
const heard = {} as Record<ViewerName, Set<ThingName>>;
/** The things whose text a viewer's live events carried. */
const read = {} as Record<ViewerName, Set<ThingName>>;
/**
 * The same through the stream of a Discussion, which follows by owner, not by id, every board its
 * owner owns or coauthors: the author's, which only they and a site admin may follow, and the
 * coauthor's own, which follows the author's boards they coauthor.
 */
const LISTING_FOLLOWERS: readonly ViewerName[] = MODERATORS;
/**
 * Whose Discussion stream each viewer asks to follow: the coauthor and the editor their own, all
 * else the author's.
 */
const listingOwner = (v: ViewerName) =>
  v === 'coauthor' || v === 'editor' ? ACCOUNT[v]! : 'author';
const heardInListing = {} as Record<ViewerName, Set<ThingName>>;
const readInListing = {} as Record<ViewerName, Set<ThingName>>;
const streams: { close(): void }[] = [];

const boardOf = (thing: Thing) => (thing.onLockedBoard ? lockedBoard : openBoard);
const listOf = (thing: Thing) => boardOf(thing).lists[0]!._id;
/** The item a thing's note is written on: the open board's passage, or the locked board's item. */
const anchorOf = (thing: Thing) => (thing.onLockedBoard ? ids.lockedBoardItem : anchorItemId);

async function ok<T = Record<string, unknown>>(
  res: Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<T> {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode}: ${r.body}`);
  return r.json() as T;
}

/**
 * The open board placed in a course of a learning platform (LTI), these accounts its learners:
 * its Course grades page then lists their figures, which the matrix reads as a channel.
 */
async function placeInCourse(boardId: string, learners: string[]) {
  const db = t.database.db;
  const [platform] = await db
    .insert(ltiPlatforms)
    .values({
      issuer: 'https://lms.example.edu',
      clientId: 'matrix',
      authLoginUrl: 'https://lms.example.edu/auth',
      authTokenUrl: 'https://lms.example.edu/token',
      keysetUrl: 'https://lms.example.edu/jwks',
    })
    .returning();
  await db.insert(ltiLinks).values({
    platformId: platform!.id,
    resourceLinkId: 'matrix-link',
    multilistId: boardId,
    title: 'Matrix week',
  });
  for (const username of learners) {
    const [user] = await db.select().from(users).where(eq(users.username, username));
    await db.insert(ltiUsers).values({ platformId: platform!.id, sub: username, userId: user!.id });
    await db
      .insert(boardMembers)
      .values({ multilistId: boardId, username, kind: 'reader' })
      .onConflictDoNothing();
  }
}

async function loadBoard(a: Agent, owner: string, ptitle: string): Promise<Multilist> {
  const [b] = await ok<Multilist[]>(
    a.post('/api/dbload/load_multilists', { addresses: [`/${owner}/${ptitle}`] }),
  );
  return b!;
}

/** A live stream collecting the board events its viewer hears, named by what they were about. */
async function listen(v: ViewerName, boardIds: string[], query = '') {
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const ctrl = new AbortController();
  const cookie = agents[v].cookie;
  const res = await fetch(`${base}/api/events?boards=${boardIds.join(',')}${query}`, {
    headers: cookie ? { cookie } : {},
    signal: ctrl.signal,
  });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Record<string, unknown>[] = [];
  const waiting: { wake: () => void } = { wake: () => {} };
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let m: RegExpMatchArray | null;
      while ((m = buffer.match(/event: (\w+)\ndata: (.*)\n\n/))) {
        buffer = buffer.slice(buffer.indexOf(m[0]) + m[0].length);
        if (m[1] === 'board') events.push(JSON.parse(m[2]!) as Record<string, unknown>);
      }
      waiting.wake();
    }
  })();
  /** Events up to and including the next sentinel edit. */
  const untilSentinel = async (): Promise<Record<string, unknown>[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const at = events.findIndex(
        (e) => e.call === '/api/forms/edit_item' && e.itemId === sentinelItemId,
      );
      if (at >= 0) return events.splice(0, at + 1);
      if (Date.now() > deadline) throw new Error(`${v} never heard the sentinel`);
      await new Promise<void>((r) => {
        waiting.wake = r;
        setTimeout(r, 200);
      });
    }
  };
  const stream = { untilSentinel, heard: () => events.length, close: () => ctrl.abort() };
  streams.push(stream);
  return stream;
}

/** How each thing is made; the last call is the one whose live event the matrix checks. */
async function make(thing: Thing): Promise<{ id: string; lastCall: string }> {
  const note = (a: Agent, text: string, extra: Record<string, unknown> = {}, spec = {}) =>
    ok<{ itemId: string }>(
      a.post('/api/forms/insert_note', {
        listId: listOf(thing),
        itemId: anchorOf(thing),
        noteSpec: { text, ...spec },
        ...extra,
      }),
    );
  // Its marker a tag too (core tagsIn): Insight names the tags of the notes one may read.
  const text = `${COMMON} #${marker(thing.name)} #${TAGGED} ${MENTION_ALL}`;
  const NOTE = '/api/forms/insert_note';
  const answered = (itemId: string) =>
    ok(agents.author.post('/api/forms/set_note_status', { itemId, status: 'answered' }));
  switch (thing.name) {
    case 'privateItem':
    case 'lockedBoardItem': {
      // A video, its caption the thing's words: a clip as well as an item; and a picture the
      // author uploaded, which goes to those who may see the item.
      await createFileStore(t.config).put(
        `author/${marker(thing.name)}.png`,
        Buffer.from(marker(thing.name)),
        'image/png',
      );
      // And a PDF with a word of its own on its page, uploaded and recorded as the browser does.
      const pdf = makePdf([[{ text: `Notes on ${PDF_WORD} anatomy`, size: 14, y: 700 }]]);
      const pdfPath = `author/${marker(thing.name)}.pdf`;
      await createFileStore(t.config).put(pdfPath, pdf, 'application/pdf');
      await ok(
        agents.author.post('/api/upload/record', {
          bucketPath: pdfPath,
          fileType: '',
          size: pdf.length,
        }),
      );
      const r = await ok<{ itemId: string }>(
        agents.author.post('/api/forms/insert_item', {
          listId: listOf(thing),
          text: `/media/lecture.webm ~ ${text}\n\n${marker(thing.name)}.png\n\n${marker(thing.name)}.pdf`,
          isPrivate: thing.name === 'privateItem',
        }),
      );
      // A marker whose title has a word of its own: search reads markers too.
      await ok(
        agents.author.post('/api/forms/add_media_marker', {
          itemId: r.itemId,
          title: `${MARKED_WORD} at one second`,
          description: '',
          timecode: 1,
        }),
      );
      return { id: r.itemId, lastCall: '/api/forms/insert_item' };
    }
    case 'privateAnno': {
      const r = await ok<{ itemId: string }>(
        agents.author.post('/api/forms/insert_anno', {
          listId: listOf(thing),
          itemId: anchorItemId,
          annoSpec: { text },
          isPrivate: true,
        }),
      );
      return { id: r.itemId, lastCall: '/api/forms/insert_anno' };
    }
    case 'annoOnPrivateItem': {
      const r = await ok<{ itemId: string }>(
        agents.author.post('/api/forms/insert_anno', {
          listId: listOf(thing),
          itemId: ids.privateItem,
          annoSpec: { text },
        }),
      );
      return { id: r.itemId, lastCall: '/api/forms/insert_anno' };
    }
    case 'privateNote': {
      // Written, then reworded by its writer: the words the matrix looks for come by the edit,
      // whose live event is the one checked (the replies' events check a note written).
      const r = await note(agents.writer, 'A first draft.', { isPrivate: true });
      await ok(agents.writer.post('/api/forms/edit_item', { itemId: r.itemId, text }));
      return { id: r.itemId, lastCall: '/api/forms/edit_item' };
    }
    case 'replyToPrivateNote': {
      // The reply itself is not marked private: it must take its thread's privacy.
      const r = await note(agents.writer, text, {}, { parentId: ids.privateNote });
      return { id: r.itemId, lastCall: NOTE };
    }
    case 'groupNote':
      return {
        id: (await note(agents.writer, text, {}, { groupName: 'Seminar' })).itemId,
        lastCall: NOTE,
      };
    case 'groupReply': {
      // A question after the note was answered (it asks again: those who answer the board's
      // notes are mailed of it). Sent without its group: it must take the thread's.
      await answered(ids.groupNote);
      const r = await note(
        agents.groupMember,
        `${text} Who else?`,
        {},
        { parentId: ids.groupNote },
      );
      return { id: r.itemId, lastCall: NOTE };
    }
    case 'privateReply': {
      // A private question after the answer: it asks no one, and no one but its writer is told.
      await answered(ids.groupNote);
      const r = await note(
        agents.writer,
        `${text} Why?`,
        { isPrivate: true },
        { parentId: ids.groupNote },
      );
      return { id: r.itemId, lastCall: NOTE };
    }
    case 'lockedBoardNote': {
      const elsewhere = new Agent(t.app);
      await elsewhere.signIn(ACCOUNT.writer!, SEED_PASSWORD);
      await ok(
        elsewhere.post('/api/forms/board_password', {
          multilistId: lockedBoard._id,
          password: 'sesame',
        }),
      );
      return {
        id: (await note(elsewhere, text, {}, { groupName: 'Seminar' })).itemId,
        lastCall: NOTE,
      };
    }
    case 'noteOnCoauthorsItem': {
      const item = await ok<{ itemId: string }>(
        agents.coauthor.post('/api/forms/insert_item', {
          listId: listOf(thing),
          text: 'My own reading list',
          isPrivate: true,
        }),
      );
      coauthorsItemId = item.itemId;
      const r = await ok<{ itemId: string }>(
        agents.coauthor.post('/api/forms/insert_note', {
          listId: listOf(thing),
          itemId: item.itemId,
          noteSpec: { text },
        }),
      );
      return { id: r.itemId, lastCall: NOTE };
    }
    case 'dismissedNote': {
      const r = await note(agents.writer, text);
      await ok(
        agents.author.post('/api/forms/set_note_status', { itemId: r.itemId, status: 'dismissed' }),
      );
      return { id: r.itemId, lastCall: '/api/forms/set_note_status' };
    }
    case 'replyInDismissedThread': {
      const r = await note(agents.writer, text, {}, { parentId: ids.dismissedNote });
      return { id: r.itemId, lastCall: NOTE };
    }
  }
}

beforeAll(async () => {
  t = await createAccountApp({
    EMAIL_VERIFICATION: 'off',
    MAIL_ITEM_RATE_LIMIT: '100000',
    ALERT_MAIL_RATE_LIMIT: '100000',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = new Agent(t.app);
  await admin.signIn('admin');
  for (const name of NEW_ACCOUNTS) {
    await ok(
      admin.post('/api/auth/create_user', {
        username: name,
        password: `${name}-pass-1`,
        email: `${name}@example.org`,
        profile: { role: 'reader', fullname: '' },
      }),
    );
  }
  // Whose profile asks for e-mail alerts, as the seeded accounts' do: mentions reach them; and,
  // everyone's, for their groups' notes too.
  await t.database.db
    .update(users)
    .set({ fields: sql`${users.fields} || '{"emailAlerts": true}'::jsonb` })
    .where(inArray(users.username, NEW_ACCOUNTS));
  await t.database.db
    .update(users)
    .set({ fields: sql`${users.fields} || '{"groupAlerts": true}'::jsonb` });
  for (const v of VIEWERS) {
    const a = new Agent(t.app);
    const account = ACCOUNT[v];
    if (account === 'guest') await a.signInGuest();
    else if (account) {
      await a.signIn(account, NEW_ACCOUNTS.includes(account) ? `${account}-pass-1` : SEED_PASSWORD);
    }
    agents[v] = a;
    heard[v] = new Set();
    read[v] = new Set();
    heardInListing[v] = new Set();
    readInListing[v] = new Set();
  }
  const author = agents.author;
  const open = await ok<{ multilistId: string; ptitle: string }>(
    author.post('/api/forms/insert_multilist', { titleText: 'Matrix open', listed: true }),
  );
  const shut = await ok<{ multilistId: string; ptitle: string }>(
    author.post('/api/forms/insert_multilist', { titleText: 'Matrix locked', listed: true }),
  );
  for (const b of [open, shut]) {
    await ok(
      author.post('/api/forms/insert_list', { multilistId: b.multilistId, titleText: 'Week 1' }),
    );
    await ok(
      author.post('/api/forms/add_coauthor', {
        owner: 'author',
        title: b.ptitle,
        username: 'cora',
      }),
    );
    await ok(
      author.post('/api/forms/set_member', {
        multilistId: b.multilistId,
        username: 'edda',
        privileges: ['edit', 'delete'],
      }),
    );
  }
  await ok(
    author.post('/api/dbedit/edit_multilist', {
      multilistId: shut.multilistId,
      password: 'sesame',
    }),
  );
  await ok(author.post('/api/forms/create_group', { name: 'Seminar', isPrivate: true }));
  for (const who of ['reader', 'gwen'])
    await ok(author.post('/api/forms/add_group_member', { groupName: 'Seminar', username: who }));
  // The group reads both boards; the locked one's note is written to it (its members who have not
  // given the password may not read it, nor be mailed of it).
  for (const board of [open, shut])
    await ok(
      author.post('/api/forms/assign_group', {
        multilistId: board.multilistId,
        groupName: 'Seminar',
      }),
    );
  openBoard = await loadBoard(author, 'author', open.ptitle);
  lockedBoard = await loadBoard(author, 'author', shut.ptitle);
  await placeInCourse(openBoard._id, ['reader', 'demo', 'gwen']);
  const anchor = await ok<{ itemId: string }>(
    author.post('/api/forms/insert_item', {
      listId: openBoard.lists[0]!._id,
      text: 'A passage to note.',
    }),
  );
  anchorItemId = anchor.itemId;
  const sentinel = await ok<{ itemId: string }>(
    author.post('/api/forms/insert_item', { listId: openBoard.lists[0]!._id, text: 'sentinel' }),
  );
  sentinelItemId = sentinel.itemId;

  // Everyone watches both boards while the hidden things are made, one at a time, each followed
  // by a public edit that everyone hears: what a viewer heard before it is what they learnt.
  const watching = new Map<ViewerName, Awaited<ReturnType<typeof listen>>>();
  for (const v of VIEWERS) watching.set(v, await listen(v, [openBoard._id, lockedBoard._id]));
  const since = encodeURIComponent(new Date().toISOString());
  const listings = new Map<ViewerName, Awaited<ReturnType<typeof listen>>>();
  for (const v of VIEWERS)
    listings.set(v, await listen(v, [], `&owner=${listingOwner(v)}&since=${since}`));
  for (const [n, thing] of THINGS.entries()) {
    const { id, lastCall } = await make(thing);
    ids[thing.name] = id;
    await ok(
      author.post('/api/forms/edit_item', { itemId: sentinelItemId, text: `sentinel ${n}` }),
    );
    // The sentinel is an edit too: only another edit_item event is the thing's.
    const its = (e: Record<string, unknown>) =>
      e.call === lastCall && !(e.call === '/api/forms/edit_item' && e.itemId === sentinelItemId);
    const record = (
      v: ViewerName,
      batch: Record<string, unknown>[],
      into: { heard: Set<ThingName>; read: Set<ThingName> },
    ) => {
      if (batch.some(its)) into.heard.add(thing.name);
      for (const e of batch) expect(e).not.toHaveProperty('seen');
      // A change inside one item carries the item itself: its text reaches only those who may
      // read it, and the event of the call that hides a thing no longer carries it.
      for (const e of batch) {
        const text = JSON.stringify(e);
        for (const other of THINGS) {
          if (!text.includes(marker(other.name))) continue;
          into.read.add(other.name);
          if (its(e) && other === thing) {
            expect(sees(v, thing), `${thing.name} read by ${v} after ${lastCall}`).toBe(true);
          }
        }
      }
    };
    for (const v of VIEWERS) {
      record(v, await watching.get(v)!.untilSentinel(), { heard: heard[v], read: read[v] });
      if (LISTING_FOLLOWERS.includes(v)) {
        record(v, await listings.get(v)!.untilSentinel(), {
          heard: heardInListing[v],
          read: readInListing[v],
        });
      }
    }
  }
  // Those who may not follow the author's listings heard nothing through them, by the end.
  for (const v of VIEWERS)
    if (!LISTING_FOLLOWERS.includes(v)) expect(listings.get(v)!.heard(), v).toBe(0);
}, 120_000);

afterAll(async () => {
  streams.forEach((s) => s.close());
  await t.close();
});

/** What a viewer gets from a channel that hands out content, as text to look for markers in. */
type Reader = (v: ViewerName) => Promise<string>;

const boardLoad =
  (form: 'full' | 'packed'): Reader =>
  async (v) => {
    const res = await agents[v].post('/api/dbload/load_multilists', {
      addresses: [`/author/${openBoard.ptitle}`, `/author/${lockedBoard.ptitle}`],
      form,
    });
    return res.body;
  };

/** The pictures the content items show, as each viewer fetches them: their bytes, or nothing. */
const storedFiles: Reader = async (v) => {
  const got = await Promise.all(
    THINGS.filter((thing) => thing.content).map(async (thing) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/files/author/${marker(thing.name)}.png`,
        headers: agents[v].cookie ? { cookie: agents[v].cookie } : {},
      });
      return res.statusCode === 200 ? res.body : `${res.statusCode}`;
    }),
  );
  return got.join('\n');
};

const section: Reader = async (v) => {
  const parts = await Promise.all(
    [openBoard, lockedBoard].map((b) =>
      agents[v].post('/api/dbload/load_section', {
        address: `/author/${b.ptitle}`,
        sectionIndex: 0,
        stopIndex: 5,
      }),
    ),
  );
  return parts.map((p) => p.body).join('\n');
};

const searchFor =
  (word: string): Reader =>
  async (v) =>
    (
      await agents[v].post('/api/dbload/load_search', {
        address: `/author/home?searchStr=${word}&by=text&users=all`,
      })
    ).body;
const search = searchFor(COMMON);

const LISTING_CODES = [
  'myBoards',
  'coBoards',
  'annoBoards',
  'myAnnos',
  'myNotes',
  'annos',
  'notes',
  'groupNotes',
] as const;
const DISCUSSION_CODES = ['pending', 'answered', 'dismissed'] as const;

/**
 * Each of these listings, as the viewer, one text: as its page loads it (load_search), or as a
 * file (`format`: export_listing).
 */
const listingOf =
  (codes: readonly string[], narrowed = '', format?: 'md' | 'csv'): Reader =>
  async (v) => {
    const me = ACCOUNT[v] ?? 'nobody';
    const bodies = await Promise.all(
      codes.map(async (code) => {
        const address = `/${me}/home?code=${code}&username=${me}${narrowed}`;
        const res = format
          ? await agents[v].post('/api/dbload/export_listing', { address, format })
          : await agents[v].post('/api/dbload/load_search', { address });
        return res.body;
      }),
    );
    return bodies.join('\n');
  };

/** Each of these listings of notes as a file (export_listing), as the viewer, one text. */
const listingFiles = (codes: readonly string[], format: 'md' | 'csv') =>
  listingOf(codes, '', format);

/**
 * A board call made on both boards as the viewer, the two answers as one text. The body names
 * the board (`multilistId`) and whatever else the call takes.
 */
const onBothBoards =
  (path: string, extra: Record<string, unknown> = {}): Reader =>
  async (v) => {
    const parts = await Promise.all(
      [openBoard, lockedBoard].map((b) => agents[v].post(path, { multilistId: b._id, ...extra })),
    );
    return parts.map((p) => p.body).join('\n');
  };

const exported = (format: 'md' | 'html' | 'json') =>
  onBothBoards('/api/forms/export_board', { format });

const annotationsExport = onBothBoards('/api/forms/export_annotations', { format: 'jsonld' });

/** The notes as a file at a plain address (CSV, or the same JSON-LD as the form call). */
const annotationsFile =
  (format: 'csv' | 'jsonld'): Reader =>
  async (v) => {
    const parts = await Promise.all(
      [openBoard, lockedBoard].map((b) =>
        agents[v].get(
          `/api/export/annotations?board=${encodeURIComponent(`/author/${b.ptitle}`)}&format=${format}`,
        ),
      ),
    );
    return parts.map((p) => p.body).join('\n');
  };

/** A board's Insight: figures and passages, never a note's text, for every viewer. */
const insightOf = onBothBoards('/api/forms/board_insight');

/** The Course grades page (LTI): learners' counts and scores, never a note's text. */
const courseGrades = onBothBoards('/api/forms/board_grades');

const dump = onBothBoards('/api/forms/dump_multilists');

/** The board's video and audio clips with their ranges and captions (admins). */
const clips = onBothBoards('/api/forms/dump_clips_list');

const loadQuery: Reader = async (v) => {
  const res = await agents[v].post('/api/forms/load', {
    query: `searchStr=${COMMON}&by=text&users=all`,
    listed: false,
    titleText: `matrix ${v} ${randomUUID().slice(0, 8)}`,
  });
  if (res.statusCode !== 200) return res.body;
  const made = res.json() as { owner: string; ptitle: string };
  return JSON.stringify(await loadBoard(agents[v], made.owner, made.ptitle));
};

/** forms/load as a stream of progress lines: every line, and the board it made as loaded. */
const loadStreamed: Reader = async (v) => {
  const res = await agents[v].post('/api/forms/load_stream', {
    query: `searchStr=${COMMON}&by=text&users=all`,
    listed: false,
    titleText: `matrix stream ${v} ${randomUUID().slice(0, 8)}`,
  });
  if (res.statusCode !== 200) return res.body;
  const lines = res.body
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { phase: string; board?: { owner: string; ptitle: string } });
  const made = lines.find((l) => l.phase === 'done')?.board;
  return made
    ? `${res.body}\n${JSON.stringify(await loadBoard(agents[v], made.owner, made.ptitle))}`
    : res.body;
};

/**
 * A listed board made of the viewer's search results, as another reader reads it: a hit not every
 * reader sees stays its maker's alone. The maker's own copy holds every hit they see, so that
 * nothing here passes by having saved nothing.
 */
const savedSearchAsOthers: Reader = async (v) => {
  const res = await agents[v].post('/api/forms/load', {
    query: `searchStr=${COMMON}&by=text&users=all`,
    listed: true,
    titleText: `matrix saved ${v} ${randomUUID().slice(0, 8)}`,
  });
  if (res.statusCode !== 200) return res.body;
  const made = res.json() as { owner: string; ptitle: string };
  const own = JSON.stringify(await loadBoard(agents[v], made.owner, made.ptitle));
  const seen = THINGS.filter((x) => sees(v, x));
  expect(seen.filter((x) => !own.includes(marker(x.name))).map((x) => x.name)).toEqual([]);
  return JSON.stringify(await loadBoard(agents.otherReader, made.owner, made.ptitle));
};

/**
 * A discussed note with the replies in its thread the viewer may see, on the Discussion of the
 * board's owner, of its coauthor and of its editor.
 */
const onDiscussion = (v: ViewerName, thing: Thing) =>
  sees(v, thing) &&
  (v === 'author' || v === 'coauthor' || v === 'editor') &&
  (thing.discussed || THINGS.some((x) => x.name === thing.inThreadOf && x.discussed));

/**
 * Each reading channel and which things it should show to a viewer who may see them; a thing
 * that the viewer may not see it must never show.
 */
const READING_CHANNELS: {
  name: string;
  read: Reader;
  shows(v: ViewerName, t: Thing): boolean;
  /** Whose eyes the text is for, when not the viewer's who made it. */
  readBy?: ViewerName;
}[] = [
  { name: 'board load', read: boardLoad('full'), shows: sees },
  { name: 'board load, packed', read: boardLoad('packed'), shows: sees },
  { name: 'section', read: section, shows: sees },
  {
    name: 'stored files',
    read: storedFiles,
    shows: (v, thing) => sees(v, thing) && thing.content,
  },
  { name: 'search', read: search, shows: sees },
  {
    // The word is in no item's text, only in the markers of the two videos.
    name: 'search, by a marker’s title',
    read: searchFor(MARKED_WORD),
    shows: (v, thing) => sees(v, thing) && MARKED.includes(thing.name),
  },
  {
    // The word is in no item's text, only on the page of the PDF each of the two shows.
    name: 'search, by a word of a PDF',
    read: searchFor(PDF_WORD),
    shows: (v, thing) => sees(v, thing) && MARKED.includes(thing.name),
  },
  // Listings other than Discussion: no promise of what they show, only of what they hide.
  { name: 'listings', read: listingOf(LISTING_CODES), shows: () => false },
  {
    // Every note and reply mentions every viewer: each lists those of others they may see.
    name: 'Mentions',
    read: listingOf(['mentions']),
    shows: (v, thing) => sees(v, thing) && thing.mentions === true && thing.writtenBy !== v,
  },
  { name: 'Discussion', read: listingOf(DISCUSSION_CODES), shows: onDiscussion },
  {
    // Every note carries the tag: narrowed to it, the same notes as the Discussion's.
    name: 'Discussion of one tag',
    read: listingOf(DISCUSSION_CODES, `&tag=${TAGGED}`),
    shows: onDiscussion,
  },
  // The same listings as files: Discussion's notes as it lists them, the others only hiding.
  { name: 'Discussion as a file', read: listingFiles(DISCUSSION_CODES, 'md'), shows: onDiscussion },
  {
    name: 'listings of notes as files',
    read: listingFiles(['myAnnos', 'myNotes', 'annos', 'notes', 'groupNotes', 'mentions'], 'csv'),
    shows: () => false,
  },
  {
    // One's own Notes narrowed to it: threads a reply's tag brings only for a reply one may read.
    name: 'Notes of one tag',
    read: listingOf(['notes', 'myNotes'], `&tag=${TAGGED}`),
    shows: () => false,
  },
  {
    // One's own Notes narrowed to each board (a board behind a password not given: a 404).
    name: 'Notes of one board',
    read: async (v) =>
      (
        await Promise.all(
          [openBoard, lockedBoard].map((b) =>
            listingOf(['notes'], `&board=${encodeURIComponent(`author/${b.ptitle}`)}`)(v),
          ),
        )
      ).join('\n'),
    shows: (v, thing) =>
      thing.writtenBy === v &&
      sees(v, thing) &&
      (thing.discussed || thing.inThreadOf !== undefined),
  },
  ...(['md', 'html', 'json'] as const).map((f) => ({
    name: `export ${f}`,
    read: exported(f),
    shows: (v: ViewerName, thing: Thing) => sees(v, thing) && thing.content && signedIn(v),
  })),
  {
    name: 'annotations export',
    read: annotationsExport,
    shows: (v, thing) => sees(v, thing) && !thing.content && v !== 'anonymous',
  },
  ...(['csv', 'jsonld'] as const).map((f) => ({
    name: `annotations file ${f}`,
    read: annotationsFile(f),
    shows: (v: ViewerName, thing: Thing) => sees(v, thing) && !thing.content && v !== 'anonymous',
  })),
  {
    // Its tags (each thing's marker) of the notes the viewer may read: everyone's to the board's
    // owner, one's own to a reader.
    name: 'Insight',
    read: insightOf,
    shows: (v, thing) =>
      thing.discussed && sees(v, thing) && (v === 'author' || thing.writtenBy === v),
  },
  {
    // The tags of one's own notes and replies, on every board this session may open.
    name: 'one’s own tags',
    read: async (v) => (await agents[v].post('/api/dbload/my_tags', {})).body,
    shows: (v, thing) =>
      thing.writtenBy === v &&
      sees(v, thing) &&
      (thing.discussed || thing.inThreadOf !== undefined),
  },
  { name: 'Course grades', read: courseGrades, shows: () => false },
  {
    name: 'dump',
    read: dump,
    shows: (v, thing) => sees(v, thing) && thing.content && v === 'admin',
  },
  {
    name: 'clips',
    read: clips,
    shows: (v, thing) => sees(v, thing) && thing.content && v === 'admin',
  },
  { name: 'forms/load', read: loadQuery, shows: (v, thing) => sees(v, thing) && signedIn(v) },
  {
    name: 'forms/load_stream',
    read: loadStreamed,
    shows: (v, thing) => sees(v, thing) && signedIn(v),
  },
  {
    name: 'saved search, read by another',
    read: savedSearchAsOthers,
    readBy: 'otherReader',
    shows: () => false,
  },
];

const cases = READING_CHANNELS.flatMap((channel) => VIEWERS.map((v) => ({ channel, v })));

describe('privacy matrix: reading channels', () => {
  it.each(cases)('$channel.name as $v', async ({ channel, v }) => {
    const text = await channel.read(v);
    for (const thing of THINGS) {
      const must = channel.shows(v, thing);
      const may = sees(channel.readBy ?? v, thing);
      const found = text.includes(marker(thing.name));
      if (!may) expect(found, `${thing.name} leaked`).toBe(false);
      if (must) expect(found, `${thing.name} missing`).toBe(true);
    }
  });
});

describe('privacy matrix: the count of notes waiting on Discussion', () => {
  // A count shows no words, but a hidden note counted would tell of it: the count is what the
  // author's Pending notes list (the Discussion channel above), for them and a site admin alone.
  it.each(VIEWERS)('as %s: what the author’s Pending notes list, or refused', async (v) => {
    const res = await agents[v].post('/api/dbload/waiting_notes', { username: 'author' });
    if (v !== 'author' && v !== 'admin') {
      expect(res.statusCode).toBe(signedIn(v) ? 403 : 401);
      return;
    }
    const listed = await agents.author.post('/api/dbload/load_search', {
      address: '/author/home?code=pending&username=author',
    });
    const entries = listed.json<Multilist>().lists.flatMap((l) => l.items).length;
    expect(entries).toBeGreaterThan(0);
    expect(res.json()).toEqual({ count: entries, more: false });
  });
});

describe('privacy matrix: a group’s members', () => {
  // Who is in a group is the owner's to know: its members, the writer among them, see none of
  // it, nor anyone else; the LTI course groups of others are not listed either.
  it.each(VIEWERS)('as %s: the Seminar’s members to its owner alone', async (v) => {
    const res = await agents[v].post('/api/forms/group_members', {});
    if (!signedIn(v)) {
      expect(res.statusCode).toBe(401);
      return;
    }
    const groups = res.json<{ name: string; members: { username: string }[] }[]>();
    const seminar = groups.find((g) => g.name === 'Seminar');
    if (v === 'author')
      expect(seminar?.members.map((m) => m.username)).toEqual(['author', 'gwen', 'reader']);
    else expect(seminar).toBeUndefined();
    expect(JSON.stringify(groups)).not.toMatch(v === 'author' ? /nico/ : /gwen/);
  });
});

describe('privacy matrix: who in a group has not written yet', () => {
  // Insight's roster of a group is its owner's alone, as the group's members are: the coauthor
  // and the site admin, who see everyone's figures, get none.
  it.each(VIEWERS)('as %s: the Seminar’s roster on Insight to its owner alone', async (v) => {
    // One answer a line, from the open board and the locked one (an error for some viewers).
    const answers = (await insightOf(v))
      .split('\n')
      .map((line) => JSON.parse(line) as { groups?: { group: string; roster: unknown }[] });
    const rosters = answers.flatMap((a) =>
      (a.groups ?? []).filter((g) => g.group === 'Seminar').map((g) => g.roster),
    );
    if (v === 'author') expect(rosters).toContainEqual(expect.objectContaining({ members: 2 }));
    else expect(rosters.every((r) => r === null)).toBe(true);
  });
});

describe('privacy matrix: what is new on the boards one visited', () => {
  // Counts show no words, but a hidden thing counted would tell of it: each board's counts are
  // what the viewer's own load of it shows that others wrote, and a board they may not open is
  // not listed at all. Every visit here counts from before anything was written.
  it.each(VIEWERS)('as %s: what their loads show others wrote, or nothing', async (v) => {
    const me = ACCOUNT[v];
    for (const b of [openBoard, lockedBoard]) {
      await agents[v].post('/api/display/update_multilistvs', {
        query: { userId: agents[v].userId, multilistId: b._id },
        doc: { $set: { seenUpTo: '2000-01-01T00:00:00.000Z' } },
      });
    }
    const res = await agents[v].post('/api/dbload/board_news', {});
    if (v === 'anonymous') {
      expect(res.statusCode).toBe(401);
      return;
    }
    const expected = [];
    for (const b of [openBoard, lockedBoard]) {
      const loaded = await loadBoard(agents[v], 'author', b.ptitle);
      const shown = loaded.lists.flatMap((l) => l.items.flatMap((i) => [i, ...i.notes]));
      const others = shown.filter((x) => x.author !== me);
      const items = others.filter((x) => x.annotationClass === 'none').length;
      // Which of them answer the viewer, by the rule the web applies to the same load.
      const byId = new Map(shown.map((x) => [x._id, x]));
      const toYou = others.filter((x) => answersTo(x, me, byId)).length;
      if (others.length > 0 && v !== 'guest')
        expected.push({ title: b.title, items, notes: others.length - items, toYou });
      if (loaded.locked) expect(others).toEqual([]);
    }
    const got = res
      .json<{ title: string; items: number; notes: number; toYou: number }[]>()
      .map(({ title, items, notes, toYou }) => ({ title, items, notes, toYou }));
    expect(got.sort((x, y) => x.title.localeCompare(y.title))).toEqual(
      expected.sort((x, y) => x.title.localeCompare(y.title)),
    );
    if (v === 'guest') expect(got).toEqual([]);
    else expect(got.length).toBeGreaterThan(0);
    // The group member's reply under the writer's group note answers the writer.
    if (v === 'writer') expect(got.some((e) => e.toYou > 0)).toBe(true);
    // Those who may open the locked board see its news; no one else is told of it.
    const lockedListed = got.some((e) => e.title === lockedBoard.title);
    expect(lockedListed).toBe(
      sees(
        v,
        THINGS.find((x) => x.name === 'lockedBoardNote')!,
      ),
    );
  });
});

describe('privacy matrix: when notes are due on the boards one visited', () => {
  const both = () => [openBoard, lockedBoard];
  /** A visit, as the web keeps one: what is due is of the boards one visited. */
  const visit = (v: ViewerName, b: { _id: string }) =>
    agents[v].post('/api/display/update_multilistvs', {
      query: { userId: agents[v].userId, multilistId: b._id },
      doc: { $set: { seenUpTo: '2000-01-01T00:00:00.000Z' } },
    });
  /**
   * What the Due should tell `v`, by what their own loads show: each board they may open and do
   * not answer, with their own notes on it (on the list whose own date it is, given its id).
   */
  async function expectedDue(v: ViewerName, listIds?: string[]) {
    const answers = v === 'author' || v === 'coauthor' || v === 'editor';
    const expected = [];
    for (const [i, b] of both().entries()) {
      const loaded = await loadBoard(agents[v], 'author', b.ptitle);
      const list = listIds && loaded.lists.find((l) => l._id === listIds[i]);
      const wrote = (listIds ? (list ? [list] : []) : loaded.lists)
        .flatMap((l) => l.items.flatMap((it) => it.notes))
        .filter((x) => x.author === ACCOUNT[v]).length;
      if (!loaded.locked && !answers && v !== 'guest')
        expected.push({ title: b.title, ...(list && { list: list.title }), wrote });
    }
    return expected.sort((x, y) => x.title.localeCompare(y.title));
  }
  const dueOf = async (v: ViewerName) => {
    const res = await agents[v].post('/api/dbload/boards_due', {});
    if (v === 'anonymous') {
      expect(res.statusCode).toBe(401);
      return null;
    }
    return res
      .json<{ title: string; list?: string; wrote: number }[]>()
      .map(({ title, list, wrote }) => ({ title, ...(list !== undefined && { list }), wrote }))
      .sort((x, y) => x.title.localeCompare(y.title));
  };

  // The dashboard's Due: a board one may not open is not named, and each board's count of one's
  // own notes is what one's own load of it shows; those who answer a board's notes get none.
  it.each(VIEWERS)('as %s: the due boards their loads open, with their own notes', async (v) => {
    const notesDue = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    for (const b of both()) {
      await ok(agents.author.post('/api/dbedit/edit_multilist', { multilistId: b._id, notesDue }));
      await visit(v, b);
    }
    const got = await dueOf(v);
    if (!got) return;
    expect(got).toEqual(await expectedDue(v));
    // Those who may open the locked board and do not answer its notes are told of it; no one else.
    const answers = v === 'author' || v === 'coauthor' || v === 'editor';
    expect(got.some((e) => e.title === lockedBoard.title)).toBe(
      !answers &&
        sees(
          v,
          THINGS.find((x) => x.name === 'lockedBoardNote')!,
        ),
    );
    if (v === 'writer')
      expect(got.find((e) => e.title === openBoard.title)?.wrote).toBeGreaterThan(0);
  });

  // A list's own date (a course's week) in place of the board's: the same boards, each naming the
  // list, with one's own notes on that list's items as one's own load shows them.
  it.each(VIEWERS)('as %s: a list’s date, with their own notes on it', async (v) => {
    const notesDue = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    const firstLists: string[] = [];
    for (const b of both()) {
      const list = (await loadBoard(agents.author, 'author', b.ptitle)).lists[0]!;
      firstLists.push(list._id);
      await ok(
        agents.author.post('/api/dbedit/edit_multilist', { multilistId: b._id, notesDue: null }),
      );
      await ok(agents.author.post('/api/forms/edit_list', { listId: list._id, notesDue }));
      await visit(v, b);
    }
    try {
      const got = await dueOf(v);
      if (got) expect(got).toEqual(await expectedDue(v, firstLists));
    } finally {
      const back = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
      for (const [i, b] of both().entries()) {
        await ok(
          agents.author.post('/api/forms/edit_list', { listId: firstLists[i], notesDue: null }),
        );
        await ok(
          agents.author.post('/api/dbedit/edit_multilist', { multilistId: b._id, notesDue: back }),
        );
      }
    }
  });
});

describe('privacy matrix: when notes are due on a board given to a private group', () => {
  // Never visited by anyone: only the members of its group (Seminar: the writer and Gwen) are
  // told of it, before they open it; its author, who set the date, is not.
  let unvisited = '';
  beforeAll(async () => {
    const made = await ok<{ multilistId: string }>(
      agents.author.post('/api/forms/insert_multilist', { titleText: 'Matrix due, unvisited' }),
    );
    unvisited = made.multilistId;
    await ok(
      agents.author.post('/api/forms/assign_group', {
        multilistId: unvisited,
        groupName: 'Seminar',
      }),
    );
    const notesDue = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    await ok(
      agents.author.post('/api/dbedit/edit_multilist', { multilistId: unvisited, notesDue }),
    );
  });
  it.each(VIEWERS)('as %s: listed only to the members of its group', async (v) => {
    const res = await agents[v].post('/api/dbload/boards_due', {});
    if (v === 'anonymous') {
      expect(res.statusCode).toBe(401);
      return;
    }
    const ids = res.json<{ multilistId: string }[]>().map((e) => e.multilistId);
    expect(ids.includes(unvisited)).toBe(v === 'writer' || v === 'groupMember');
  });
});

describe('privacy matrix: Course grades', () => {
  it("lists the writer's notes to the board's authors, private ones counted, their words not", async () => {
    const res = await agents.author.post('/api/forms/board_grades', { multilistId: openBoard._id });
    const [link] = res.json<{ links: { learners: { username: string; notes: number }[] }[] }>()
      .links;
    const writer = link?.learners.find((l) => l.username === ACCOUNT.writer);
    // The writer's notes on the open board: private, group and dismissed ones alike.
    const theirs = THINGS.filter(
      (x) =>
        !x.onLockedBoard && !x.content && x.seenBy.includes('writer') && x.inThreadOf === undefined,
    );
    expect(writer?.notes).toBe(theirs.length);
    for (const thing of THINGS) expect(res.body).not.toContain(marker(thing.name));
  });
});

describe('privacy matrix: live events', () => {
  it.each(VIEWERS)('%s hears of exactly the things they may see or saw until then', (v) => {
    const expected = THINGS.filter(
      (thing) => sees(v, thing) || (thing.sawBeforeHidden ?? []).includes(v),
    ).map((thing) => thing.name);
    expect([...heard[v]].sort()).toEqual(expected.sort());
  });
  it.each(VIEWERS)(
    '%s reads in live events only the things they may see or saw until then',
    (v) => {
      const may = THINGS.filter(
        (thing) => sees(v, thing) || (thing.sawBeforeHidden ?? []).includes(v),
      ).map((thing) => thing.name);
      for (const name of read[v]) expect(may, `${name} leaked to ${v}`).toContain(name);
    },
  );
  it.each(VIEWERS)(
    '%s hears through a Discussion stream (the author’s, or the coauthor’s or editor’s own) what they may see, and only as its owner or an admin',
    (v) => {
      const expected = LISTING_FOLLOWERS.includes(v)
        ? THINGS.filter((thing) => sees(v, thing) || (thing.sawBeforeHidden ?? []).includes(v))
        : [];
      expect([...heardInListing[v]].sort()).toEqual(expected.map((thing) => thing.name).sort());
      for (const name of readInListing[v])
        expect(expected.map((thing) => thing.name)).toContain(name);
    },
  );
  it('carries the notes themselves: a writer reads their private note, a group its group note', () => {
    expect(read.writer).toContain('privateNote');
    expect(read.groupMember).toContain('groupNote');
  });
});

/**
 * Each list of the boards as a viewer loads them: its title, its content items' own texts (not
 * their notes') and the whole list as JSON (notes included).
 */
async function listsOf(
  a: Agent,
  boards: { owner: string; ptitle: string }[],
): Promise<{ title: string; texts: string[]; json: string }[]> {
  const res = await a.post('/api/dbload/load_multilists', {
    addresses: boards.map((b) => `/${b.owner}/${b.ptitle}`),
  });
  if (res.statusCode !== 200) return [];
  const loaded = res.json() as Partial<Multilist>[];
  return loaded.flatMap((b) =>
    (b.lists ?? []).map((l) => ({
      title: l.title,
      texts: l.items.filter((i) => i.annotationClass === 'none').map((i) => i.text),
      json: JSON.stringify(l),
    })),
  );
}

/**
 * Copies. A board's copy is the copier's own new board (duplicate_multilist: whoever may export
 * the board may copy it); a list's copy is a new list on the same board (duplicate_list: its
 * moderators), which every viewer of the board then sees, or on a board of the copier's own (any
 * list they may read). A copy carries only the content its
 * maker sees, keeps a private item private, and carries no notes; a board's copy asked with its
 * maker's annotations carries those alone, as private as they were; the live event of a list's
 * copy tells each viewer only what they may see.
 */
describe('privacy matrix: copies', () => {
  const ANNOTATIONS: readonly ThingName[] = ['privateAnno', 'annoOnPrivateItem'];
  it.each(VIEWERS)('a board copied by %s carries only what they see', async (v) => {
    const made: BoardMade[] = [];
    for (const b of [openBoard, lockedBoard]) {
      const res = await agents[v].post('/api/forms/duplicate_multilist', {
        multilistId: b._id,
        annotations: true,
      });
      if (res.statusCode === 200) made.push(res.json());
    }
    const theirs = JSON.stringify(await listsOf(agents[v], made));
    // The site admin sees every board, the copy too, but not what is private to its maker.
    const adminsView = JSON.stringify(await listsOf(agents.admin, made));
    for (const thing of THINGS) {
      const found = theirs.includes(marker(thing.name));
      const copied = thing.content || (ANNOTATIONS.includes(thing.name) && thing.writtenBy === v);
      if (!sees(v, thing) || !copied) expect(found, `${thing.name} copied`).toBe(false);
      else if (signedIn(v)) expect(found, `${thing.name} missing`).toBe(true);
      if (!sees('admin', thing)) {
        expect(adminsView.includes(marker(thing.name)), `${thing.name} shown to the admin`).toBe(
          false,
        );
      }
    }
    // The copies are their makers' own, which the deletes below do not touch: they go now.
    for (const copy of made)
      await ok(agents[v].post('/api/forms/delete_multilist', { multilistId: copy.multilistId }));
  });

  it.each(VIEWERS)(
    'the lists copied by %s to a board of their own, with their annotations, carry only what they see',
    async (v) => {
      const own = signedIn(v)
        ? await ok<BoardMade>(
            agents[v].post('/api/forms/insert_multilist', { titleText: `Lists copied by ${v}` }),
          )
        : null;
      for (const b of [openBoard, lockedBoard]) {
        for (const list of b.lists) {
          const res = await agents[v].post('/api/forms/duplicate_list', {
            // One without a board of their own tries the board itself: refused.
            multilistId: own?.multilistId ?? b._id,
            prevListId: list._id,
            annotations: true,
          });
          if (!own) expect(res.statusCode, `${v} copied a list`).not.toBe(200);
        }
      }
      if (!own) return;
      const theirs = JSON.stringify(await listsOf(agents[v], [own]));
      const adminsView = JSON.stringify(await listsOf(agents.admin, [own]));
      for (const thing of THINGS) {
        const found = theirs.includes(marker(thing.name));
        const copied = thing.content || (ANNOTATIONS.includes(thing.name) && thing.writtenBy === v);
        if (!sees(v, thing) || !copied) expect(found, `${thing.name} copied`).toBe(false);
        else expect(found, `${thing.name} missing`).toBe(true);
        if (!sees('admin', thing))
          expect(adminsView.includes(marker(thing.name)), `${thing.name} to the admin`).toBe(false);
      }
      await ok(agents[v].post('/api/forms/delete_multilist', { multilistId: own.multilistId }));
    },
  );

  it("a list copied by each of the board's moderators shows every viewer only what they may see, live too", async () => {
    const copiers = MODERATORS;
    for (const v of VIEWERS.filter((x) => !copiers.includes(x))) {
      const res = await agents[v].post('/api/forms/duplicate_list', {
        multilistId: openBoard._id,
        prevListId: openBoard.lists[0]!._id,
      });
      expect(res.statusCode, `${v} copied a list`).not.toBe(200);
    }
    const live = new Map<ViewerName, Awaited<ReturnType<typeof listen>>>();
    for (const v of VIEWERS) live.set(v, await listen(v, [openBoard._id, lockedBoard._id]));
    const copies: string[] = [];
    for (const c of copiers) {
      for (const b of [openBoard, lockedBoard]) {
        const r = await ok<{ listId: string }>(
          agents[c].post('/api/forms/duplicate_list', {
            multilistId: b._id,
            prevListId: b.lists[0]!._id,
            titleText: `Copied by ${c}`,
          }),
        );
        copies.push(r.listId);
      }
    }
    await ok(
      agents.author.post('/api/forms/edit_item', { itemId: sentinelItemId, text: 'copied' }),
    );
    try {
      for (const v of VIEWERS) {
        const lists = await listsOf(agents[v], [openBoard, lockedBoard]);
        const all = lists.flatMap((l) => l.texts);
        for (const thing of THINGS) {
          const count = all.filter((text) => text.includes(marker(thing.name))).length;
          // The original, and a copy by each moderator who sees it, as private as the original.
          const expected = !sees(v, thing)
            ? 0
            : thing.content
              ? 1 + copiers.filter((c) => sees(c, thing)).length
              : 0;
          expect(count, `${thing.name} as ${v}`).toBe(thing.content ? expected : 0);
        }
        const copied = lists
          .filter((l) => l.title.startsWith('Copied by'))
          .map((l) => l.json)
          .join('\n');
        for (const thing of THINGS.filter((x) => !x.content))
          expect(copied.includes(marker(thing.name)), `${thing.name} copied`).toBe(false);
        for (const e of await live.get(v)!.untilSentinel()) {
          const text = JSON.stringify(e);
          for (const thing of THINGS)
            if (!sees(v, thing))
              expect(text.includes(marker(thing.name)), `${thing.name} heard by ${v}`).toBe(false);
        }
      }
    } finally {
      for (const listId of copies)
        await ok(agents.author.post('/api/forms/remove_list', { listId }));
      for (const v of VIEWERS) live.get(v)!.close();
    }
  });
});

/**
 * The day's alerts in one mail (services/notes/digest.ts), written when it goes. Each viewer is
 * given an alert kept for every thing, as if each had been alerted of all of them: the mail must
 * still tell each of nothing they may not see, and of each thing they may (a locked board's as
 * mail has it: without the session that gave its password).
 */
describe('privacy matrix: the day’s alerts in one mail', () => {
  const sent: { to: string; text: string }[] = [];
  beforeAll(async () => {
    const db = t.database.db;
    const people = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, Object.values(MAILBOX)));
    await db
      .update(users)
      .set({ fields: sql`${users.fields} || '{"alertDigest": true}'::jsonb` })
      .where(
        inArray(
          users.id,
          people.map((p) => p.id),
        ),
      );
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await db.insert(alertDigests).values(
      people.flatMap((p) =>
        THINGS.map((thing) => ({
          userId: p.id,
          itemId: ids[thing.name],
          subject: `Alert of ${thing.name}`,
          created: dayAgo,
        })),
      ),
    );
    const mailer = {
      send: (m: { to: string; text: string }) => Promise.resolve(void sent.push(m)),
    };
    await sendAlertDigests(db, { mailer, publicUrl: t.config.PUBLIC_URL }, new Date());
  });

  it.each(Object.keys(MAILBOX) as ViewerName[])(
    'the mail to %s tells of each thing they may see, and of no other',
    (v) => {
      const text = sent
        .filter((m) => m.to === MAILBOX[v])
        .map((m) => m.text)
        .join('\n');
      const boardsOwn = MODERATORS.includes(v);
      for (const thing of THINGS) {
        const told = sees(v, thing) && (!thing.onLockedBoard || boardsOwn);
        expect(text.includes(marker(thing.name)), thing.name).toBe(told);
        expect(text.includes(`Alert of ${thing.name}\n`), `${thing.name}'s alert`).toBe(told);
      }
    },
  );
});

/**
 * Channels that act on a thing by id. A hidden thing is answered exactly like a missing one; a
 * thing the viewer sees is not (they may still be refused for other reasons, as a guest is).
 */
interface ActingChannel {
  name: string;
  act(v: ViewerName, thing: Thing, id: string): ReturnType<Agent['post']>;
}

/** A list on a board of each signed-in viewer's own, made the first time it is asked for. */
const ownLists = new Map<ViewerName, Promise<string>>();
function ownListOf(v: ViewerName): Promise<string> {
  const made =
    ownLists.get(v) ??
    (async () => {
      const board = await ok<BoardMade>(
        agents[v].post('/api/forms/insert_multilist', { titleText: `Copied by ${v}` }),
      );
      const list = await ok<{ listId: string }>(
        agents[v].post('/api/forms/insert_list', {
          multilistId: board.multilistId,
          titleText: 'Copies',
        }),
      );
      return list.listId;
    })();
  ownLists.set(v, made);
  return made;
}

const ACTING_CHANNELS: ActingChannel[] = [
  {
    name: 'email_an_item',
    act: (v, thing, id) =>
      agents[v].post('/api/forms/email_an_item', {
        email: 'friend@example.org',
        multilistId: boardOf(thing)._id,
        listId: listOf(thing),
        itemId: id,
      }),
  },
  {
    name: 'reply',
    act: (v, thing, id) =>
      thing.content
        ? agents[v].post('/api/forms/insert_note', {
            listId: listOf(thing),
            itemId: id,
            noteSpec: { text: 'a reply' },
          })
        : agents[v].post('/api/forms/insert_note', {
            listId: listOf(thing),
            itemId: anchorOf(thing),
            noteSpec: { text: 'a reply', parentId: id },
          }),
  },
  {
    // An item's previous texts (its editors'): a hidden item's are answered like a missing one's.
    name: 'list_item_versions',
    act: (v, _thing, id) => agents[v].post('/api/forms/list_item_versions', { itemId: id }),
  },
  {
    // A reader's mark answers with the note's count: a hidden note's is answered like a missing one.
    name: 'mark helpful',
    act: (v, _thing, id) =>
      agents[v].post('/api/forms/mark_helpful', { itemId: id, helpful: true }),
  },
  {
    // An item copied to a board of the viewer's own (one they may not have: the guest tries the
    // board the item is on), with words of their own: only an item of the board's own goes.
    name: 'copy to one’s own board',
    act: async (v, thing, id) =>
      agents[v].post('/api/forms/duplicate_item', {
        listId: signedIn(v) ? await ownListOf(v) : listOf(thing),
        itemId: id,
        text: 'a copy',
      }),
  },
  {
    name: 'status change',
    // Last, since it may change what others see.
    act: (v, _thing, id) =>
      agents[v].post('/api/forms/set_note_status', { itemId: id, status: 'dismissed' }),
  },
];

describe('privacy matrix: acting on a thing by its id', () => {
  // Each content item edited once, so that its first text is one of its previous texts; each
  // note, annotation and reply by its writer, where they see it.
  beforeAll(async () => {
    for (const thing of THINGS) {
      const editor = thing.content ? 'author' : thing.writtenBy!;
      if (!sees(editor, thing)) continue;
      await ok(
        agents[editor].post('/api/forms/edit_item', {
          itemId: ids[thing.name],
          text: `${COMMON} ${marker(thing.name)} (edited)`,
        }),
      );
    }
  });
  const acting = ACTING_CHANNELS.flatMap((channel) =>
    VIEWERS.flatMap((v) => THINGS.map((thing) => ({ channel, v, thing }))),
  );
  it.each(acting)('$channel.name on $thing.name as $v', async ({ channel, v, thing }) => {
    const before = t.mails.length;
    const real = await channel.act(v, thing, ids[thing.name]);
    const missing = await channel.act(v, thing, randomUUID());
    const answer = (r: { statusCode: number; body: string }) => ({
      status: r.statusCode,
      body: r.body,
    });
    if (sees(v, thing)) {
      expect(answer(real)).not.toEqual(answer(missing));
      // The item's editors read its first text among its previous ones; a note's, its writer
      // alone, and anyone else who sees it is refused them.
      if (channel.name === 'list_item_versions') {
        const reads = thing.content ? MODERATORS.includes(v) : v === thing.writtenBy;
        if (reads) expect(real.body).toContain(marker(thing.name));
        if (!thing.content && !reads) {
          expect(real.statusCode).toBe(signedIn(v) ? 403 : 401);
          expect(real.body).not.toContain(marker(thing.name));
        }
      }
      if (channel.name === 'email_an_item' && signedIn(v)) {
        expect(real.statusCode).toBe(200);
        expect(
          t.mails
            .slice(before)
            .map((m) => m.text)
            .join('\n'),
        ).toContain(marker(thing.name));
      }
    } else {
      expect(answer(real)).toEqual(answer(missing));
      const sent = t.mails
        .slice(before)
        .map((m) => `${m.subject}\n${m.text}`)
        .join('\n');
      expect(sent).not.toContain(marker(thing.name));
    }
  });
});

describe('privacy matrix: new-note mail', () => {
  it('tells the board’s owner of new notes they may see, and of no other', () => {
    const toOwner = t.mails
      .filter((m) => m.to === 'author@listboard.local')
      .map((m) => `${m.subject}\n${m.text}`)
      .join('\n');
    for (const thing of THINGS)
      if (!sees('author', thing))
        expect(toOwner.includes(marker(thing.name)), `${thing.name} mailed`).toBe(false);
    // A reader's note, pending when written: the owner was told of it.
    expect(toOwner).toContain(marker('dismissedNote'));
  });
});

describe('privacy matrix: reply and status mail', () => {
  const mailTo = (v: ViewerName) =>
    t.mails
      .filter((m) => m.to === MAILBOX[v])
      .map((m) => `${m.subject}\n${m.text}`)
      .join('\n');

  /** Whether `v` might see `thing` when it was written (a dismissed note was pending then). */
  const sawAtWriting = (v: ViewerName, thing: Thing) =>
    sees(v, thing) || (thing.sawBeforeHidden ?? []).includes(v);

  it.each(Object.keys(MAILBOX) as ViewerName[])(
    'mail to %s tells of nothing they may not see',
    (v) => {
      const text = mailTo(v);
      for (const thing of THINGS)
        if (!sawAtWriting(v, thing))
          expect(text.includes(marker(thing.name)), `${thing.name} mailed`).toBe(false);
    },
  );

  it.each(Object.keys(MAILBOX) as ViewerName[])(
    'mail to %s tells of each note and reply that mentions them and that they may see',
    (v) => {
      const text = mailTo(v);
      const told = THINGS.filter(
        (thing) => thing.mentions && thing.writtenBy !== v && sawAtWriting(v, thing),
      );
      expect(told.length).toBeGreaterThan(0);
      for (const thing of told)
        expect(text.includes(marker(thing.name)), `${thing.name} not mailed`).toBe(true);
    },
  );

  it('tells a note’s writer of a reply by someone else that they may see', () => {
    // The group member's reply in the writer's group thread. The writer's own replies, and the
    // private one, are not mailed to them.
    const text = mailTo('writer');
    expect(text).toContain(marker('groupReply'));
    for (const own of ['replyToPrivateNote', 'privateReply', 'replyInDismissedThread'] as const)
      expect(text.includes(marker(own)), `${own} mailed to its own writer`).toBe(false);
  });

  it('tells those who answer the board’s notes of a question after the answer that they may see, and of no private one', () => {
    for (const v of ['author', 'coauthor', 'editor'] as const) {
      const asked = t.mails
        .filter((m) => m.to === MAILBOX[v] && /asked again/.test(m.subject))
        .map((m) => m.text)
        .join('\n');
      expect(asked, v).toContain(marker('groupReply'));
      expect(asked, v).not.toContain(marker('privateReply'));
    }
    // Nor is anyone else told of a question asked again.
    for (const v of ['writer', 'otherReader', 'groupMember', 'nonMember', 'admin'] as const)
      expect(
        t.mails.some((m) => m.to === MAILBOX[v] && /asked again/.test(m.subject)),
        v,
      ).toBe(false);
  });

  it('tells the members of a reader group of a note to it, and no one else', () => {
    const toGroup = (v: ViewerName) =>
      t.mails
        .filter((m) => m.to === MAILBOX[v] && /^New note in your group /.test(m.subject))
        .map((m) => m.text)
        .join('\n');
    // The group's other member; its writer is not told of their own note.
    expect(toGroup('groupMember')).toContain(marker('groupNote'));
    for (const v of Object.keys(MAILBOX) as ViewerName[])
      if (v !== 'groupMember') expect(toGroup(v), v).toBe('');
  });

  it('tells a note’s writer that a note of theirs they may see was dismissed', () => {
    // Dismissed by the author as it was made; the locked board's note, which the writer's own
    // session does not see, is not told of (checked for every mailbox above).
    const text = mailTo('writer');
    expect(text).toMatch(/dismissed your note/);
    expect(text).toContain(marker('dismissedNote'));
  });
});

/**
 * The Trash. The author deletes each thing they can see (a note takes its replies with it), then
 * the item the notes are on (it takes the rest). Nothing deleted shows on any reading channel any
 * more, and the Trash lists a thing only to the board's authors (and admins) who may see it.
 */
describe('privacy matrix: the Trash', () => {
  const DELETED: readonly ThingName[] = [
    'groupNote',
    'dismissedNote',
    'privateAnno',
    'annoOnPrivateItem',
    'privateItem',
    'lockedBoardItem',
  ];
  // An editor undoes their own deletes but reads no Trash (core rules: trash is the authors').
  const TRASH_READERS: readonly ViewerName[] = ['author', 'coauthor', 'admin'];
  beforeAll(async () => {
    for (const name of DELETED)
      await ok(agents.author.post('/api/forms/delete_item', { itemId: ids[name] }));
    await ok(agents.author.post('/api/forms/delete_item', { itemId: anchorItemId }));
    // The coauthor's own item, which the author cannot see, goes by its coauthor's hand.
    await ok(agents.coauthor.post('/api/forms/delete_item', { itemId: coauthorsItemId }));
  });

  const trashOf = onBothBoards('/api/forms/list_trash');

  it.each(VIEWERS)('list_trash as %s', async (v) => {
    const text = await trashOf(v);
    for (const thing of THINGS) {
      const found = text.includes(marker(thing.name));
      if (!sees(v, thing) || !TRASH_READERS.includes(v))
        expect(found, `${thing.name} leaked`).toBe(false);
      else if (DELETED.includes(thing.name)) expect(found, `${thing.name} missing`).toBe(true);
    }
  });

  // Search and forms/load (and its stream) are left out: forms/load above made boards of the
  // search's results, copies of their own (markers and all) that the deletes do not touch.
  // And stored files: an uploader reads their own files, whatever shows them.
  const onTheBoards = cases.filter(
    ({ channel }) =>
      ![
        'search',
        'search, by a marker’s title',
        'forms/load',
        'forms/load_stream',
        'saved search, read by another',
        'stored files',
      ].includes(channel.name),
  );
  it.each(onTheBoards)(
    'after the deletes, $channel.name as $v shows none of it',
    async ({ channel, v }) => {
      const text = await channel.read(v);
      for (const thing of THINGS)
        expect(text.includes(marker(thing.name)), `${thing.name} still shows`).toBe(false);
    },
  );
});
