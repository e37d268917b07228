/**
 * A board's Insight and its notes taken away as CSV or JSON-LD, on a small board whose figures
 * are worked out by hand below: two lists, four items (one private to the author), notes with
 * and without passages, questions by '?' and by type, a private note, an answered and a
 * dismissed note, replies, an annotation and two groups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSelection, type Multilist } from '@listboard/core';
import type { BoardInsight } from '@listboard/core/api/contracts/insight';
import { Agent, createTestApp, parseCsv, SEED_PASSWORD, type TestContext } from './harness';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';

let t: TestContext;
let author: Agent;
let coauthor: Agent;
let reader: Agent;
let demo: Agent;
let guest: Agent;
let board: Multilist;
const n: Record<string, string> = {};

const ok = async <T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode}: ${r.body}`);
  return r.json() as T;
};
const load = async (a: Agent): Promise<Multilist> =>
  (
    await ok<Multilist[]>(
      a.post('/api/dbload/load_multilists', { addresses: ['/author/insight-fixture'] }),
    )
  )[0]!;
const insightOf = (a: Agent) =>
  ok<BoardInsight>(a.post('/api/forms/board_insight', { multilistId: board._id }));
const csvOf = (a: Agent) =>
  a.get(
    `/api/export/annotations?board=${encodeURIComponent('/author/insight-fixture')}&format=csv`,
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const [username, fullname] of [
    ['cora', ''],
    ['dana', 'Dana Ray'],
    ['eli', ''],
  ] as const) {
    await t.database.db.insert(users).values({
      username,
      fullname,
      email: `${username}@example.org`,
      passwordHash: await hashPassword(SEED_PASSWORD),
      roles: ['reader'],
    });
  }
  [author, coauthor, reader, demo, guest] = [0, 1, 2, 3, 4].map(() => new Agent(t.app)) as [
    Agent,
    Agent,
    Agent,
    Agent,
    Agent,
  ];
  await author.signIn('author');
  await coauthor.signIn('cora');
  await reader.signIn('reader');
  await demo.signIn('demo');
  await guest.signInGuest();
  const made = await ok<{ multilistId: string }>(
    author.post('/api/forms/insert_multilist', { titleText: 'Insight fixture' }),
  );
  await ok(
    author.post('/api/forms/add_coauthor', {
      owner: 'author',
      title: 'insight-fixture',
      username: 'cora',
    }),
  );
  await ok(
    author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Week 1',
      itemText: 'Photosynthesis turns light into sugar.\nPlants need water to grow.\n\nSecond item',
    }),
  );
  await ok(
    author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Week 2',
      itemText: 'Third item text.',
    }),
  );
  for (const [group, ...members] of [
    ['Alpha', 'reader', 'dana', 'cora'],
    ['Beta', 'demo'],
  ] as const) {
    await ok(author.post('/api/forms/create_group', { name: group }));
    for (const username of members)
      await ok(author.post('/api/forms/add_group_member', { groupName: group, username }));
    await ok(
      author.post('/api/forms/assign_group', { multilistId: made.multilistId, groupName: group }),
    );
  }
  board = await load(author);
  const [w1, w2] = board.lists as [Multilist['lists'][0], Multilist['lists'][0]];
  const privateItem = await ok<{ itemId: string }>(
    author.post('/api/forms/insert_item', {
      listId: w2._id,
      text: 'Author draft only',
      isPrivate: true,
    }),
  );
  const i1 = w1.items[0]!;
  const passage = (block: number, words: string) => {
    const text = i1.blocks[block]!.text;
    const at = text.indexOf(words);
    return describeSelection(text, at, at + words.length, {
      blockId: i1.blocks[block]!._id,
      blockIndex: block,
      version: i1.version,
    });
  };
  const note = async (a: Agent, listId: string, itemId: string, spec: object, extra = {}) =>
    (
      await ok<{ itemId: string }>(
        a.post('/api/forms/insert_note', { listId, itemId, noteSpec: spec, ...extra }),
      )
    ).itemId;
  const on1 = [w1._id, i1._id] as const;
  n.why = await note(reader, ...on1, {
    text: 'Why light?',
    highlight: passage(0, 'light into sugar'),
    groupName: 'Alpha',
  });
  n.follow = await note(
    demo,
    ...on1,
    {
      text: 'I do not follow this part.',
      highlight: passage(0, 'light into sugar'),
      groupName: 'Beta',
    },
    { labels: [{ name: 'type', value: 'question' }] },
  );
  n.secret = await note(
    reader,
    ...on1,
    { text: 'Private thought about water', highlight: passage(0, 'Plants need water') },
    { isPrivate: true },
  );
  n.summary = await note(demo, w1._id, w1.items[1]!._id, { text: 'Nice summary, "truly".' });
  await ok(author.post('/api/forms/set_note_status', { itemId: n.summary, status: 'dismissed' }));
  n.source = await note(reader, w2._id, w2.items[0]!._id, { text: 'Where is the source?' });
  // The author's reply answers the note.
  n.answer = await note(author, w2._id, w2.items[0]!._id, {
    text: 'In chapter 2.',
    parentId: n.source,
  });
  n.metoo = await note(demo, w2._id, w2.items[0]!._id, {
    text: '=SUM(1,2) me too',
    parentId: n.source,
  });
  await ok(
    author.post('/api/forms/insert_anno', {
      listId: w1._id,
      itemId: i1._id,
      annoSpec: { text: 'Read twice.' },
    }),
  );
  n.draft = await note(author, w2._id, privateItem.itemId, { text: 'check\nthis' });
  board = await load(author);
}, 60_000);
afterAll(async () => t.close());

const zero = { notes: 0, questions: 0, pending: 0, answered: 0, dismissed: 0, replies: 0 };

describe('board_insight for the board’s authors', () => {
  it('counts every item, list, reader and group as worked out by hand', async () => {
    const got = await insightOf(author);
    const [w1, w2] = board.lists as [Multilist['lists'][0], Multilist['lists'][0]];
    expect(got.scope).toBe('board');
    // The author's own note ("Author draft only") is counted, and waits for no answer.
    expect(got.totals).toEqual({
      notes: 6,
      questions: 3,
      pending: 2,
      answered: 1,
      dismissed: 1,
      replies: 2,
      readers: 3,
    });
    expect(got.items).toEqual([
      {
        itemId: w1.items[0]!._id,
        listId: w1._id,
        headline: 'Photosynthesis turns light into sugar.',
        ...zero,
        late: 0,
        notes: 3,
        questions: 2,
        pending: 2,
        readers: 2,
      },
      {
        itemId: w1.items[1]!._id,
        listId: w1._id,
        headline: 'Second item',
        ...zero,
        late: 0,
        notes: 1,
        dismissed: 1,
        readers: 1,
      },
      {
        itemId: w2.items[0]!._id,
        listId: w2._id,
        headline: 'Third item text.',
        ...zero,
        late: 0,
        notes: 1,
        questions: 1,
        answered: 1,
        replies: 2,
        readers: 1,
      },
      {
        itemId: w2.items[1]!._id,
        listId: w2._id,
        headline: 'Author draft only',
        ...zero,
        late: 0,
        notes: 1,
        readers: 1,
      },
    ]);
    expect(got.lists).toEqual([
      {
        listId: w1._id,
        title: 'Week 1',
        items: 2,
        ...zero,
        late: 0,
        notesDue: null,
        notes: 4,
        questions: 2,
        pending: 2,
        dismissed: 1,
        readers: 2,
      },
      {
        listId: w2._id,
        title: 'Week 2',
        items: 2,
        ...zero,
        late: 0,
        notesDue: null,
        notes: 2,
        questions: 1,
        answered: 1,
        replies: 2,
        readers: 2,
      },
    ]);
    // No due date: nothing is late.
    expect(got.readers.map(({ lastActivity: _at, late: _late, ...r }) => r)).toEqual([
      {
        username: 'demo',
        fullname: 'Demo Reader',
        notes: 2,
        replies: 1,
        words: 12,
        helpful: 0,
        groups: ['Beta'],
      },
      {
        username: 'reader',
        fullname: 'Sam Lee',
        notes: 3,
        replies: 0,
        words: 10,
        helpful: 0,
        groups: ['Alpha'],
      },
      {
        username: 'author',
        fullname: 'Maya Ortiz',
        notes: 1,
        replies: 1,
        words: 5,
        helpful: 0,
        groups: [],
      },
    ]);
    for (const r of got.readers) expect(Number.isNaN(Date.parse(r.lastActivity))).toBe(false);
    expect(got.readers.map((r) => r.late)).toEqual([0, 0, 0]);
    // The author owns both groups: of Alpha's readers (not the coauthor in it), Dana has
    // written nothing here yet.
    expect(got.groups).toEqual([
      {
        group: 'Alpha',
        notes: 1,
        replies: 0,
        readers: 1,
        roster: {
          members: 2,
          yetToWrite: [{ username: 'dana', fullname: 'Dana Ray' }],
          remindedAt: null,
        },
      },
      {
        group: 'Beta',
        notes: 1,
        replies: 0,
        readers: 1,
        roster: { members: 1, yetToWrite: [], remindedAt: null },
      },
    ]);
    expect(got.timeline.reduce((s, d) => s + d.notes, 0)).toBe(6);
    expect(got.timeline.reduce((s, d) => s + d.replies, 0)).toBe(2);
  });

  it('lists the passages with the most notes and questions, each through a note the author may open', async () => {
    const got = await insightOf(author);
    expect(got.confusion).toEqual([
      {
        itemId: board.lists[0]!.items[0]!._id,
        listId: board.lists[0]!._id,
        headline: 'Photosynthesis turns light into sugar.',
        quote: 'light into sugar',
        noteId: n.why,
        notes: 2,
        questions: 2,
        helpful: 0,
      },
    ]);
  });

  it('gives a coauthor the same figures without the author’s private item', async () => {
    const got = await insightOf(coauthor);
    expect(got.scope).toBe('board');
    expect(got.totals).toEqual({
      ...zero,
      notes: 5,
      questions: 3,
      pending: 2,
      answered: 1,
      dismissed: 1,
      replies: 2,
      readers: 2,
    });
    expect(got.items.map((i) => i.headline)).not.toContain('Author draft only');
    expect(got.readers.find((r) => r.username === 'author')).toMatchObject({
      notes: 0,
      replies: 1,
      words: 3,
    });
    // The groups are the author's: their rosters are not the coauthor's to read.
    expect(got.groups.map((g) => [g.group, g.notes, g.roster])).toEqual([
      ['Alpha', 1, null],
      ['Beta', 1, null],
    ]);
  });
});

describe('the roster of a group, for its owner', () => {
  it('names the group’s readers who have written nothing on the board yet, a private note counting as written, each group given to the board shown', async () => {
    const eli = new Agent(t.app);
    const dana = new Agent(t.app);
    await eli.signIn('eli');
    await dana.signIn('dana');
    const made = await ok<{ multilistId: string }>(
      author.post('/api/forms/insert_multilist', { titleText: 'Roster fixture' }),
    );
    await ok(
      author.post('/api/forms/add_coauthor', {
        owner: 'author',
        title: 'roster-fixture',
        username: 'cora',
      }),
    );
    await ok(
      author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: 'Week 1',
        itemText: 'Read chapter one.',
      }),
    );
    await ok(author.post('/api/forms/create_group', { name: 'Gamma' }));
    for (const username of ['eli', 'dana', 'cora', 'reader'])
      await ok(author.post('/api/forms/add_group_member', { groupName: 'Gamma', username }));
    // A group of the coauthor's, given to the board by its owner.
    await ok(coauthor.post('/api/forms/create_group', { name: 'Delta' }));
    await ok(
      coauthor.post('/api/forms/add_group_member', { groupName: 'Delta', username: 'dana' }),
    );
    for (const groupName of ['Gamma', 'Delta'])
      await ok(
        author.post('/api/forms/assign_group', { multilistId: made.multilistId, groupName }),
      );
    const [roster] = await ok<Multilist[]>(
      author.post('/api/dbload/load_multilists', { addresses: ['/author/roster-fixture'] }),
    );
    const list = roster!.lists[0]!;
    const item = list.items[0]!;
    const write = (a: Agent, text: string, extra = {}) =>
      ok(
        a.post('/api/forms/insert_note', {
          listId: list._id,
          itemId: item._id,
          noteSpec: { text },
          ...extra,
        }),
      );
    await write(eli, 'Only for me.', { isPrivate: true });
    await write(reader, 'A note for everyone.');
    const ofRoster = (a: Agent) =>
      ok<BoardInsight>(a.post('/api/forms/board_insight', { multilistId: roster!._id }));

    // Delta has no notes, yet the board's authors see it, given to the board; its roster is
    // the coauthor's. Of Gamma's readers (the coauthor answers the notes: not counted), Dana
    // alone has written nothing.
    const dana0 = { username: 'dana', fullname: 'Dana Ray' };
    expect((await ofRoster(author)).groups).toEqual([
      { group: 'Delta', notes: 0, replies: 0, readers: 0, roster: null },
      {
        group: 'Gamma',
        notes: 0,
        replies: 0,
        readers: 0,
        roster: { members: 3, yetToWrite: [dana0], remindedAt: null },
      },
    ]);
    expect((await ofRoster(coauthor)).groups.map((g) => [g.group, g.roster])).toEqual([
      ['Delta', { members: 1, yetToWrite: [dana0], remindedAt: null }],
      ['Gamma', null],
    ]);
    // A reader in both groups learns nothing of them from their own Insight.
    expect((await ofRoster(dana)).groups).toEqual([]);
    expect(JSON.stringify(await ofRoster(eli))).not.toContain('dana');

    await write(dana, 'Here at last.', { noteSpec: { text: 'Here at last.', groupName: 'Gamma' } });
    const after = (await ofRoster(author)).groups.find((g) => g.group === 'Gamma');
    expect(after).toEqual({
      group: 'Gamma',
      notes: 1,
      replies: 0,
      readers: 1,
      roster: { members: 3, yetToWrite: [], remindedAt: null },
    });
    expect((await ofRoster(coauthor)).groups[0]!.roster).toEqual({
      members: 1,
      yetToWrite: [],
      remindedAt: null,
    });
  });
});

describe('board_insight for anyone else', () => {
  it('gives a reader their own figures only, their private passage included', async () => {
    const got = await insightOf(reader);
    expect(got.scope).toBe('own');
    expect(got.totals).toEqual({
      ...zero,
      notes: 3,
      questions: 2,
      pending: 1,
      answered: 1,
      readers: 1,
    });
    expect(got.items.map((i) => [i.headline, i.notes, i.replies])).toEqual([
      ['Photosynthesis turns light into sugar.', 2, 0],
      ['Third item text.', 1, 0],
    ]);
    expect(got.readers.map((r) => [r.username, r.notes, r.words, r.groups])).toEqual([
      ['reader', 3, 10, ['Alpha']],
    ]);
    expect(got.groups).toEqual([
      { group: 'Alpha', notes: 1, replies: 0, readers: 1, roster: null },
    ]);
    expect(got.confusion.map((p) => [p.quote, p.notes, p.questions, p.noteId])).toEqual([
      ['light into sugar', 1, 1, n.why],
      ['Plants need water', 1, 0, n.secret],
    ]);
  });

  it('counts a dismissed note for its writer', async () => {
    const got = await insightOf(demo);
    expect(got.totals).toEqual({
      ...zero,
      notes: 2,
      questions: 1,
      pending: 1,
      dismissed: 1,
      replies: 1,
      readers: 1,
    });
    expect(got.readers.map((r) => r.username)).toEqual(['demo']);
    expect(JSON.stringify(got)).not.toContain('Why light?');
  });

  it('is refused to the shared guest account and to nobody signed in', async () => {
    const refused = await guest.post('/api/forms/board_insight', { multilistId: board._id });
    expect(refused.statusCode).toBe(403);
    // Said as what was asked and what would allow it, not in the policy's own words.
    expect(refused.json()).toEqual({ error: 'Sign in to see Insight for this board.' });
    const anonymous = new Agent(t.app);
    expect(
      (await anonymous.post('/api/forms/board_insight', { multilistId: board._id })).statusCode,
    ).toBe(401);
  });
});

describe('private notes', () => {
  it('count in the author’s totals, but neither their text nor their passage reaches the author', async () => {
    const body = JSON.stringify(await insightOf(author));
    expect(body).not.toContain('Private thought');
    expect(body).not.toContain('Plants need water');
    expect(body).not.toContain(n.secret);
    const csv = (await csvOf(author)).body;
    expect(csv).not.toContain('Private thought');
    const jsonld = (
      await author.get(`/api/export/annotations?board=/author/insight-fixture&format=jsonld`)
    ).body;
    expect(jsonld).not.toContain('Private thought');
  });

  it('reach their writer’s own export, marked private', async () => {
    const rows = parseCsv((await csvOf(reader)).body);
    const mine = rows.find((r) => r[4] === 'Private thought about water');
    expect(mine?.slice(3, 9)).toEqual([
      'Plants need water',
      'Private thought about water',
      'reader',
      '',
      '',
      'true',
    ]);
  });
});

describe('GET /api/export/annotations', () => {
  it('gives CSV with the columns in order, one row per note the caller may see, quoted where needed', async () => {
    const res = await csvOf(author);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      'filename="insight-fixture-annotations.csv"',
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'board',
      'list',
      'item',
      'quote',
      'note',
      'writer',
      'group',
      'status',
      'private',
      'created',
      'parent',
      'status_by',
      'late',
      'helpful',
      'tags',
    ]);
    // Every note but the reader's private one: 5 notes, 2 replies and the annotation.
    expect(rows.length - 1).toBe(8);
    const why = rows.find((r) => r[4] === 'Why light?')!;
    expect(why.slice(0, 9)).toEqual([
      '/author/insight-fixture',
      'Week 1',
      'Photosynthesis turns light into sugar.',
      'light into sugar',
      'Why light?',
      'reader',
      'Alpha',
      'pending',
      'false',
    ]);
    expect(why[10]).toBe('');
    expect(why[11]).toBe('');
    expect(Number.isNaN(Date.parse(why[9]!))).toBe(false);
    // Who dismissed a note, by user name.
    const dismissed = rows.find((r) => r[7] === 'dismissed')!;
    expect(dismissed[11]).toBe('author');
    const reply = rows.find((r) => r[4] === 'In chapter 2.')!;
    expect(reply[10]).toBe(`${t.config.PUBLIC_URL}/author/insight-fixture#note-${n.source}`);
    // Quotes, commas and line breaks survive; a formula is neutralised.
    expect(res.body).toContain('"Nice summary, ""truly""."');
    expect(rows.some((r) => r[4] === 'check\nthis')).toBe(true);
    // A bare line break is quoted too, so readers that end a row at any newline keep it whole.
    expect(res.body).toContain('"check\nthis"');
    expect(rows.some((r) => r[4] === "'=SUM(1,2) me too")).toBe(true);
  });

  it('gives as jsonld the very document export_annotations gives', async () => {
    const res = await author.get(
      '/api/export/annotations?board=/author/insight-fixture&format=jsonld',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    const posted = await ok<{ content: string }>(
      author.post('/api/forms/export_annotations', { multilistId: board._id, format: 'jsonld' }),
    );
    expect(res.body).toBe(posted.content);
    expect((JSON.parse(res.body) as Record<string, unknown>)['@context']).toBe(
      'http://www.w3.org/ns/anno.jsonld',
    );
  });

  it('refuses a missing board, a wrong format and nobody signed in', async () => {
    expect(
      (await author.get('/api/export/annotations?board=/author/nothing-here&format=csv'))
        .statusCode,
    ).toBe(404);
    expect(
      (await author.get('/api/export/annotations?board=/author/insight-fixture&format=xls'))
        .statusCode,
    ).toBe(400);
    expect(
      (await author.get('/api/export/annotations?board=/author/a;b&format=csv')).statusCode,
    ).toBe(400);
    const anonymous = new Agent(t.app);
    expect(
      (await anonymous.get('/api/export/annotations?board=/author/insight-fixture&format=csv'))
        .statusCode,
    ).toBe(401);
  });
});
