/**
 * Tags in notes (`#question`, core tagsIn): a Discussion or My notes narrowed to one tag
 * (`&tag=`), and Insight's tags of a board's notes. Both read only the notes the caller may read:
 * a tag in another's private note is neither listed nor counted nor named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notATag, type Multilist } from '@listboard/core';
import type { BoardInsight } from '@listboard/core/api/contracts/insight';
import { Agent, boardWithItem, createTestApp, writeNote, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;
let board: { multilistId: string; ptitle: string; listId: string; itemId: string };

const noteTexts = (b: Multilist) =>
  b.lists.flatMap((l) => l.items.flatMap((i) => i.notes.map((n) => n.text)));
const listing = (a: Agent, code: string, narrow: string) =>
  a.post('/api/dbload/load_search', {
    address: `/author/home?code=${code}&username=author${narrow}`,
  });
const insightOf = async (a: Agent) => {
  const res = await a.post('/api/forms/board_insight', { multilistId: board.multilistId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BoardInsight>();
};

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  demo = new Agent(t.app);
  await demo.signIn('demo');
  board = await boardWithItem(author, { title: 'Tagged seminar', item: 'Read the first chapter.' });
  const { listId, itemId } = board;
  for (const [who, text, isPrivate] of [
    [reader, '#Question: who wrote this?', false],
    [demo, '#question #confused Why chapter one first?', false],
    [reader, 'Not sure I follow. #confused', false],
    [demo, 'My own #question, and #secret-plan, to myself.', true],
    [reader, 'A note with #questions and `#question` in code.', false],
  ] as const) {
    const res = await who.post('/api/forms/insert_note', {
      listId,
      itemId,
      noteSpec: { text },
      ...(isPrivate ? { isPrivate } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('tags in notes', () => {
  it('a Discussion narrowed to one tag lists the notes carrying it, any case, a private one still out', async () => {
    const res = await listing(author, 'pending', '&tag=Question');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Multilist>();
    expect(page.onTag).toBe('question');
    expect(page.title).toBe('Pending notes (#question)');
    expect(noteTexts(page).sort()).toEqual([
      '#Question: who wrote this?',
      '#question #confused Why chapter one first?',
    ]);
    // One board of them, and another tab, keep to the tag; a tab with none says so.
    const onBoard = await listing(author, 'myNotes', `&board=${board.ptitle}&tag=confused`);
    expect(noteTexts(onBoard.json<Multilist>()).sort()).toEqual([
      '#question #confused Why chapter one first?',
      'Not sure I follow. #confused',
    ]);
    expect(onBoard.json<Multilist>().title).toBe('My notes: Tagged seminar (#confused)');
    expect((await listing(author, 'answered', '&tag=question')).json<Multilist>().description).toBe(
      'No answered notes tagged #question.',
    );
    // A tag only a private note carries lists nothing to anyone else.
    expect(noteTexts((await listing(author, 'pending', '&tag=secret-plan')).json())).toEqual([]);
  });

  it('the notes CSV has each note’s tags in a column of their own', async () => {
    const res = await author.get(
      `/api/export/annotations?board=/author/${board.ptitle}&format=csv`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header?.split(',').at(-1)).toBe('tags');
    expect(rows.map((r) => r.split(',').at(-1)).sort()).toEqual([
      '#confused',
      '#question',
      '#question #confused',
      '#questions',
    ]);
  });

  it('words that are no tag are a 400 saying what a tag is', async () => {
    for (const given of ['two words', '1st', '#'])
      expect(
        (await listing(author, 'pending', `&tag=${encodeURIComponent(given)}`)).json(),
      ).toEqual({ error: notATag(given) });
  });

  it('Insight names the tags of the notes its caller may read, most carried first', async () => {
    const all = await insightOf(author);
    expect(all.tags).toEqual([
      { tag: 'confused', notes: 2, questions: 1 },
      { tag: 'question', notes: 2, questions: 2 },
      { tag: 'questions', notes: 1, questions: 0 },
    ]);
    // A reader's own Insight counts their own notes, their private ones too.
    expect((await insightOf(demo)).tags).toEqual([
      { tag: 'question', notes: 2, questions: 1 },
      { tag: 'confused', notes: 1, questions: 1 },
      { tag: 'secret-plan', notes: 1, questions: 0 },
    ]);
  });

  it('a board asks for tags: each reader gets them with the board, a copy keeps them, Insight names those not used yet', async () => {
    const edit = (noteTags: string[]) =>
      author.post('/api/dbedit/edit_multilist', { multilistId: board.multilistId, noteTags });
    expect((await edit(['#Question', 'evidence', 'question'])).statusCode).toBe(200);
    const loaded = await reader.post('/api/dbload/load_multilists', {
      addresses: [`/author/${board.ptitle}`],
    });
    expect(loaded.json<Multilist[]>()[0]!.noteTags).toEqual(['question', 'evidence']);
    expect((await insightOf(author)).tags.at(-1)).toEqual({
      tag: 'evidence',
      notes: 0,
      questions: 0,
    });
    // The board's Discussion names them, each a way to narrow it.
    const discussion = await listing(author, 'pending', `&board=${board.ptitle}`);
    expect(discussion.json<Multilist>().onBoard?.noteTags).toEqual(['question', 'evidence']);
    // Words that are no tag, or too many tags, change nothing.
    const bad = await edit(['#ok', 'two words']);
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: notATag('two words') }]);
    const many = await edit(Array.from({ length: 13 }, (_, i) => `t${i}`));
    expect([many.statusCode, many.json()]).toEqual([
      400,
      { error: 'A board asks for at most 12 tags.' },
    ]);
    // A reader may not set them.
    expect(
      (
        await reader.post('/api/dbedit/edit_multilist', {
          multilistId: board.multilistId,
          noteTags: ['mine'],
        })
      ).statusCode,
    ).toBe(403);
    const copy = await author.post('/api/forms/duplicate_multilist', {
      multilistId: board.multilistId,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    const copied = await author.post('/api/dbload/load_multilists', {
      addresses: [`/author/${copy.json<{ ptitle: string }>().ptitle}`],
    });
    expect(copied.json<Multilist[]>()[0]!.noteTags).toEqual(['question', 'evidence']);
    // Behind a password the reader has not given, the board tells them none.
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: board.multilistId,
      password: 'sesame',
    });
    const locked = (
      await reader.post('/api/dbload/load_multilists', { addresses: [`/author/${board.ptitle}`] })
    ).json<Multilist[]>()[0]!;
    expect([locked.locked, locked.noteTags]).toEqual([true, []]);
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: board.multilistId,
      password: null,
    });
  });
});

describe('a tag in a reply', () => {
  let replied: typeof board;
  const notesOf = (a: Agent, username: string, narrow: string) =>
    a.post('/api/dbload/load_search', {
      address: `/${username}/home?code=notes&username=${username}${narrow}`,
    });
  beforeAll(async () => {
    replied = await boardWithItem(author, {
      title: 'Replied seminar',
      item: 'Read the second chapter.',
    });
    const write = (who: Agent, text: string, parentId?: string, more = {}) =>
      writeNote(who, replied, { text, ...(parentId ? { parentId } : {}) }, more);
    const question = await write(reader, 'Where is the second argument?');
    await write(reader, 'The map on page 3 #evidence');
    await write(author, 'See page 12. #resolved', question);
    await write(demo, 'Lost me too #secret-reply', question, { isPrivate: true });
  });

  it('brings its thread, with the reply, into the Discussion of that tag and the reader’s own Notes of it', async () => {
    const discussion = await listing(author, 'myNotes', `&board=${replied.ptitle}&tag=resolved`);
    expect(discussion.statusCode, discussion.body).toBe(200);
    expect(noteTexts(discussion.json<Multilist>())).toEqual([
      'Where is the second argument?',
      'See page 12. #resolved',
    ]);
    const own = await notesOf(reader, 'reader', '&tag=resolved');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Multilist>().title).toBe('Notes (#resolved)');
    expect(noteTexts(own.json<Multilist>())).toEqual([
      'Where is the second argument?',
      'See page 12. #resolved',
    ]);
    expect(noteTexts((await notesOf(reader, 'reader', '&tag=Evidence')).json())).toEqual([
      'The map on page 3 #evidence',
    ]);
    expect((await notesOf(reader, 'reader', '&tag=1st')).json()).toEqual({ error: notATag('1st') });
  });

  it('a reply its caller may not read brings its thread to no one else, nor into Insight', async () => {
    expect(
      noteTexts(
        (await listing(author, 'myNotes', `&board=${replied.ptitle}&tag=secret-reply`)).json(),
      ),
    ).toEqual([]);
    expect(noteTexts((await notesOf(reader, 'reader', '&tag=secret-reply')).json())).toEqual([]);
    // Its writer finds it among their own.
    expect(noteTexts((await notesOf(demo, 'demo', '&tag=secret-reply')).json())).toEqual([
      'Lost me too #secret-reply',
    ]);
    const insight = async (a: Agent) => {
      const res = await a.post('/api/forms/board_insight', { multilistId: replied.multilistId });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BoardInsight>().tags;
    };
    expect(await insight(author)).toEqual([
      { tag: 'evidence', notes: 1, questions: 0 },
      { tag: 'resolved', notes: 1, questions: 1 },
    ]);
    // A reader's own Insight: the threads of their notes, with the replies they may read.
    expect(await insight(reader)).toEqual([
      { tag: 'evidence', notes: 1, questions: 0 },
      { tag: 'resolved', notes: 1, questions: 1 },
    ]);
    expect(await insight(demo)).toEqual([]);
  });
});

describe('one’s own tags', () => {
  const ownTags = async (a: Agent) => {
    const res = await a.post('/api/dbload/my_tags', {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ tag: string; notes: number }[]>();
  };

  it('names the tags of one’s own notes and replies on every board, most carried first, a private one’s to its writer', async () => {
    expect(await ownTags(reader)).toEqual([
      { tag: 'confused', notes: 1 },
      { tag: 'evidence', notes: 1 },
      { tag: 'question', notes: 1 },
      { tag: 'questions', notes: 1 },
    ]);
    // Their private note's and private reply's tags too; none of another's.
    expect(await ownTags(demo)).toEqual([
      { tag: 'question', notes: 2 },
      { tag: 'confused', notes: 1 },
      { tag: 'secret-plan', notes: 1 },
      { tag: 'secret-reply', notes: 1 },
    ]);
    expect(await ownTags(author)).toEqual([{ tag: 'resolved', notes: 1 }]);
    expect((await new Agent(t.app).post('/api/dbload/my_tags', {})).statusCode).toBe(401);
  });
});
