/**
 * What each viewer may see of a board's content is kept per content and viewer
 * (services/boards/seen-rows.ts). The same person asking with other groups, another unlock or
 * other roles is another question: a kept answer never hands one viewer's rows to another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { must, viewerOf, type Viewer } from '@listboard/core';
import { multilists } from '../src/db/schema';
import { policyBoardOf } from '../src/services/boards/access';
import { boardContent, type BoardContent } from '../src/services/boards/content';
import { seenRowsOf } from '../src/services/boards/seen-rows';
import { visibleBoard } from '../src/services/notes/visibility';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let content: BoardContent;
let board: ReturnType<typeof visibleBoard>;

beforeAll(async () => {
  t = await createTestApp();
  const author = new Agent(t.app);
  await author.signIn('author');
  const reader = new Agent(t.app);
  await reader.signIn('reader');
  const course = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
  ).json<{ _id: string; lists: { _id: string; items: { _id: string }[] }[] }[]>()[0]!;
  await author.post('/api/forms/create_group', { name: 'Section A' });
  await author.post('/api/forms/assign_group', { multilistId: course._id, groupName: 'Section A' });
  await reader.post('/api/forms/join_group', { multilistId: course._id, groupName: 'Section A' });
  const on = { listId: course.lists[0]!._id, itemId: course.lists[0]!.items[0]!._id };
  for (const [spec, extra] of [
    [{ text: 'For Section A only', groupName: 'Section A' }, {}],
    [{ text: 'For me alone' }, { isPrivate: true }],
  ] as const) {
    const res = await reader.post('/api/forms/insert_note', { ...on, noteSpec: spec, ...extra });
    expect(res.statusCode, res.body).toBe(200);
  }
  const { db } = t.database;
  const [row] = await db.select().from(multilists).where(eq(multilists.id, course._id));
  const found = must(row, 'the course board');
  board = visibleBoard(found, await policyBoardOf(db, found));
  content = must((await boardContent(db, [found])).get(found.id), 'its content');
});
afterAll(async () => t.close());

const shown = { appVersion: 'PRODUCTION', device: 'desktop' } as const;
const texts = (viewer: Viewer) =>
  seenRowsOf(content, viewer, board, shown)
    .rows.map((r) => r.text)
    .filter((text) => text.startsWith('For '))
    .sort();

describe('what a viewer may see of one content', () => {
  it('is asked again for the same person with other groups or roles, and never handed across', () => {
    const demo = { username: 'demo', roles: [] };
    // Asked in turn, against the same content: each answer is the viewer's own.
    expect(texts(viewerOf({ username: 'reader', roles: [] }, ['Section A']))).toEqual(
      ['For Section A only', 'For me alone'].sort(),
    );
    expect(texts(viewerOf(demo))).toEqual([]);
    expect(texts(viewerOf(demo, ['Section A']))).toEqual(['For Section A only']);
    expect(texts(viewerOf(demo))).toEqual([]);
    expect(texts(viewerOf({ username: 'demo', roles: ['lbadmin'] }))).toEqual([
      'For Section A only',
    ]);
    expect(texts(viewerOf(demo))).toEqual([]);
    // The same viewer twice gets the same kept answer.
    const twice = viewerOf(demo, ['Section A']);
    expect(seenRowsOf(content, twice, board, shown)).toBe(seenRowsOf(content, twice, board, shown));
  });
});
