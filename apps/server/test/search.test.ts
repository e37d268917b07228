import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { DATE_FORMATS, MONTH_NAMES, WEEKDAY_NAMES, type Multilist } from '@listboard/core';
import { items, multilists } from '../src/db/schema';
import { createBoard } from '../src/services/boards/create';
import { MODERATED_LISTED } from '../src/services/search/access';
import { Agent, createTestApp, type TestContext } from './harness';

interface Results extends Multilist {
  search: {
    page: number;
    pageSize: number;
    count: number;
    hasNext: boolean;
    saved?: {
      multilistId: string;
      owner: string;
      title: string;
      ptitle: string;
      existing: boolean;
    };
  };
}

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;
let admin: Agent;
let guest: Agent;
let fixture: Multilist;

const query = (args: Record<string, string | number | boolean>) =>
  new URLSearchParams(
    Object.entries(args).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();

const search = (a: Agent, args: Record<string, string | number | boolean>, title = 'results') =>
  a.post('/api/dbload/load_search', { address: `/x/home;${title}?${query(args)}` });

const results = async (a: Agent, args: Record<string, string | number | boolean>) => {
  const res = await search(a, args);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Results;
};

/** Each hit's words as the page shows them: its text, and a note's own under it. */
const texts = (b: Multilist) =>
  b.lists.flatMap((l) => l.items.map((i) => [i.text, ...i.notes.map((n) => n.text)].join('\n')));
const joined = (b: Multilist) => texts(b).join('\n');
/** The hits that are items (not notes, whose line names the item they are on), joined. */
const itemsJoined = (b: Multilist) =>
  joined({
    ...b,
    lists: b.lists.map((l) => ({ ...l, items: l.items.filter((i) => !i.notes.length) })),
  });

/** A listed board of the author's with one list, Week 1, for items a test writes. */
async function listedList(titleText: string) {
  const made = await author.post('/api/forms/insert_multilist', { titleText, listed: true });
  const list = await author.post('/api/forms/insert_list', {
    multilistId: made.json().multilistId,
    titleText: 'Week 1',
  });
  return { made, listId: list.json().listId };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  author = new Agent(t.app);
  reader = new Agent(t.app);
  demo = new Agent(t.app);
  admin = new Agent(t.app);
  guest = new Agent(t.app);
  await author.signIn('author');
  await reader.signIn('reader');
  await demo.signIn('demo');
  await admin.signIn('admin');
  await guest.signInGuest();

  await createBoard(db, {
    owner: 'author',
    title: 'Plant Biology',
    lists: [
      {
        title: 'Basics',
        items: [
          {
            text: 'Photosynthesis turns light into sugar in green plants.',
            labels: [{ name: 'topic', value: 'biology' }],
          },
          {
            text: 'Chlorophyll absorbs red and blue light.',
            labels: [{ name: 'topic', value: 'chemistry' }],
          },
          {
            text: 'The quick brown fox jumps over the lazy dog.',
            labels: [{ name: 'level', value: 'easy' }],
          },
        ],
      },
    ],
  });
  await createBoard(db, {
    owner: 'author',
    title: 'Zebra Notes',
    lists: [{ title: 'One', items: ['Zebras do not photosynthesize at all.'] }],
  });
  await createBoard(db, {
    owner: 'author',
    title: 'Hidden Drafts',
    listed: false,
    lists: [{ title: 'Drafts', items: ['Photosynthesis draft nobody else may read.'] }],
  });
  const locked = await createBoard(db, {
    owner: 'author',
    title: 'Locked Room',
    lists: [{ title: 'Inside', items: ['Photosynthesis behind a password.'] }],
  });
  await db.update(multilists).set({ passwordHash: 'x' }).where(eq(multilists.id, locked));

  fixture = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/plant-biology'] })
  ).json()[0]!;
  const on = (i: number) => ({
    listId: fixture.lists[0]!._id,
    itemId: fixture.lists[0]!.items[i]!._id,
  });
  await author.post('/api/forms/create_group', { name: 'Greenhouse' });
  await author.post('/api/forms/assign_group', {
    multilistId: fixture._id,
    groupName: 'Greenhouse',
  });
  await reader.post('/api/forms/join_group', { multilistId: fixture._id, groupName: 'Greenhouse' });
  const notes = [
    await reader.post('/api/forms/insert_note', {
      ...on(0),
      noteSpec: { text: 'Does photosynthesis stop at night? asks the reader.' },
    }),
    await reader.post('/api/forms/insert_note', {
      ...on(0),
      noteSpec: { text: 'Private photosynthesis musing.' },
      isPrivate: true,
    }),
    await reader.post('/api/forms/insert_note', {
      ...on(1),
      noteSpec: { text: 'Greenhouse photosynthesis group note.', groupName: 'Greenhouse' },
    }),
    await author.post('/api/forms/insert_anno', {
      ...on(1),
      annoSpec: { text: 'Remember the absorption spectrum.', label: 'spectrum' },
    }),
  ];
  for (const n of notes) expect(n.statusCode, n.body).toBe(200);
});
afterAll(async () => t.close());

describe('search messages', () => {
  it.each([
    [{ by: 'text', searchStr: '   ' }, 'A search string is required for text or labels search.'],
    [{ by: 'label', searchStr: '' }, 'A search string is required for text or labels search.'],
    [{ by: 'date', searchStr: '2023-01-01' }, 'Date search requires a date range'],
    [{ by: 'date', searchStr: '' }, 'Date search requires a date range'],
    [{ by: 'date', searchStr: '2023-01-05--2023-01-01' }, 'Bad date range'],
    [{ by: 'date', searchStr: 'someday--2023-01-01' }, 'Bad date range'],
    [{ by: 'date', searchStr: '--2023-01-01' }, 'A start date is required'],
    [{ by: 'date', stop: '2023-01-01' }, 'A start date is required'],
    [{ by: 'text', searchStr: 'fox', stop: 'March 2023' }, 'A start date is required'],
    [{ by: 'text', searchStr: 'fox', start: '2023-13-01' }, 'Bad date range'],
  ])('%o gives "%s"', async (args, message) => {
    const res = await search(author, args);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('refuses unknown types, buckets, sorts and booleans with a clear 400', async () => {
    for (const [args, error] of [
      [{ by: 'colour', searchStr: 'x' }, 'Unknown search type: colour'],
      [{ searchStr: 'x', bucket: 'year' }, 'Unknown search bucket: year'],
      [{ searchStr: 'x', sort: 'Size' }, 'Unknown sort: Size'],
      [{ searchStr: 'x', ascend: 'maybe' }, 'Invalid search argument ascend: maybe'],
    ] as const) {
      const res = await search(author, args);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });
});

describe('text search', () => {
  it('finds items by words, ranked, as links to their boards', async () => {
    const r = await results(reader, { searchStr: 'photosynthesis', users: 'all', bucket: 'none' });
    expect(r.lists.map((l) => l.title)).toEqual(['Results']);
    const all = joined(r);
    expect(all).toContain('[Plant Biology](/author/home;plant-biology) · author');
    expect(all).toContain('Photosynthesis turns light into sugar');
    expect(r.search).toMatchObject({ page: 0, pageSize: 50, hasNext: false });
  });

  it('users=me (the default) keeps to the caller’s own items', async () => {
    const mine = await results(reader, { searchStr: 'photosynthesis' });
    expect(joined(mine)).toContain('stop at night');
    expect(itemsJoined(mine)).not.toContain('turns light into sugar');
    const byName = await results(demo, { searchStr: 'photosynthesis', users: 'reader' });
    expect(joined(byName)).toContain('stop at night');
    expect(itemsJoined(byName)).not.toContain('turns light');
  });

  it('phrases, prefixes, exclusions and or', async () => {
    const phrase = joined(await results(author, { searchStr: '"green plants"', users: 'all' }));
    expect(phrase).toContain('turns light into sugar');
    expect(joined(await results(author, { searchStr: '"plants green"', users: 'all' }))).toBe('');
    const prefix = joined(await results(author, { searchStr: 'photosynth*', users: 'all' }));
    expect(prefix).toContain('Zebras do not photosynthesize');
    expect(joined(await results(author, { searchStr: 'photosynth', users: 'all' }))).toBe('');
    const not = joined(await results(author, { searchStr: 'light -chlorophyll', users: 'all' }));
    expect(not).toContain('turns light');
    expect(not).not.toContain('Chlorophyll absorbs');
    const or = joined(await results(author, { searchStr: 'fox or zebras', users: 'all' }));
    expect(or).toContain('quick brown fox');
    expect(or).toContain('Zebras');
    expect(joined(await results(author, { searchStr: '!!! ---', users: 'all' }))).toBe('');
  });

  it('finds an item by its markers’ titles and descriptions, and forgets a marker changed or gone', async () => {
    const course = (
      await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
    ).json()[0] as Multilist;
    const video = course.lists[0]!.items[0]!._id;
    const reading = fixture.lists[0]!.items[2]!._id;
    const found = async (words: string) =>
      joined(await results(reader, { searchStr: words, users: 'all', bucket: 'none' }));
    expect(await found('zygomorphic')).toBe('');
    const ok = async (path: string, body: object) => {
      const r = await author.post(path, body);
      expect(r.statusCode, r.body).toBe(200);
    };
    await ok('/api/forms/add_media_marker', {
      itemId: video,
      title: 'Zygomorphic flowers',
      description: 'Why bees prefer them',
      timecode: 3,
    });
    await ok('/api/forms/add_text_marker', {
      itemId: reading,
      title: 'Vulpine habits',
      description: '',
      cursorIndex: 0,
      sentences: false,
    });
    expect(await found('zygomorphic')).toContain('Week 1: Who is speaking?');
    expect(await found('bees')).toContain('Week 1: Who is speaking?');
    expect(await found('vulpine')).toContain('quick brown fox');
    // The item's own words still find it, and a phrase of the marker's title.
    expect(await found('"zygomorphic flowers"')).toContain('Week 1');
    // A phrase stays inside one part: not from a marker's title into its description, nor from
    // the item's text into its marker's title.
    expect(await found('"flowers why"')).toBe('');
    expect(await found('"dog vulpine"')).toBe('');
    expect(await found('"vulpine habits"')).toContain('quick brown fox');
    expect(await found('lecture')).toContain('Week 1');
    // An item's text changed keeps its markers' words.
    await ok('/api/forms/edit_item', {
      itemId: reading,
      text: 'The quick brown fox jumps over the sleepy dog.',
    });
    expect(await found('vulpine')).toContain('sleepy dog');
    await ok('/api/forms/edit_media_marker', {
      itemId: video,
      title: 'Actinomorphic flowers',
      description: '',
      timecode: 3,
    });
    expect(await found('zygomorphic')).toBe('');
    expect(await found('actinomorphic')).toContain('Week 1');
    await ok('/api/forms/delete_media_marker', { itemId: video, timecode: 3 });
    expect(await found('actinomorphic')).toBe('');
    await ok('/api/forms/delete_all_text_markers', { itemId: reading, sentences: false });
    expect(await found('vulpine')).toBe('');
    expect(await found('sleepy')).toContain('sleepy dog');
    // As it was, for the tests that follow.
    await ok('/api/forms/edit_item', {
      itemId: reading,
      text: 'The quick brown fox jumps over the lazy dog.',
    });
  });

  it('finds an item by the words of the files and addresses it names', async () => {
    const found = async (words: string) =>
      joined(await results(reader, { searchStr: words, users: 'all', bucket: 'none' }));
    expect(await found('phenology')).toBe('');
    const { made, listId } = await listedList('Course files');
    const write = async (text: string) => {
      const r = await author.post('/api/forms/insert_item', { listId, text });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().itemId;
    };
    const pdf = await write('Phenology-2026.pdf');
    await write('Before class\n\n/files/author/cell_diagram.png');
    await write('Watch https://video.example.org/lectures/osmosis-week3.mp4 0:10-2:00');
    expect(await found('phenology')).toContain('Phenology-2026.pdf');
    expect(await found('phenology')).not.toContain('cell_diagram');
    expect(await found('2026 pdf')).toContain('Phenology-2026.pdf');
    // The whole name as typed, as well as its pieces; a phrase of them, in their order.
    expect(await found('phenology-2026.pdf')).toContain('Phenology-2026.pdf');
    expect(await found('"cell diagram"')).toContain('cell_diagram.png');
    expect(await found('"diagram cell"')).toBe('');
    expect(await found('osmosis')).toContain('osmosis-week3.mp4');
    expect(await found('lectures week3')).toContain('osmosis-week3.mp4');
    // A name edited away is not found by it any more.
    const [board] = (
      await author.post('/api/dbload/load_multilists', {
        addresses: [`/author/${made.json().ptitle}`],
      })
    ).json() as Multilist[];
    const edit = await author.post('/api/forms/edit_item', {
      itemId: pdf,
      text: 'Reading-list.pdf',
      version: board!.lists[0]!.items.find((i) => i._id === pdf)!.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found('phenology')).toBe('');
    expect(await found('reading list')).toContain('Reading-list.pdf');
  });

  it('finds a Chinese, Japanese or Korean word inside the run of characters that writes it', async () => {
    const found = async (words: string) =>
      joined(await results(reader, { searchStr: words, users: 'all', bucket: 'none' }));
    const { listId } = await listedList('Language exchange');
    for (const text of [
      '東京大学で日本語を学ぶ。次に京都へ行く。',
      '我们在北京大学学习中文',
      'Python入門の授業',
      '한국어 문장을 씁니다',
    ]) {
      const r = await author.post('/api/forms/insert_item', { listId, text });
      expect(r.statusCode, r.body).toBe(200);
    }
    const ja = '東京大学で日本語を学ぶ';
    const zh = '我们在北京大学学习中文';
    const py = 'Python入門の授業';
    const ko = '한국어 문장을 씁니다';
    const only = async (words: string, ...shown: string[]) => {
      const all = await found(words);
      for (const t of [ja, zh, py, ko])
        expect(all.includes(t), `${words}: ${t}`).toBe(shown.includes(t));
    };
    await only('大学', ja, zh);
    await only('京都', ja);
    await only('北京', zh);
    await only('京北');
    // A lone character, at the start, inside or at the end of a run.
    await only('都', ja);
    await only('文', zh);
    await only('"日本語を学ぶ"', ja);
    await only('"学ぶ日本語"');
    await only('学ぶ 京都', ja);
    await only('大学 -京都', zh);
    await only('北京*', zh);
    await only('授業', py);
    await only('python', py);
    await only('Python入門', py);
    // A Korean word without the ending written onto it.
    await only('문장', ko);
    await only('한국어', ko);
  });

  it('a result shows a recording, picture or document by its kind and caption, never its address', async () => {
    const { listId } = await listedList('Estuary course');
    for (const text of [
      '### Estuary walk\n\n/media/lecture.webm # /media/lecture-poster.jpg ~ Estuary tides explained',
      'Estuary map\n\n/files/author/estuary_map.png',
      '/files/author/Estuary-reading.pdf',
    ]) {
      const r = await author.post('/api/forms/insert_item', { listId, text });
      expect(r.statusCode, r.body).toBe(200);
    }
    const r = await results(reader, { searchStr: 'estuary', users: 'all', bucket: 'none' });
    const shown = texts(r).map((t) => t.split('\n\n')[1]);
    expect(shown.sort()).toEqual([
      '(document: Estuary-reading.pdf)',
      'Estuary map (picture: estuary_map.png)',
      'Estuary walk (video: Estuary tides explained)',
    ]);
    // An excerpt cut just after an escaping backslash ends with the ellipsis, not an escaped one.
    const words = `Tidal ${'a'.repeat(278 - 'Tidal  (video: '.length)}`;
    const cut = await author.post('/api/forms/insert_item', {
      listId,
      text: `${words}\n\n/media/lecture.webm ~ $5 entry fee`,
    });
    expect(cut.statusCode, cut.body).toBe(200);
    const tidal = texts(await results(reader, { searchStr: 'tidal', users: 'all' }))[0]!;
    expect(tidal.endsWith(`${words} (video: …`)).toBe(true);
  });

  it('collect mode copies each hit with a link back', async () => {
    const r = await results(author, { searchStr: 'fox', users: 'all', mode: 'collect' });
    expect(texts(r)).toEqual([
      'The quick brown fox jumps over the lazy dog.\n\nFrom [Plant Biology](/author/home;plant-biology)',
    ]);
    expect(r.lists[0]!.items[0]!.blocks.map((b) => b.type)).toEqual(['text', 'mdtext']);
  });
});

describe('visibility', () => {
  const everyone = { searchStr: 'photosynthesis', users: 'all' } as const;

  it('a private note is seen by its author only, in no one else’s results', async () => {
    expect(joined(await results(reader, everyone))).toContain('Private photosynthesis musing');
    for (const other of [author, demo, admin, guest]) {
      expect(joined(await results(other, everyone))).not.toContain('Private photosynthesis');
    }
  });

  it('a group note: the group, the board’s author and the admin, not other readers', async () => {
    expect(joined(await results(reader, everyone))).toContain('Greenhouse photosynthesis');
    expect(joined(await results(author, everyone))).toContain('Greenhouse photosynthesis');
    expect(joined(await results(admin, everyone))).toContain('Greenhouse photosynthesis');
    expect(joined(await results(demo, everyone))).not.toContain('Greenhouse photosynthesis');
    expect(joined(await results(guest, everyone))).not.toContain('Greenhouse photosynthesis');
  });

  it('unlisted and password boards of others never show; their owner sees them', async () => {
    for (const other of [reader, demo, guest]) {
      const all = joined(await results(other, everyone));
      expect(all).not.toContain('draft nobody else');
      expect(all).not.toContain('behind a password');
      expect(all).toContain('turns light');
    }
    const own = joined(await results(author, { searchStr: 'photosynthesis' }));
    expect(own).toContain('draft nobody else');
    expect(own).toContain('behind a password');
  });

  it('a session that entered a board’s password finds its items', async () => {
    const db = t.database.db;
    const { hashPassword } = await import('../src/lib/passwords');
    await db
      .update(multilists)
      .set({ passwordHash: await hashPassword('sesame') })
      .where(eq(multilists.ptitle, 'locked-room'));
    const [room] = await db.select().from(multilists).where(eq(multilists.ptitle, 'locked-room'));
    const visitor = new Agent(t.app);
    await visitor.signIn('demo');
    expect(joined(await results(visitor, everyone))).not.toContain('behind a password');
    const ok = await visitor.post('/api/forms/board_password', {
      multilistId: room!.id,
      password: 'sesame',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(joined(await results(visitor, everyone))).toContain('behind a password');
    expect(joined(await results(demo, everyone))).not.toContain('behind a password');
  });

  it('a moderator of more boards than are sent as a list still sees a dismissed note on one of them', async () => {
    // Past MODERATED_LISTED boards the search asks the moderators' rule itself (access.ts).
    const db = t.database.db;
    const extra = await db
      .insert(multilists)
      .values(
        Array.from({ length: MODERATED_LISTED }, (_, k) => ({
          owner: 'author',
          title: `Spare ${k}`,
          ptitle: `spare-${k}`,
        })),
      )
      .returning({ id: multilists.id });
    const night = like(items.text, 'Does photosynthesis stop at night%');
    const [before] = await db.select({ status: items.noteStatus }).from(items).where(night);
    await db.update(items).set({ noteStatus: 'dismissed' }).where(night);
    try {
      expect(joined(await results(author, everyone))).toContain('stop at night');
      expect(joined(await results(reader, everyone))).toContain('stop at night');
      expect(joined(await results(demo, everyone))).not.toContain('stop at night');
    } finally {
      await db.update(items).set({ noteStatus: before!.status }).where(night);
      await db.delete(multilists).where(
        inArray(
          multilists.id,
          extra.map((b) => b.id),
        ),
      );
    }
  });

  it('the notes in hits carry only what the caller may see', async () => {
    const r = await results(demo, everyone);
    const notes = r.lists.flatMap((l) => l.items.flatMap((i) => i.notes));
    expect(notes.every((n) => !n.isPrivate && n.groupName === null)).toBe(true);
  });

  it('items, replies, annos and notes switch kinds off', async () => {
    const noNotes = joined(await results(reader, { ...everyone, notes: false }));
    expect(noNotes).not.toContain('stop at night');
    expect(noNotes).toContain('turns light');
    const onlyNotes = await results(reader, { ...everyone, items: 'false', annos: 0 });
    expect(joined(onlyNotes)).toContain('Note by reader on [Plant Biology]');
    expect(itemsJoined(onlyNotes)).toBe('');
  });

  it('shows a note once: its line says whose it is and where, the note itself is under it', async () => {
    const r = await results(reader, { ...everyone, items: 'false', annos: 0 });
    const hits = r.lists.flatMap((l) => l.items);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      const [note] = hit.notes;
      expect(hit.text).toMatch(/^(Note|Reply) by \S+ on \[/);
      expect(note, hit.text).toBeDefined();
      expect(hit.text).not.toContain(note!.text.slice(0, 20));
    }
  });

  it('names the item a note is on, linking to the note there, but not an item the searcher may not read', async () => {
    const night = (r: Multilist) =>
      r.lists.flatMap((l) => l.items).find((i) => i.notes[0]?.text.includes('stop at night'));
    const noteId = night(await results(reader, everyone))!.notes[0]!._id;
    const line = `Note by reader on [Plant Biology](/author/home;plant-biology): [Photosynthesis turns light into sugar in green plants\\.](/author/home;plant-biology#note-${noteId})`;
    expect(night(await results(reader, everyone))!.text).toBe(line);
    // Collected, the copy says where it came from the same way.
    const collected = joined(await results(reader, { ...everyone, mode: 'collect' }));
    expect(collected).toContain(`From ${line.slice('Note by reader on '.length)}`);
    // The item made private since: the reader still finds their note, not the item's words.
    const db = t.database.db;
    const item = like(items.text, 'Photosynthesis turns light%');
    await db.update(items).set({ isPrivate: true }).where(item);
    try {
      const hidden = night(await results(reader, everyone))!;
      expect(hidden.text).toBe('Note by reader on [Plant Biology](/author/home;plant-biology)');
      expect(joined(await results(reader, { ...everyone, mode: 'collect' }))).not.toContain(
        'turns light',
      );
    } finally {
      await db.update(items).set({ isPrivate: false }).where(item);
    }
  });
});

describe('label, tags, author and date searches', () => {
  it('label finds annotations by their label, close spellings included', async () => {
    const exact = joined(
      await results(reader, { by: 'label', searchStr: 'spectrum', users: 'all' }),
    );
    expect(exact).toContain('Annotation by author on [Plant Biology]');
    expect(exact).toContain('absorption spectrum');
    const close = joined(
      await results(reader, { by: 'label', searchStr: 'spectrim', users: 'all' }),
    );
    expect(close).toContain('absorption spectrum');
    expect(joined(await results(reader, { by: 'label', searchStr: 'zzz', users: 'all' }))).toBe('');
  });

  it('tags finds items by label name, name:value, or any label when blank', async () => {
    const topic = texts(await results(reader, { by: 'tags', searchStr: 'topic', users: 'all' }));
    expect(topic).toHaveLength(2);
    const bio = joined(await results(reader, { by: 'tags', searchStr: 'topic:bio', users: 'all' }));
    expect(bio).toContain('turns light');
    expect(bio).not.toContain('Chlorophyll');
    const any = texts(await results(reader, { by: 'tags', users: 'all' }));
    expect(any).toHaveLength(3);
  });

  it('author, coauthor and contributor find boards', async () => {
    const boards = joined(await results(reader, { by: 'author', users: 'author', bucket: 'none' }));
    expect(boards).toContain('### [Plant Biology](/author/home;plant-biology)');
    expect(boards).not.toContain('Hidden Drafts');
    const titled = texts(
      await results(reader, { by: 'author', users: 'author', searchStr: 'zebra' }),
    );
    expect(titled).toHaveLength(1);
    expect(titled[0]).toContain('Zebra Notes');
    expect(joined(await results(author, { by: 'author' }))).toContain('Hidden Drafts');
    const shared = await author.post('/api/forms/add_coauthor', {
      title: 'Plant Biology',
      owner: 'author',
      username: 'demo',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const co = joined(await results(reader, { by: 'coauthor', users: 'demo' }));
    expect(co).toContain('Plant Biology');
    expect(joined(await results(reader, { by: 'contributor', users: 'demo' }))).toBe('');
  });

  it('date finds items created in the range, in every date format and time zone', async () => {
    const db = t.database.db;
    const fox = fixture.lists[0]!.items[2]!._id;
    // 03:30 UTC on 15 June is still 14 June on the east coast.
    await db
      .update(items)
      .set({ created: new Date('2021-06-15T03:30:00Z') })
      .where(eq(items.id, fox));
    const find = async (range: string, zone?: string) =>
      joined(
        await results(author, {
          by: 'date',
          searchStr: range,
          users: 'all',
          ...(zone ? { zone } : {}),
        }),
      );
    expect(await find('June 2021--June 2021')).toContain('quick brown fox');
    expect(await find('2021-06-14--2021-06-14')).toContain('quick brown fox');
    expect(await find('Monday, June 14, 2021 -- 06/14/2021')).toContain('quick brown fox');
    expect(await find('2021-06-15--2021-06-15')).not.toContain('quick brown fox');
    expect(await find('2021-06-15--2021-06-15', 'pacific')).not.toContain('quick brown fox');
    // An open range reaches today: the author's items only, so the first page of 50 holds the fox
    // whatever else the seed holds.
    expect(
      joined(await results(author, { by: 'date', searchStr: '2021--', users: 'author' })),
    ).toContain('quick brown fox');
    // start/stop give the range when searchStr is blank, and limit any other search.
    expect(
      joined(
        await results(author, { by: 'date', start: '14 Jun 2021', stop: '2021-07', users: 'all' }),
      ),
    ).toContain('quick brown fox');
    const windowed = joined(
      await results(author, { searchStr: 'fox', users: 'all', start: '2022-01-01' }),
    );
    expect(windowed).toBe('');
    const day = await results(author, { by: 'date', searchStr: '2021--2021', users: 'all' });
    expect(day.lists.map((l) => l.title)).toEqual(['2021-06-14']);
    const week = await results(author, {
      by: 'date',
      searchStr: '2021--2021',
      users: 'all',
      bucket: 'week',
    });
    expect(week.lists.map((l) => l.title)).toEqual(['Week of 2021-06-14']);
    const month = await results(author, {
      by: 'date',
      searchStr: '2021--2021',
      users: 'all',
      bucket: 'month',
      zone: 'central',
    });
    expect(month.lists.map((l) => l.title)).toEqual(['June 2021']);
  });
});

/** A calendar day written in one of the date formats, e.g. 'ddd, MMM DD, YYYY' → 'Mon, Jun 14, 2021'. */
function written(format: string, year: number, month: number, day: number): string {
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const monthName = cap(MONTH_NAMES[month - 1]!);
  const weekday = cap(WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!);
  const values: Record<string, string> = {
    YYYY: String(year),
    MMMM: monthName,
    MMM: monthName.slice(0, 3),
    MM: String(month).padStart(2, '0'),
    DD: String(day).padStart(2, '0'),
    dddd: weekday,
    ddd: weekday.slice(0, 3),
  };
  return format.replace(/YYYY|MMMM|MMM|MM|DD|dddd|ddd/g, (t) => values[t]!);
}

describe('each date format through load_search', () => {
  it.each(DATE_FORMATS.map((f) => [f, written(f, 2021, 6, 14)]))(
    '%s (%s) finds an item of that day, and misses it from the day after',
    async (format, text) => {
      const fox = fixture.lists[0]!.items[2]!._id;
      await t.database.db
        .update(items)
        .set({ created: new Date('2021-06-15T03:30:00Z') })
        .where(eq(items.id, fox));
      const hit = joined(
        await results(author, { by: 'date', searchStr: `${text}--${text}`, users: 'all' }),
      );
      expect(hit).toContain('quick brown fox');
      if (format.includes('DD')) {
        const next = written(format, 2021, 6, 15);
        const miss = joined(
          await results(author, { by: 'date', searchStr: `${next}--${next}`, users: 'all' }),
        );
        expect(miss).not.toContain('quick brown fox');
      }
    },
  );
});

describe('paging and sorting', () => {
  beforeAll(async () => {
    await createBoard(t.database.db, {
      owner: 'demo',
      title: 'Many',
      lists: [
        {
          title: 'All',
          items: Array.from({ length: 120 }, (_, i) => ({
            text: `pagingword item ${String(i).padStart(3, '0')}`,
            labels: [{ name: 'rank', value: String.fromCharCode(122 - (i % 26)) }],
          })),
        },
      ],
    });
  });

  it('50 a page, hasNext until the last, pages past 100 clamp to 100', async () => {
    const args = { searchStr: 'pagingword', users: 'all', bucket: 'none' };
    const p0 = await results(reader, { ...args, page: 0 });
    const p1 = await results(reader, { ...args, page: 1 });
    const p2 = await results(reader, { ...args, page: 2 });
    expect([p0.search.count, p1.search.count, p2.search.count]).toEqual([50, 50, 20]);
    expect([p0.search.hasNext, p1.search.hasNext, p2.search.hasNext]).toEqual([true, true, false]);
    const seen = new Set([...texts(p0), ...texts(p1), ...texts(p2)]);
    expect(seen.size).toBe(120);
    const far = await results(reader, { ...args, page: 5000 });
    expect(far.search.page).toBe(100);
    expect(far.search.count).toBe(0);
    expect((await results(reader, { ...args, page: -3 })).search.page).toBe(0);
  });

  it('sorts by Title, Author Name, Start Date and User Field 1', async () => {
    const titles = async (args: Record<string, string | boolean>) =>
      texts(await results(author, { users: 'all', bucket: 'none', ...args })).map(
        (x) => /\[([^\]]+)\]/.exec(x)![1],
      );
    const byTitle = await titles({ searchStr: 'photosynth*', sort: 'Title' });
    expect(byTitle).toEqual([...byTitle].sort());
    expect(byTitle[byTitle.length - 1]).toBe('Zebra Notes');
    const byTitleDown = await titles({ searchStr: 'photosynth*', sort: 'Title', ascend: false });
    expect(byTitleDown[0]).toBe('Zebra Notes');

    const authors = texts(
      await results(author, {
        searchStr: 'photosynthesis',
        users: 'all',
        bucket: 'none',
        sort: 'Author Name',
      }),
    ).map((x) => (x.includes(' by reader ') ? 'reader' : 'author'));
    expect(authors).toEqual([...authors].sort((a, b) => a.localeCompare(b)));
    expect(new Set(authors).size).toBe(2);

    const field = texts(
      await results(author, {
        searchStr: 'pagingword',
        users: 'all',
        bucket: 'none',
        sort: 'User Field 1',
      }),
    );
    // Values run z..a over and over: items 25, 51, 77 and 103 have 'a', the first value.
    const firstFour = field.slice(0, 4).map((x) => /item (\d+)/.exec(x)![1]);
    expect(firstFour.sort()).toEqual(['025', '051', '077', '103']);
    const dates = await results(author, {
      searchStr: 'pagingword',
      users: 'all',
      bucket: 'none',
      sort: 'Start Date',
      ascend: true,
    });
    const created = dates.lists[0]!.items.map((i) => i.created);
    expect(created).toEqual([...created].sort());
  });
});

describe('saving a search', () => {
  it('makes a board owned by the caller; the same search again gives the same board', async () => {
    const first = await results(reader, {
      searchStr: 'photosynthesis',
      users: 'all',
      save: true,
      title: 'My photosynthesis',
    });
    const saved = first.search.saved!;
    expect(saved).toMatchObject({ owner: 'reader', title: 'My photosynthesis', existing: false });
    const again = await results(reader, {
      searchStr: 'photosynthesis',
      users: 'all',
      save: true,
      title: 'My photosynthesis',
      page: 0,
    });
    expect(again.search.saved).toMatchObject({ multilistId: saved.multilistId, existing: true });

    const board = (
      await reader.post('/api/dbload/load_multilists', { addresses: [`/reader/${saved.ptitle}`] })
    ).json()[0]!;
    expect(board.owner).toBe('reader');
    const mine = joined(board);
    expect(mine).toContain('turns light');
    expect(mine).toContain('Private photosynthesis musing');
    // The reader's private note and group note stay the reader's alone on the saved board.
    const seenByDemo = (
      await demo.post('/api/dbload/load_multilists', { addresses: [`/reader/${saved.ptitle}`] })
    ).json()[0]!;
    const theirs = joined(seenByDemo);
    expect(theirs).toContain('turns light');
    expect(theirs).not.toContain('Private photosynthesis');
    expect(theirs).not.toContain('Greenhouse');
  });

  it('a different search with the same title gets a numbered title', async () => {
    const r = await results(reader, {
      searchStr: 'fox',
      users: 'all',
      save: true,
      title: 'My photosynthesis',
    });
    expect(r.search.saved).toMatchObject({
      title: 'My photosynthesis 2',
      ptitle: 'my-photosynthesis-2',
    });
    const rows = await t.database.db
      .select({ id: multilists.id })
      .from(multilists)
      .where(inArray(multilists.ptitle, ['my-photosynthesis', 'my-photosynthesis-2']));
    expect(rows).toHaveLength(2);
  });

  it('guests may search but not save', async () => {
    expect(joined(await results(guest, { searchStr: 'fox', users: 'all' }))).toContain('fox');
    const res = await search(guest, { searchStr: 'fox', users: 'all', save: true });
    expect(res.statusCode).toBe(401);
  });

  it('the custom codes still answer as before', async () => {
    const res = await author.post('/api/dbload/load_search', {
      address: '/author/home?code=myBoards',
    });
    expect(res.statusCode).toBe(200);
    expect(joined(res.json())).toContain('[Plant Biology](/author/home;plant-biology)');
  });
});

describe('accents', () => {
  it('a word is found whatever its accents, typed either way round, in phrases and prefixes too', async () => {
    await createBoard(t.database.db, {
      owner: 'author',
      title: 'Music and Buildings',
      lists: [
        {
          title: 'One',
          items: [
            'Dvořák wrote the New World Symphony in Iowa.',
            'The facade of the École is old.',
          ],
        },
      ],
    });
    const found = async (searchStr: string) =>
      joined(await results(reader, { searchStr, users: 'all' }));
    for (const typed of ['dvorak', 'DVOŘÁK', 'Dvořak', 'dvo*', '"dvorak wrote"']) {
      expect(await found(typed), typed).toContain('Dvořák wrote the New World Symphony');
    }
    for (const typed of ['façade', 'ecole', '"façade of the ecole"']) {
      expect(await found(typed), typed).toContain('The facade of the École');
    }
    // Letters that are not accented forms of each other still differ.
    expect(await found('dvorek')).toBe('');
  });

  it('names sort by their letters: Émile beside Emma, not after Zoe', async () => {
    for (const title of ['Zoe Sorted', 'Émile Sorted', 'Emma Sorted', 'Eagle Sorted']) {
      await createBoard(t.database.db, {
        owner: 'author',
        title,
        lists: [{ title: 'One', items: [`sortword in ${title}`] }],
      });
    }
    const r = await results(reader, { searchStr: 'sortword', users: 'all', sort: 'Title' });
    expect(texts(r).map((x) => /\[([^\]]+)\]/.exec(x)![1])).toEqual([
      'Eagle Sorted',
      'Émile Sorted',
      'Emma Sorted',
      'Zoe Sorted',
    ]);
  });
});
