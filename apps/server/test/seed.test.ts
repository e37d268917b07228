import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext } from './harness';
import { and, eq } from 'drizzle-orm';
import { multilists, users } from '../src/db/schema';
import { seed } from '../src/seed/seed';

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
    const course = boards[4]!;
    expect(course.lists.map((l: { title: string }) => l.title)).toEqual(['Week', 'Tip', 'Prompt']);
    // Each week lines up with its tip and prompt at the same index.
    const counts = course.lists.map((l: { items: unknown[] }) => l.items.length);
    expect(new Set(counts).size).toBe(1);
    const blockTypes = course.lists[0]!.items.flatMap((i: { blocks: { type: string }[] }) =>
      i.blocks.map((b) => b.type),
    );
    expect(blockTypes).toEqual(expect.arrayContaining(['video', 'audio', 'image']));
    // The home board is read by guests and by everyone signed in: none of its words tells its
    // reader they are a guest.
    const homeWords = boards[0]!.lists.flatMap((l: { items: { text: string }[] }) =>
      l.items.map((i) => i.text),
    );
    expect(homeWords.join('\n')).toContain('Sign in to select items');
    expect(homeWords.join('\n')).not.toMatch(/you are (browsing )?as a \*\*guest/i);
    const help = boards[3]!;
    expect(help.lists.map((l: { title: string }) => l.title)).toEqual([
      'Reading',
      'Annotating',
      'Searching',
      'Editing',
    ]);
  });
});

describe('fixture users’ home boards', () => {
  it('are made at seed time, so a guest opens /demo before demo ever signs in', async () => {
    const guest = new Agent(t.app);
    await guest.signInGuest();
    const res = await guest.post('/api/dbload/load_multilists', {
      addresses: ['/demo/home;reader/home'],
    });
    const boards = res.json() as { owner: string; title: string; description: string }[];
    expect(boards.map((b) => `${b.owner}/${b.title}`)).toEqual(['demo/home', 'reader/home']);
    expect(boards[0]!.description).toBe('Demo Reader: home board.');
    // The seeded boards are not made again on a second seed, nor when their owner signs in.
    expect(await seed(t.database.db)).toEqual({ usersCreated: 0, boardsCreated: 0 });
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const [own] = (
      await demo.post('/api/dbload/load_multilists', { addresses: ['/demo/home'] })
    ).json() as { _id: string }[];
    const count = await t.database.db
      .select({ id: multilists.id })
      .from(multilists)
      .where(and(eq(multilists.owner, 'demo'), eq(multilists.ptitle, 'home')));
    expect(count.map((r) => r.id)).toEqual([own!._id]);
  });

  it('are not made for the shared guest account', async () => {
    const rows = await t.database.db
      .select({ id: multilists.id })
      .from(multilists)
      .where(eq(multilists.owner, 'guest'));
    expect(rows).toEqual([]);
  });
});
