/**
 * A renamed board's old address: it leads to the board (moved_boards) until another board takes
 * it, for anyone who could open the board there; load_multilists itself still answers only the
 * boards at the addresses asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let guest: Agent;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  guest = new Agent(t.app);
  await guest.signInGuest();
});
afterAll(async () => t.close());

const moved = async (a: Agent, ...addresses: string[]) => {
  const res = await a.post('/api/dbload/moved_boards', { addresses });
  expect(res.statusCode).toBe(200);
  return res.json() as { from: string; to: string }[];
};
const rename = async (multilistId: string, titleText: string) => {
  const res = await author.post('/api/dbedit/edit_multilist', { multilistId, titleText });
  expect(res.statusCode).toBe(200);
};
const titleAt = async (a: Agent, address: string) =>
  (await a.post('/api/dbload/load_multilists', { addresses: [address] })).json()[0]?.title;

describe('a renamed board’s old address', () => {
  it('leads every viewer to the board’s new address, through each rename, and chained', async () => {
    const made = await author.post('/api/forms/insert_multilist', {
      titleText: 'Week One Plan',
      listed: false,
    });
    const id = made.json().multilistId;
    expect(await moved(reader, '/author/week-one-plan')).toEqual([]);
    await rename(id, 'Week 1 Plan');
    // The load answers what is at the address asked, as before: nothing.
    expect(await titleAt(reader, '/author/week-one-plan')).toBeUndefined();
    for (const who of [reader, guest, author])
      expect(await moved(who, '/author/week-one-plan')).toEqual([
        { from: '/author/week-one-plan', to: '/author/week-1-plan' },
      ]);
    expect(await titleAt(guest, '/author/week-1-plan')).toBe('Week 1 Plan');
    // Board by board in a chain, however the title is written; boards still there are left out.
    expect(await moved(reader, '/author/home;Week One Plan', '/author/week-1-plan')).toEqual([
      { from: '/author/week-one-plan', to: '/author/week-1-plan' },
    ]);
    // Renamed again: both earlier addresses lead to the last.
    await rename(id, 'Week 1 Plan (Autumn)');
    expect(await moved(reader, '/author/week-one-plan', '/author/week-1-plan')).toEqual([
      { from: '/author/week-one-plan', to: '/author/week-1-plan-autumn' },
      { from: '/author/week-1-plan', to: '/author/week-1-plan-autumn' },
    ]);
    // Back to a name it had: that address is the board's again, not a way elsewhere.
    await rename(id, 'Week One Plan');
    expect(
      await moved(reader, '/author/week-one-plan', '/author/week-1-plan', '/author/nothing-here'),
    ).toEqual([{ from: '/author/week-1-plan', to: '/author/week-one-plan' }]);
  });

  it('leads nowhere once another board takes it, or the board is deleted', async () => {
    const made = await author.post('/api/forms/insert_multilist', { titleText: 'Syllabus Draft' });
    const id = made.json().multilistId;
    await rename(id, 'Syllabus');
    expect(await moved(reader, '/author/syllabus-draft')).toEqual([
      { from: '/author/syllabus-draft', to: '/author/syllabus' },
    ]);
    // A new board at the old address is that address's board.
    const other = await author.post('/api/forms/insert_multilist', { titleText: 'Syllabus Draft' });
    expect(other.statusCode).toBe(200);
    expect(await moved(reader, '/author/syllabus-draft')).toEqual([]);
    expect(await titleAt(reader, '/author/syllabus-draft')).toBe('Syllabus Draft');
    // The renamed board deleted: its old addresses go with it.
    const gone = await author.post('/api/forms/delete_multilist', {
      multilistId: other.json().multilistId,
    });
    expect(gone.statusCode).toBe(200);
    expect(await moved(reader, '/author/syllabus-draft')).toEqual([
      { from: '/author/syllabus-draft', to: '/author/syllabus' },
    ]);
    expect((await author.post('/api/forms/delete_multilist', { multilistId: id })).statusCode).toBe(
      200,
    );
    expect(await moved(reader, '/author/syllabus-draft')).toEqual([]);
  });

  it('tells of a board with a password only what its load at the new address tells: its address and title', async () => {
    const made = await author.post('/api/forms/insert_multilist', { titleText: 'Exam Key' });
    const id = made.json().multilistId;
    await author.post('/api/forms/insert_list', {
      multilistId: id,
      titleText: 'Answers',
      itemText: 'Question 1: the second reading',
    });
    const locked = await author.post('/api/dbedit/edit_multilist', {
      multilistId: id,
      titleText: 'Exam Key 2026',
      password: 'sesame',
    });
    expect(locked.statusCode).toBe(200);
    expect(await moved(guest, '/author/exam-key')).toEqual([
      { from: '/author/exam-key', to: '/author/exam-key-2026' },
    ]);
    const [shell] = (
      await guest.post('/api/dbload/load_multilists', { addresses: ['/author/exam-key-2026'] })
    ).json();
    expect(shell).toMatchObject({ title: 'Exam Key 2026', locked: true, lists: [] });
  });

  it('refuses a call with no address, or a malformed one', async () => {
    const none = await reader.post('/api/dbload/moved_boards', { addresses: [] });
    expect(none.statusCode).toBe(400);
    const odd = await reader.post('/api/dbload/moved_boards', { addresses: ['///;;;'] });
    expect([odd.statusCode, odd.json()]).toEqual([200, []]);
  });
});
