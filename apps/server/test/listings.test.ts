import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeSelection,
  headlineOf,
  isTextTarget,
  markdownLiteral,
  quoteOf,
  type Multilist,
} from '@listboard/core';
import { CUSTOM_CODES } from '@listboard/core/api/search';
import { createBoard } from '../src/services/boards/create';
import { users } from '../src/db/schema';
import {
  Agent,
  boardWithItem as newBoardWithItem,
  createTestApp,
  type TestContext,
} from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let course: Multilist;

const search = async (a: Agent, code: string, username?: string) =>
  a.post('/api/dbload/load_search', {
    address: `/x/home?code=${code}${username ? `&username=${username}` : ''}`,
  });
/** A listed board of the author's with one list and one item on it, for notes a test writes. */
const boardWithItem = (title: string, item: string, listed = true) =>
  newBoardWithItem(author, { title, item, listed });
const hitTexts = (b: Multilist) =>
  b.lists.flatMap((l) => l.items.map((i) => [i.text, ...i.notes.map((n) => n.text)].join('\n')));

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  course = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
  ).json()[0]!;
  const on = (i: number) => ({
    listId: course.lists[2]!._id,
    itemId: course.lists[2]!.items[i]!._id,
  });
  const a = await reader.post('/api/forms/insert_note', {
    ...on(0),
    noteSpec: { text: 'Sources: two anonymous officials.' },
  });
  const b = await reader.post('/api/forms/insert_note', {
    ...on(1),
    noteSpec: { text: 'Headline A says "slams".' },
  });
  await reader.post('/api/forms/insert_note', {
    ...on(2),
    noteSpec: { text: 'Private thought' },
    isPrivate: true,
  });
  await author.post('/api/forms/insert_note', {
    ...on(0),
    noteSpec: { text: 'Good find.', parentId: a.json().itemId },
  });
  await author.post('/api/forms/set_note_status', { itemId: b.json().itemId, status: 'dismissed' });
  await author.post('/api/forms/insert_anno', { ...on(3), annoSpec: { text: 'Due Friday.' } });
});
afterAll(async () => t.close());

describe('Discussion and Listings searches', () => {
  it('Discussion: pending, answered and dismissed notes on my boards, bucketed by week', async () => {
    const answered = (await search(author, 'answered')).json();
    expect(answered.title).toBe('Answered notes');
    expect(answered.lists[0]!.title).toMatch(/^Week of \d{4}-\d{2}-\d{2}$/);
    expect(hitTexts(answered).join()).toContain('two anonymous officials');
    expect(hitTexts(answered)[0]).toContain('(/author/home;course)');
    expect(hitTexts((await search(author, 'dismissed')).json()).join()).toContain('slams');
    // The private note is on the author's board but is not theirs to see.
    const pending = hitTexts((await search(author, 'pending')).json()).join();
    expect(pending).not.toContain('Private thought');
  });

  it('Discussion: each entry names the item the note is on, links to the note there, quotes its words, and the page follows the owner’s boards live', async () => {
    const item = course.lists[1]!.items[0]!;
    const block = item.blocks.findIndex((b) => b.text.trim().length > 12);
    const words = item.blocks[block]!.text.trim().slice(0, 12);
    const res = await reader.post('/api/forms/insert_note', {
      listId: course.lists[1]!._id,
      itemId: item._id,
      noteSpec: {
        text: 'Which part?',
        highlight: describeSelection(item.blocks[block]!.text, 0, 12, {
          blockId: item.blocks[block]!._id,
          blockIndex: block,
          version: item.version,
        }),
      },
    });
    const id = res.json().itemId;
    const pending = (await search(author, 'pending')).json() as Multilist;
    const entry = pending.lists
      .flatMap((l) => l.items)
      .find((i) => i.notes.some((n) => n._id === id))!;
    expect(entry.text).toContain(
      `On [course](/author/home;course): [${markdownLiteral(headlineOf(item.blocks, item.text))}](/author/home;course#note-${id})`,
    );
    const [listed] = entry.notes;
    expect(isTextTarget(listed!.highlight) && quoteOf(listed!.highlight).exact).toBe(words);
    expect(pending.follows?.map((f) => f._id)).toContain(course._id);
  });

  it('Discussion of one board: only the notes on that board of the owner’s, following it alone', async () => {
    // A second board of the author's with a pending note of its own.
    const other = await boardWithItem('Seminar', 'Read the essay.');
    const { listId, itemId } = other;
    await reader.post('/api/forms/insert_note', {
      listId,
      itemId,
      noteSpec: { text: 'Is the essay online?' },
    });
    const everywhere = hitTexts((await search(author, 'pending')).json()).join();
    expect(everywhere).toContain('Is the essay online?');
    expect(everywhere).toContain('Which part?');

    const one = async (who: Agent, code: string, ptitle: string) =>
      who.post('/api/dbload/load_search', {
        address: `/author/home?code=${code}&username=author&board=${ptitle}`,
      });
    const seminar = (await one(author, 'pending', other.ptitle)).json() as Multilist;
    expect(seminar.title).toBe('Pending notes: Seminar');
    expect(seminar.onBoard).toEqual({ owner: 'author', title: 'Seminar', ptitle: other.ptitle });
    expect(hitTexts(seminar).join()).toContain('Is the essay online?');
    expect(hitTexts(seminar).join()).not.toContain('Which part?');
    expect(seminar.follows?.map((f) => f._id)).toEqual([other.multilistId]);
    expect(seminar.ownBoardsAt).toBeUndefined();
    const onCourse = hitTexts((await one(author, 'pending', 'course')).json()).join();
    expect(onCourse).toContain('Which part?');
    expect(onCourse).not.toContain('Is the essay online?');
    expect(hitTexts((await one(author, 'myNotes', other.ptitle)).json()).join()).toContain(
      'Is the essay online?',
    );
    // A board the owner does not have, and someone else's Discussion, are refused.
    const missing = await one(author, 'pending', 'no-such-board');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('author has no board no-such-board.');
    expect((await one(reader, 'pending', other.ptitle)).statusCode).toBe(403);
  });

  it('Discussion of one list: only the notes on that list’s items, its title in the page’s, a private note still out', async () => {
    const weeks = await boardWithItem('Weekly seminar', 'Read chapter one.');
    const { listId: week2 } = (
      await author.post('/api/forms/insert_list', {
        multilistId: weeks.multilistId,
        titleText: 'Week 2',
      })
    ).json<{ listId: string }>();
    const { itemId: onWeek2 } = (
      await author.post('/api/forms/insert_item', { listId: week2, text: 'Read chapter two.' })
    ).json<{ itemId: string }>();
    for (const [listId, itemId, text, isPrivate] of [
      [weeks.listId, weeks.itemId, 'About chapter one?', false],
      [week2, onWeek2, 'About chapter two?', false],
      [week2, onWeek2, 'My own aside on two.', true],
    ] as const)
      await reader.post('/api/forms/insert_note', {
        listId,
        itemId,
        noteSpec: { text },
        ...(isPrivate ? { isPrivate } : {}),
      });
    const onList = async (who: Agent, code: string, list: string) =>
      who.post('/api/dbload/load_search', {
        address: `/author/home?code=${code}&username=author&board=${weeks.ptitle}&list=${list}`,
      });
    const res = await onList(author, 'pending', week2);
    expect(res.statusCode, res.body).toBe(200);
    const two = res.json<Multilist>();
    expect(two.title).toBe('Pending notes: Weekly seminar · Week 2');
    expect(two.onBoard?.list).toEqual({ _id: week2, title: 'Week 2' });
    const texts = hitTexts(two).join();
    expect(texts).toContain('About chapter two?');
    expect(texts).not.toContain('About chapter one?');
    expect(texts).not.toContain('My own aside on two.');
    // Another tab keeps to the list, and says so when it has none there.
    expect((await onList(author, 'answered', week2)).json<Multilist>().description).toBe(
      'No answered notes on Week 2.',
    );
    // A list of another board, or no list at all, is answered as missing.
    for (const other of [course.lists[0]!._id, 'week-2'])
      expect((await onList(author, 'pending', other)).statusCode).toBe(404);
  });

  it('Discussion: an entry keeps its id while newer notes are listed above it', async () => {
    const entries = async () =>
      ((await search(author, 'pending')).json() as Multilist).lists.flatMap((l) => l.items);
    const idOf = (list: Multilist['lists'][number]['items'], noteId: string) =>
      list.find((i) => i.notes[0]?._id === noteId)?._id;
    const on = { listId: course.lists[2]!._id, itemId: course.lists[2]!.items[3]!._id };
    const older = (
      await reader.post('/api/forms/insert_note', { ...on, noteSpec: { text: 'Which map?' } })
    ).json().itemId;
    const before = idOf(await entries(), older);
    expect(before).toBeDefined();
    await reader.post('/api/forms/insert_note', { ...on, noteSpec: { text: 'And the key?' } });
    const after = await entries();
    expect(after[0]!.notes[0]!.text).toBe('And the key?');
    expect(idOf(after, older)).toBe(before);
    expect(new Set(after.map((i) => i._id)).size).toBe(after.length);
  });

  it('Discussion: an item is named by what it shows, as plain words, whatever its markup', async () => {
    const board = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Formulas <b>& more</b>' })
    ).json();
    const texts = [
      '$$\\int_0^1 x^2\\,dx$$',
      '<img src=x>\n\nThe words after a picture',
      '/media/lecture.webm ~ Lecture 1: *sources*',
      '```js\nconst answer = 42;\n```',
    ];
    const made = (
      await author.post('/api/forms/insert_list', {
        multilistId: board.multilistId,
        titleText: 'Items',
      })
    ).json();
    for (const text of texts)
      await author.post('/api/forms/insert_item', { listId: made.listId, text });
    const [loaded] = (
      await author.post('/api/dbload/load_multilists', { addresses: [`/author/${board.ptitle}`] })
    ).json() as Multilist[];
    const on = loaded!.lists[0]!.items;
    expect(on).toHaveLength(texts.length);
    for (const item of on)
      await reader.post('/api/forms/insert_note', {
        listId: made.listId,
        itemId: item._id,
        noteSpec: { text: 'A question' },
      });
    const entries = hitTexts((await search(author, 'pending')).json()).join('\n');
    const title = markdownLiteral('Formulas <b>& more</b>');
    for (const words of [
      '\\int_0^1 x^2\\,dx',
      'The words after a picture',
      'Lecture 1: sources',
      'const answer = 42;',
    ])
      expect(entries).toContain(
        `On [${title}](/author/home;${board.ptitle}): [${markdownLiteral(words)}](`,
      );
    expect(entries).not.toContain('<img');
  });

  it('Listings: my boards, my annotations, my notes', async () => {
    expect(hitTexts((await search(author, 'myBoards')).json()).join()).toContain(
      '[course](/author/home;course)',
    );
    expect(hitTexts((await search(author, 'myAnnos')).json()).join()).toContain('Due Friday.');
    const mine = hitTexts((await search(reader, 'notes')).json()).join();
    expect(mine).toContain('Private thought');
    expect(mine).toContain('slams');
    expect(hitTexts((await search(reader, 'annoBoards')).json()).join()).toContain('course');
  });

  it('Listings: my notes come with the replies to them, and my own reply is listed once, under its note', async () => {
    const entries = async () =>
      ((await search(reader, 'notes')).json() as Multilist).lists.flatMap((l) => l.items);
    const asked = (await entries()).find(
      (i) => i.notes[0]?.text === 'Sources: two anonymous officials.',
    );
    // The author's answer, under the note it answers.
    expect(asked?.notes.map((n) => n.text)).toEqual([
      'Sources: two anonymous officials.',
      'Good find.',
    ]);
    const reply = await reader.post('/api/forms/insert_note', {
      listId: course.lists[2]!._id,
      itemId: course.lists[2]!.items[0]!._id,
      noteSpec: { text: 'Thanks, I will look for a third.', parentId: asked!.notes[0]!._id },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const now = await entries();
    const thread = now.find((i) => i.notes[0]?.text === 'Sources: two anonymous officials.');
    expect(thread?.notes.map((n) => n.text)).toEqual([
      'Sources: two anonymous officials.',
      'Good find.',
      'Thanks, I will look for a third.',
    ]);
    const shown = now.flatMap((i) => i.notes.map((n) => n.text));
    expect(shown.filter((text) => text === 'Thanks, I will look for a third.')).toHaveLength(1);
  });

  it('Listings: a listing of boards is one page, whatever page its address asks for', async () => {
    const at = async (page: string) =>
      (
        await author.post('/api/dbload/load_search', {
          address: `/author/home?code=myBoards&username=author${page}`,
        })
      ).json() as Multilist;
    const [first, second] = [await at(''), await at('&page=1')];
    expect(hitTexts(second)).toEqual(hitTexts(first));
    expect(second.description).toBe(first.description);
    expect(second.description).not.toMatch(/ones/);
  });

  it('Listings: a board never given a description is listed by its title alone', async () => {
    await author.post('/api/forms/insert_multilist', { titleText: 'Bare board' });
    await author.post('/api/forms/insert_multilist', {
      titleText: 'Described board',
      descText: 'Readings for week 5.',
    });
    const entries = hitTexts((await search(author, 'myBoards')).json());
    expect(entries).toContain('### [Bare board](/author/home;bare-board)');
    expect(entries).toContain(
      '### [Described board](/author/home;described-board)\n\nReadings for week 5.',
    );
    expect(entries.join()).not.toContain('No description.');
  });

  it('nobody lists someone else’s notes, guests list nothing, unknown codes are refused', async () => {
    expect((await search(reader, 'pending', 'author')).statusCode).toBe(403);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await search(guest, 'myBoards')).statusCode).toBe(401);
    const bad = await search(author, 'everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Unknown search code: everything');
  });

  it('counts the notes waiting on Discussion as the page lists them: not a private one, not a dismissed one', async () => {
    const waiting = async (a: Agent, username?: string) =>
      a.post('/api/dbload/waiting_notes', username ? { username } : {});
    const entries = async () =>
      ((await search(author, 'pending')).json() as Multilist).lists.flatMap((l) => l.items).length;
    const before = (await waiting(author)).json<{ count: number; more: boolean }>();
    expect(before).toEqual({ count: await entries(), more: false });
    // The fixture's three reader notes: one answered by a reply (still pending), one dismissed,
    // one private to its writer: one waits.
    expect(before.count).toBeGreaterThanOrEqual(1);
    const made = await boardWithItem('Counted', 'Read this.');
    const ask = (text: string, extra: object = {}) =>
      reader.post('/api/forms/insert_note', {
        listId: made.listId,
        itemId: made.itemId,
        noteSpec: { text },
        ...extra,
      });
    await ask('A question for the class.');
    await ask('Kept to myself.', { isPrivate: true });
    expect((await waiting(author)).json()).toEqual({ count: before.count + 1, more: false });
    expect(await entries()).toBe(before.count + 1);
    // A site admin may ask for anyone's; nobody else for someone else's; a guest for nobody's.
    const admin = new Agent(t.app);
    await admin.signIn('admin');
    expect((await waiting(admin, 'author')).json()).toEqual({
      count: before.count + 1,
      more: false,
    });
    expect((await waiting(reader, 'author')).statusCode).toBe(403);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await waiting(guest)).statusCode).toBe(401);
    expect((await new Agent(t.app).post('/api/dbload/waiting_notes', {})).statusCode).toBe(401);
  });
});

describe('Mentions', () => {
  it('lists the notes, replies and annotations of others that mention one and that one may see, newest first', async () => {
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const board = await boardWithItem('Mention Board', 'A chart of the polls.');
    const on = { listId: board.listId, itemId: board.itemId };
    const note = async (a: Agent, text: string, extra: Record<string, unknown> = {}) =>
      (await a.post('/api/forms/insert_note', { ...on, noteSpec: { text }, ...extra })).json<{
        itemId: string;
      }>().itemId;
    const asked = await note(reader, 'Is this the same poll, @demo?');
    // A name in other letters is the same person's.
    await note(author, 'Yes it is. @Demo, see the footnote.', {}).then(() => undefined);
    await author.post('/api/forms/insert_note', {
      ...on,
      noteSpec: { text: 'And @demo: the second chart too.', parentId: asked },
    });
    await author.post('/api/forms/insert_anno', {
      ...on,
      annoSpec: { text: 'A margin note for @demo' },
    });
    // Not mentions of demo: a private note (its writer's alone), an address, a longer name,
    // words in code, and demo's own.
    await note(reader, 'Ask @demo later', { isPrivate: true });
    await note(reader, 'Mail x@demo.org or @demonstration or `@demo`');
    await note(demo, 'Note to self, @DEMO');

    // On an unlisted board (a course's, often), a mention is listed for the one it names; behind
    // a password they have not given, it is not.
    for (const password of [null, 'sesame']) {
      const { multilistId, listId, itemId } = await boardWithItem(
        `Unlisted ${password ?? 'open'}`,
        'The reading.',
        false,
      );
      await reader.post('/api/forms/insert_note', {
        listId,
        itemId,
        noteSpec: { text: `On the ${password ? 'locked' : 'unlisted'} board, @demo` },
      });
      if (password) await author.post('/api/dbedit/edit_multilist', { multilistId, password });
    }

    const listed = await search(demo, 'mentions', 'demo');
    expect(listed.statusCode).toBe(200);
    const mentions = listed.json<Multilist>();
    expect(mentions.title).toBe('Mentions');
    const texts = hitTexts(mentions).join('\n');
    for (const shown of [
      'Is this the same poll, @demo?',
      'see the footnote',
      'the second chart',
      'A margin note for @demo',
      'On the unlisted board, @demo',
    ])
      expect(texts).toContain(shown);
    for (const hidden of ['Ask @demo later', 'x@demo.org', 'Note to self', 'On the locked board'])
      expect(texts).not.toContain(hidden);
    // Newest first: the reply, then the author's note, then the reader's.
    const order = ['the second chart', 'see the footnote', 'same poll'].map((w) =>
      texts.indexOf(w),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Empty, it says how it fills.
    expect((await search(author, 'mentions', 'author')).json<Multilist>().description).toBe(
      'No one has mentioned author yet: a note, reply or annotation with @author in it shows here.',
    );
    // Another reader's mentions are theirs: refused as every listing of another's is.
    expect((await search(reader, 'mentions', 'demo')).statusCode).toBe(403);
  });
});

describe('an empty listing', () => {
  it('says what fills it, in the words of the commands that do', async () => {
    await t.database.db.insert(users).values({
      username: 'newcomer',
      email: 'newcomer@example.edu',
      roles: ['reader'],
    });
    // A site admin may open anyone's listings: a newcomer's are all empty but one.
    const admin = new Agent(t.app);
    await admin.signIn('admin');
    const said = async (code: string) =>
      (await search(admin, code, 'newcomer')).json<Multilist>().description;
    const expected: Record<string, string> = {
      myBoards:
        'No boards by newcomer yet: a board made with New board, Load or Duplicate board shows here.',
      coBoards:
        'newcomer coauthors no board yet: a board whose author adds newcomer as a coauthor shows here.',
      annoBoards:
        'No notes or annotations by newcomer yet: each board newcomer writes one on shows here.',
      myAnnos: 'No annotations by newcomer yet: one written with Annotate on an item shows here.',
      myNotes:
        "No notes on newcomer's boards yet: each note a reader leaves on one shows here, answered or not.",
      notes:
        'No notes by newcomer yet: each note newcomer leaves on an item or a passage shows here, with the replies to it.',
      groupNotes: 'No group notes yet: a note shared with a group newcomer is in shows here.',
      mentions:
        'No one has mentioned newcomer yet: a note, reply or annotation with @newcomer in it shows here.',
      pending:
        "No notes wait for an answer: a reader's note on one of newcomer's boards shows here until it is answered or dismissed. Notes newcomer wrote, with the answers to them, are under [Notes](/newcomer/home?code=notes&username=newcomer).",
      answered: 'No answered notes yet: a pending note marked answered, or replied to, shows here.',
      dismissed: 'No dismissed notes: a pending note dismissed shows here.',
    };
    // Annotations lists every annotation the caller may see: the seeded boards have some.
    expect(Object.keys(expected).sort()).toEqual(CUSTOM_CODES.filter((c) => c !== 'annos').sort());
    for (const [code, words] of Object.entries(expected))
      expect(await said(code), code).toBe(words);
  });
});

describe('a coauthor’s Discussion', () => {
  it('lists the notes on the boards they coauthor beside their own, counts them, narrows to one by owner/board, and keeps to what the rule lets them see; an editor’s too', async () => {
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const shared = await boardWithItem('Shared lab', 'Bring goggles.');
    const where = { title: 'Shared lab', owner: 'author', username: 'demo' };
    const ask = (text: string, extra: object = {}) =>
      reader.post('/api/forms/insert_note', {
        listId: shared.listId,
        itemId: shared.itemId,
        noteSpec: { text },
        ...extra,
      });
    await ask('Safety glasses or goggles?');
    await ask('Only for me.', { isPrivate: true });
    const listed = async (code: string, board?: string) =>
      demo.post('/api/dbload/load_search', {
        address: `/demo/home?code=${code}&username=demo${board ? `&board=${board}` : ''}`,
      });
    const waiting = async () =>
      (await demo.post('/api/dbload/waiting_notes', {})).json<{ count: number }>().count;
    // Not a coauthor yet: the board's notes are not theirs to answer.
    expect(hitTexts((await listed('pending')).json()).join()).not.toContain('goggles?');
    const before = await waiting();

    expect((await author.post('/api/forms/add_coauthor', where)).statusCode).toBe(200);
    const pending = (await listed('pending')).json() as Multilist;
    expect(hitTexts(pending).join()).toContain('Safety glasses or goggles?');
    expect(hitTexts(pending).join()).not.toContain('Only for me.');
    // Not the notes on the owner's other boards.
    expect(hitTexts(pending).join()).not.toContain('Sources: two anonymous officials.');
    expect(pending.follows?.map((f) => f._id)).toContain(shared.multilistId);
    expect(await waiting()).toBe(before + 1);
    expect(hitTexts((await listed('myNotes')).json()).join()).toContain('goggles?');

    // One board of theirs as coauthor: named by its owner and path title.
    const one = (await listed('pending', `author/${shared.ptitle}`)).json() as Multilist;
    expect(one.title).toBe('Pending notes: Shared lab');
    expect(one.onBoard).toEqual({ owner: 'author', title: 'Shared lab', ptitle: shared.ptitle });
    expect(one.follows?.map((f) => f._id)).toEqual([shared.multilistId]);
    expect(hitTexts(one).join()).toContain('goggles?');
    const notTheirs = await listed('pending', 'author/course');
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error).toBe('demo neither coauthors nor edits a board author/course.');

    // They answer it, and it moves to their Answered notes.
    const noteId = pending.lists
      .flatMap((l) => l.items)
      .flatMap((i) => i.notes)
      .find((n) => n.text === 'Safety glasses or goggles?')!._id;
    const answered = await demo.post('/api/forms/set_note_status', {
      itemId: noteId,
      status: 'answered',
    });
    expect(answered.statusCode).toBe(200);
    expect(hitTexts((await listed('answered')).json()).join()).toContain('goggles?');
    await ask('And gloves?');
    expect(await waiting()).toBe(before + 1);

    // Marked contributor-only, then removed: the board's notes leave their pages.
    await author.post('/api/forms/add_coauthor', { ...where, contributorOnly: true });
    expect(hitTexts((await listed('pending')).json()).join()).not.toContain('gloves?');
    expect((await listed('pending', `author/${shared.ptitle}`)).statusCode).toBe(404);
    await author.post('/api/forms/add_coauthor', where);
    expect(hitTexts((await listed('pending')).json()).join()).toContain('gloves?');
    await author.post('/api/forms/remove_coauthor', where);
    expect(hitTexts((await listed('pending')).json()).join()).not.toContain('gloves?');
    expect(await waiting()).toBe(before);

    // An editor (a member), who answers the board's notes too, has them on their Discussion.
    const member = await author.post('/api/forms/set_member', {
      multilistId: shared.multilistId,
      username: 'demo',
      privileges: ['edit'],
    });
    expect(member.statusCode).toBe(200);
    expect(hitTexts((await listed('pending')).json()).join()).toContain('gloves?');
    expect(await waiting()).toBe(before + 1);
    expect(hitTexts((await listed('pending', `author/${shared.ptitle}`)).json()).join()).toContain(
      'gloves?',
    );
    await author.post('/api/forms/remove_coauthor', where);
    expect(hitTexts((await listed('pending')).json()).join()).not.toContain('gloves?');
  });
});

/**
 * Unlisted is not private: an unlisted board is left out of every listing and search for all
 * but its author and the people on it, yet anyone with its address can open it.
 */
describe('an unlisted board', () => {
  const ADDRESS = '/author/quiet-drafts';
  const WORD = 'zanzibarite';
  let anonymous: Agent;
  let guest: Agent;
  let coauthor: Agent;
  let quiet: Multilist;

  const shows = (text: string) => text.includes('quiet-drafts') || text.includes(WORD);
  const listing = async (a: Agent, code: string) => {
    const res = await search(a, code);
    return res.statusCode === 200 ? JSON.stringify(res.json()) : '';
  };
  const found = async (a: Agent, args: string) => {
    const res = await a.post('/api/dbload/load_search', { address: `/x/home;found?${args}` });
    expect(res.statusCode, res.body).toBe(200);
    // The hits only: the answer also repeats the search's own words.
    return hitTexts(res.json()).join('\n');
  };
  const boardsOf = async (a: Agent) =>
    JSON.stringify((await a.post('/api/forms/list_multilists', { owner: 'author' })).json());
  const load = async (a: Agent) =>
    (await a.post('/api/dbload/load_multilists', { addresses: [ADDRESS] })).json()[0];

  beforeAll(async () => {
    anonymous = new Agent(t.app);
    guest = new Agent(t.app);
    await guest.signInGuest();
    coauthor = new Agent(t.app);
    await coauthor.signIn('demo');
    await createBoard(t.database.db, {
      owner: 'author',
      title: 'Quiet Drafts',
      description: `Drafts with ${WORD} in them`,
      listed: false,
      lists: [{ title: 'Drafts', items: [`A ${WORD} draft.`] }],
    });
    quiet = (await load(author))!;
    const on = { listId: quiet.lists[0]!._id, itemId: quiet.lists[0]!.items[0]!._id };
    const anno = await author.post('/api/forms/insert_anno', {
      ...on,
      annoSpec: { text: `The author's ${WORD} annotation.` },
    });
    expect(anno.statusCode, anno.body).toBe(200);
    const shared = await author.post('/api/forms/add_coauthor', {
      title: 'Quiet Drafts',
      owner: 'author',
      username: 'demo',
    });
    expect(shared.statusCode, shared.body).toBe(200);
  });

  it('is left out of every listing and search for another reader, a guest and anonymous', async () => {
    expect(quiet.listed).toBe(false);
    for (const code of CUSTOM_CODES) {
      for (const [who, a] of [
        ['reader', reader],
        ['guest', guest],
        ['anonymous', anonymous],
      ] as const) {
        expect(shows(await listing(a, code)), `${code} as ${who}`).toBe(false);
      }
    }
    for (const a of [reader, guest, anonymous]) {
      expect(shows(await boardsOf(a))).toBe(false);
      expect(shows(await found(a, `searchStr=${WORD}&users=all`))).toBe(false);
      expect(shows(await found(a, 'by=author&users=author&bucket=none'))).toBe(false);
    }
  });

  it('opens at its address for them all', async () => {
    for (const a of [reader, guest, anonymous]) {
      const board = await load(a);
      expect(board?.title).toBe('Quiet Drafts');
      expect(JSON.stringify(board)).toContain(WORD);
    }
  });

  it('is listed and found for its author and its coauthor', async () => {
    expect(shows(await listing(author, 'myBoards'))).toBe(true);
    expect(shows(await boardsOf(author))).toBe(true);
    expect(shows(await found(author, `searchStr=${WORD}&users=all`))).toBe(true);
    expect(shows(await listing(coauthor, 'coBoards'))).toBe(true);
    expect(shows(await found(coauthor, `searchStr=${WORD}&users=all`))).toBe(true);
  });

  it('a reader who writes on it keeps their own notes in their listing, and nothing more', async () => {
    const note = await reader.post('/api/forms/insert_note', {
      listId: quiet.lists[0]!._id,
      itemId: quiet.lists[0]!.items[0]!._id,
      noteSpec: { text: 'A reader note on the quiet board.' },
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(await listing(reader, 'notes')).toContain('A reader note on the quiet board.');
    expect(await listing(reader, 'annos')).not.toContain(WORD);
  });
});

/** Text matched as written inside a regular expression. */
const literally = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('Discussion of one reader group', () => {
  it('lists the notes posted to that group alone, on every board or one, and offers the groups to choose', async () => {
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    for (const name of ['Tuesday', 'Thursday']) {
      await author.post('/api/forms/create_group', { name });
      await author.post('/api/forms/assign_group', { multilistId: course._id, groupName: name });
    }
    await reader.post('/api/forms/join_group', { multilistId: course._id, groupName: 'Tuesday' });
    await demo.post('/api/forms/join_group', { multilistId: course._id, groupName: 'Thursday' });
    const on = { listId: course.lists[1]!._id, itemId: course.lists[1]!.items[0]!._id };
    const post = async (who: Agent, text: string, groupName: string, isPrivate = false) =>
      expect(
        (
          await who.post('/api/forms/insert_note', {
            ...on,
            isPrivate,
            noteSpec: { text, groupName },
          })
        ).statusCode,
      ).toBe(200);
    await post(reader, 'Tuesday asks: who paid for it?', 'Tuesday');
    await post(reader, 'Tuesday, to myself', 'Tuesday', true);
    await post(demo, 'Thursday asks: is it biased?', 'Thursday');
    const list = async (who: Agent, user: string, narrowed: string) => {
      const res = await who.post('/api/dbload/load_search', {
        address: `/${user}/home?code=pending&username=${user}${narrowed}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Multilist;
    };

    const all = await list(author, 'author', '');
    expect(all.noteGroups).toEqual({ choices: ['Thursday', 'Tuesday'] });
    expect(hitTexts(all).join()).toContain('Thursday asks');
    expect(hitTexts(all).join()).toContain('Tuesday asks');
    expect(hitTexts(all).join()).toContain('Which part?');

    // One group's notes alone: not the other group's, not those posted to no group, and not a
    // private note in the group, which its writer alone sees.
    const tuesday = await list(author, 'author', '&group=Tuesday');
    expect(tuesday.title).toBe('Pending notes (Tuesday)');
    expect(tuesday.noteGroups).toEqual({ choices: ['Thursday', 'Tuesday'], only: 'Tuesday' });
    const shown = hitTexts(tuesday).join();
    expect(shown).toContain('Tuesday asks');
    expect(shown).not.toContain('Thursday asks');
    expect(shown).not.toContain('to myself');
    expect(shown).not.toContain('Which part?');

    // On one board, with the group kept by the links to newer and older ones.
    const thursday = await list(author, 'author', '&board=course&group=Thursday');
    expect(thursday.title).toMatch(/^Pending notes: .+ \(Thursday\)$/);
    expect(thursday.onBoard?.ptitle).toBe('course');
    expect(hitTexts(thursday).join()).toContain('Thursday asks');
    expect(hitTexts(thursday).join()).not.toContain('Tuesday asks');

    // A group with nothing waiting says so in its own words.
    const none = await author.post('/api/dbload/load_search', {
      address: '/author/home?code=dismissed&username=author&group=Tuesday',
    });
    expect(none.json().description).toBe('No dismissed notes from the group Tuesday.');

    // The group narrows what the lister may see, never widens it: a reader's own Discussion
    // lists no note on the author's board, in the group or not; and a listing of another kind
    // neither takes a group nor offers one.
    const readers = await list(reader, 'reader', '&group=Tuesday');
    expect(hitTexts(readers).join()).not.toContain('Tuesday asks');
    expect(readers.noteGroups).toEqual({ choices: [], only: 'Tuesday' });
    const notes = (
      await reader.post('/api/dbload/load_search', {
        address: '/reader/home?code=notes&username=reader&group=Thursday',
      })
    ).json() as Multilist;
    expect(notes.noteGroups).toBeUndefined();
    expect(hitTexts(notes).join()).toContain('Tuesday asks');
  });
});

describe('Discussion of one reader’s notes', () => {
  it('lists that reader’s notes alone, of every status under My notes, on one board, with a group too; never a private one', async () => {
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const on = { listId: course.lists[2]!._id, itemId: course.lists[2]!.items[0]!._id };
    const post = async (who: Agent, text: string, extra = {}) => {
      const res = await who.post('/api/forms/insert_note', { ...on, noteSpec: { text }, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ itemId: string }>().itemId;
    };
    const answered = await post(reader, 'Sam on sources, answered');
    await author.post('/api/forms/set_note_status', { itemId: answered, status: 'answered' });
    await post(reader, 'Sam on sources, waiting');
    await post(reader, 'Sam, to myself', { isPrivate: true });
    await post(demo, 'Demo on sources');
    const list = async (address: string) => {
      const res = await author.post('/api/dbload/load_search', { address });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Multilist;
    };

    const sams = await list('/author/home?code=myNotes&username=author&board=course&writer=READER');
    expect(sams.title).toBe('My notes: course (Sam Lee)');
    expect(sams.onWriter).toEqual({ username: 'reader', name: 'Sam Lee' });
    const shown = hitTexts(sams).join();
    expect(shown).toContain('Sam on sources, answered');
    expect(shown).toContain('Sam on sources, waiting');
    expect(shown).not.toContain('Demo on sources');
    expect(shown).not.toContain('to myself');
    // Pending alone, and the writer kept by the tab's title; with a group nothing of Sam's here.
    const pending = hitTexts(
      await list('/author/home?code=pending&username=author&board=course&writer=reader'),
    ).join();
    expect(pending).toContain('Sam on sources, waiting');
    expect(pending).not.toContain('Sam on sources, answered');
    const none = await list(
      '/author/home?code=dismissed&username=author&writer=reader&group=Nobody',
    );
    expect(none.title).toBe('Dismissed notes (Nobody, Sam Lee)');
    expect(none.description).toBe('No dismissed notes by Sam Lee from the group Nobody.');

    // No such user: said so. Another listing takes no writer.
    const missing = await author.post('/api/dbload/load_search', {
      address: '/author/home?code=pending&username=author&writer=nobody-here',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'No user named nobody-here.' });
    const notes = await list('/author/home?code=notes&username=author&writer=reader');
    expect(notes.onWriter).toBeUndefined();
  });
  it('takes in the threads that reader replied in, their replies shown; a private reply of theirs, or another’s reply, brings none', async () => {
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const on = { listId: course.lists[1]!._id, itemId: course.lists[1]!.items[0]!._id };
    const post = async (who: Agent, text: string, extra = {}) => {
      const res = await who.post('/api/forms/insert_note', { ...on, noteSpec: { text }, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ itemId: string }>().itemId;
    };
    const answeredHere = await post(demo, 'Demo asks where the chart came from');
    await post(reader, 'Sam: the agency’s own report', {
      noteSpec: { text: 'Sam: the agency’s own report', parentId: answeredHere },
    });
    const quiet = await post(demo, 'Demo wonders about the headline');
    await post(reader, 'Sam, a reply kept to myself', {
      noteSpec: { text: 'Sam, a reply kept to myself', parentId: quiet },
      isPrivate: true,
    });
    const others = await post(demo, 'Demo on the byline');
    await post(demo, 'Demo answers themself', {
      noteSpec: { text: 'Demo answers themself', parentId: others },
    });
    const list = async (address: string) => {
      const res = await author.post('/api/dbload/load_search', { address });
      expect(res.statusCode, res.body).toBe(200);
      return hitTexts(res.json()).join('\n');
    };
    for (const code of ['myNotes', 'pending']) {
      const shown = await list(
        `/author/home?code=${code}&username=author&board=course&writer=reader`,
      );
      expect(shown).toContain('Demo asks where the chart came from');
      expect(shown).toContain('Sam: the agency’s own report');
      expect(shown).not.toContain('Demo wonders about the headline');
      expect(shown).not.toContain('kept to myself');
      expect(shown).not.toContain('Demo on the byline');
    }
    // Narrowed to the note's own writer, the thread shows with the reply in it, as before.
    const demos = await list('/author/home?code=pending&username=author&board=course&writer=demo');
    expect(demos).toContain('Demo asks where the chart came from');
    expect(demos).toContain('Demo on the byline');
  });
});

// Last in the file: the five hundred notes it writes would push older ones out of the others.
describe('a listing of many notes', () => {
  it('Discussion: past the newest 500 notes it links to the older ones, page by page, on a Discussion of one board too', async () => {
    const crowd = await boardWithItem('Big class', 'Read everything.');
    const { listId, itemId } = crowd;
    const first = 'The very first question';
    const written = await reader.post('/api/forms/insert_note', {
      listId,
      itemId,
      noteSpec: { text: first },
    });
    expect(written.statusCode, written.body).toBe(200);
    // Five hundred more as that one was written, a millisecond apart after it, made in one
    // statement (written one by one through the API they took half a minute of the suite).
    const firstId = written.json<{ itemId: string }>().itemId;
    await t.database.db.execute(sql`
      insert into items (list_id, multilist_id, index, owner, author, hint, text, annotation_class,
        parent_id, root_item_id, note_status, created, modified)
      select list_id, multilist_id, index, owner, author, hint, 'Question ' || n, annotation_class,
        parent_id, root_item_id, note_status, created + (n + 1) * interval '1 millisecond',
        created + (n + 1) * interval '1 millisecond'
      from items, generate_series(0, 499) as n where id = ${firstId}`);
    await t.database.db.execute(
      sql`update items set thread_id = id where thread_id is null and root_item_id = ${itemId}`,
    );
    const at = async (address: string) => {
      const res = await author.post('/api/dbload/load_search', { address });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Multilist;
    };
    const notesOn = (b: Multilist) => b.lists.flatMap((l) => l.items.flatMap((i) => i.notes));
    const all = '/author/home?code=pending&username=author';
    const pending = await at(all);
    expect(pending.description).toMatch(
      new RegExp(
        `^The newest: 500 in \\d+ weeks?\\. \\[Older ones\\]\\(${literally(`${all}&page=1`)}\\)$`,
      ),
    );
    expect(hitTexts(pending).join()).not.toContain(first);
    // The next page: the older ones, the first question among them, and the way back.
    const older = await at(`${all}&page=1`);
    expect(notesOn(older).map((n) => n.text)).toContain(first);
    expect(older.description).toMatch(
      new RegExp(`^Older ones: \\d+ in \\d+ weeks?\\. \\[Newer ones\\]\\(${literally(all)}\\)`),
    );
    // No note is on both pages.
    const newest = new Set(notesOn(pending).map((n) => n._id));
    expect(notesOn(older).filter((n) => newest.has(n._id))).toEqual([]);
    // The board's own Discussion reads that board's notes alone: 501 is still over the line,
    // so it too links on, keeping to that board.
    const one = `${all}&board=${crowd.ptitle}`;
    const own = await at(one);
    expect(own.lists.flatMap((l) => l.items)).toHaveLength(500);
    expect(own.description).toContain(`[Older ones](${one}&page=1)`);
    const ownOlder = await at(`${one}&page=1`);
    expect(notesOn(ownOlder).map((n) => n.text)).toEqual([first]);
    expect(ownOlder.description).toBe(`Older ones: 1 in 1 week. [Newer ones](${one})`);
    // Past the end: none, and the way back.
    expect((await at(`${one}&page=2`)).description).toBe(
      `No older ones. [Newer ones](${one}&page=1)`,
    );
    // Answered notes, fewer than 500, say nothing of the kind.
    expect((await search(author, 'answered')).json().description).not.toMatch(/ones/);
  }, 120_000);
});
