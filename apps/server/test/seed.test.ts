import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext } from './harness';
import { users } from '../src/db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('seed fixtures', () => {
  it('creates guest, admin, author and demo users in the four circles', async () => {
    const rows = await t.database.db.select().from(users);
    const by = Object.fromEntries(rows.map((u) => [u.username, u]));
    expect(by.guest).toMatchObject({ roles: ['guest'], fixture: true });
    expect(by.guest!.fields).toMatchObject({ phone: '{phone}' });
    expect(by.admin!.roles).toContain('lbadmin');
    expect(by.author!.roles).toContain('author');
    expect(by.demo!.roles).toContain('demo');
    expect(new Set(rows.map((u) => u.circle))).toEqual(
      new Set(['Alpha', 'Demos', 'Real', 'Feature Test']),
    );
    expect(rows.every((u) => !u.passwordHash || u.passwordHash.startsWith('scrypt$'))).toBe(true);
  });

  it('gives the admin home, privacy, terms-of-use and help boards, and the author a course by week, tip and prompt', async () => {
    const a = new Agent(t.app);
    await a.signInGuest();
    const res = await a.post('/api/dbload/load_multilists', {
      addresses: ['/admin/home;privacy;terms-of-use;help;author/course'],
    });
    const boards = res.json();
    expect(boards).toHaveLength(5);
    const course = boards[4];
    expect(course.lists.map((l: { title: string }) => l.title)).toEqual(['Week', 'Tip', 'Prompt']);
    // Each week lines up with its tip and prompt at the same index.
    const counts = course.lists.map((l: { items: unknown[] }) => l.items.length);
    expect(new Set(counts).size).toBe(1);
    const blockTypes = course.lists[0].items.flatMap((i: { blocks: { type: string }[] }) =>
      i.blocks.map((b) => b.type),
    );
    expect(blockTypes).toEqual(expect.arrayContaining(['video', 'audio', 'image']));
    const help = boards[3];
    expect(help.lists.map((l: { title: string }) => l.title)).toEqual([
      'Reading',
      'Annotating',
      'Searching',
      'Editing',
    ]);
  });
});
