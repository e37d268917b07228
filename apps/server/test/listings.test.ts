import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let course: Multilist;

const search = async (a: Agent, code: string, username?: string) =>
  a.post('/api/dbload/load_search', {
    address: `/x/home?code=${code}${username ? `&username=${username}` : ''}`,
  });
const hitTexts = (b: Multilist) =>
  b.lists.flatMap((l) => l.items.map((i) => [i.text, ...i.notes.map((n) => n.text)].join('\n')));

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  [course] = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
  ).json();
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
    expect(answered.lists[0].title).toMatch(/^Week of \d{4}-\d{2}-\d{2}$/);
    expect(hitTexts(answered).join()).toContain('two anonymous officials');
    expect(hitTexts(answered)[0]).toContain('(/author/home;course)');
    expect(hitTexts((await search(author, 'dismissed')).json()).join()).toContain('slams');
    // The private note is on the author's board but is not theirs to see.
    const pending = hitTexts((await search(author, 'pending')).json()).join();
    expect(pending).not.toContain('Private thought');
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

  it('nobody lists someone else’s notes, guests list nothing, unknown codes are refused', async () => {
    expect((await search(reader, 'pending', 'author')).statusCode).toBe(403);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await search(guest, 'myBoards')).statusCode).toBe(401);
    const bad = await search(author, 'everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Unknown search code: everything');
  });
});
