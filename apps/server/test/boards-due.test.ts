/**
 * When notes are due on the boards a reader reads (boards_due, the home's "Due" on the
 * dashboard): those they visited and those given to a private group of theirs, the soonest first,
 * with how many of their own notes and replies each shows them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardDueEntry } from '@listboard/core/api/contracts/load';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  demo = new Agent(t.app);
  await demo.signIn('demo');
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
/** A moment `days` from now, as the settings form sends it. */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A board of the author's with one item, its notes due when `due` says (or never). */
async function board(titleText: string, due: string | null) {
  const made = (await author.post('/api/forms/insert_multilist', { titleText })).json<{
    multilistId: string;
    ptitle: string;
  }>();
  const { listId } = (
    await author.post('/api/forms/insert_list', { multilistId: made.multilistId, titleText: 'One' })
  ).json<{ listId: string }>();
  const { itemId } = (
    await author.post('/api/forms/insert_item', { listId, text: 'Read this.' })
  ).json<{ itemId: string }>();
  if (due) {
    const res = await author.post('/api/dbedit/edit_multilist', {
      multilistId: made.multilistId,
      notesDue: due,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...made, listId, itemId };
}

/** A visit as the web keeps one: the board's view state. */
async function visit(a: Agent, b: { multilistId: string }) {
  const res = await a.post('/api/display/update_multilistvs', {
    query: { userId: a.userId, multilistId: b.multilistId },
    doc: { $set: { seenUpTo: new Date().toISOString() } },
  });
  expect(res.statusCode).toBe(200);
}

const due = async (a: Agent) => {
  const res = await a.post('/api/dbload/boards_due', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BoardDueEntry[]>().map((e) => [e.title, e.wrote]);
};

describe('when notes are due on the boards one visited', () => {
  it('lists the visited boards with a date ahead or a day past, soonest first, with one’s own notes counted', async () => {
    const later = await board('Essay three', inDays(6));
    const sooner = await board('Essay two', inDays(1));
    const past = await board('Essay one', inDays(-0.5));
    const long = await board('Essay zero', inDays(-3));
    const none = await board('Reading list', null);
    await board('Not visited', inDays(2));
    for (const b of [later, sooner, past, long, none]) await visit(reader, b);
    expect(await due(reader)).toEqual([
      ['Essay one', 0],
      ['Essay two', 0],
      ['Essay three', 0],
    ]);

    // Sam's note and reply count; a private note of Sam's too (Sam sees it); Demo's do not.
    const note = (
      await reader.post('/api/forms/insert_note', {
        listId: later.listId,
        itemId: later.itemId,
        noteSpec: { text: 'Which edition?' },
      })
    ).json<{ itemId: string }>();
    await reader.post('/api/forms/insert_note', {
      listId: later.listId,
      itemId: later.itemId,
      noteSpec: { text: 'A note to myself' },
      isPrivate: true,
    });
    await demo.post('/api/forms/insert_note', {
      listId: later.listId,
      itemId: later.itemId,
      noteSpec: { text: 'The second one, I think.', parentId: note.itemId },
    });
    await reader.post('/api/forms/insert_note', {
      listId: later.listId,
      itemId: later.itemId,
      noteSpec: { text: 'Thanks.', parentId: note.itemId },
    });
    expect(await due(reader)).toContainEqual(['Essay three', 3]);

    // The board's author sets the date; it is not theirs to meet.
    for (const b of [later, sooner]) await visit(author, b);
    expect(await due(author)).toEqual([]);
  });

  it('leaves out a board behind a password until the session gives it; asks for a sign-in', async () => {
    const shut = await board('Locked essay', inDays(3));
    await visit(demo, shut);
    expect(await due(demo)).toContainEqual(['Locked essay', 0]);
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: shut.multilistId,
      password: 'quill',
    });
    expect((await due(demo)).map(([title]) => title)).not.toContain('Locked essay');
    await demo.post('/api/forms/board_password', {
      multilistId: shut.multilistId,
      password: 'quill',
    });
    expect(await due(demo)).toContainEqual(['Locked essay', 0]);

    const nobody = await new Agent(t.app).post('/api/dbload/boards_due', {});
    expect(nobody.statusCode).toBe(401);
  });

  it('lists a board given to a private group of the reader’s before they open it; not one given to an open group', async () => {
    const course = await board('Seminar essay', inDays(4));
    const group = await author.post('/api/forms/create_group', {
      name: 'Seminar B',
      isPrivate: true,
    });
    expect(group.statusCode, group.body).toBe(200);
    await author.post('/api/forms/add_group_member', {
      groupName: 'Seminar B',
      username: 'reader',
    });
    const given = await author.post('/api/forms/assign_group', {
      multilistId: course.multilistId,
      groupName: 'Seminar B',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(await due(reader)).toContainEqual(['Seminar essay', 0]);
    // Not to those outside the group, nor to the author who set the date.
    expect((await due(demo)).map(([title]) => title)).not.toContain('Seminar essay');
    expect((await due(author)).map(([title]) => title)).not.toContain('Seminar essay');

    // An open group is anyone's to give: a stranger's board given to one the reader made stays
    // off their home until they open it.
    await reader.post('/api/forms/create_group', { name: 'Study circle' });
    const stranger = await board('Stranger essay', inDays(2));
    const open = await author.post('/api/forms/assign_group', {
      multilistId: stranger.multilistId,
      groupName: 'Study circle',
    });
    expect(open.statusCode, open.body).toBe(200);
    expect((await due(reader)).map(([title]) => title)).not.toContain('Stranger essay');
    await visit(reader, stranger);
    expect(await due(reader)).toContainEqual(['Stranger essay', 0]);
  });
});
