/**
 * Sharing a board, as the Share form does it: add_coauthor (coauthor or contributor-only),
 * set_member (editor with privileges), remove_coauthor. One role per person; only the owner
 * shares, and only the owner is sent who edits with which privileges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let demo: Agent;
let reader: Agent;
let admin: Agent;
let boardId: string;
const where = { title: 'Shared Walks', owner: 'author' };

const load = async (a: Agent): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: ['/author/shared-walks'] })).json()[0]!;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  demo = new Agent(t.app);
  await demo.signIn('demo');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  admin = new Agent(t.app);
  await admin.signIn('admin');
  const made = await author.post('/api/forms/insert_multilist', { titleText: 'Shared Walks' });
  boardId = made.json().multilistId;
});
afterAll(async () => t.close());

describe('sharing a board', () => {
  it('gives each person one role: the last share wins', async () => {
    const shared = await author.post('/api/forms/add_coauthor', { ...where, username: 'demo' });
    expect(shared.json()).toEqual({ message: 'Board shared with user demo' });
    expect((await load(demo)).abilities.role).toBe('author');

    // Made an editor: the coauthorship gives way.
    // Each privilege counts once, however often it is sent.
    const member = await author.post('/api/forms/set_member', {
      multilistId: boardId,
      username: 'demo',
      privileges: ['edit', 'edit', 'edit'],
    });
    expect(member.statusCode, member.body).toBe(200);
    let board = await load(author);
    expect(board.authors).toEqual([]);
    expect(board.members).toEqual([{ username: 'demo', privileges: ['edit'] }]);
    const asDemo = await load(demo);
    expect(asDemo.abilities).toMatchObject({ role: 'editor', edit: true, delete: false });

    // Made a contributor-only coauthor: the membership gives way.
    await author.post('/api/forms/add_coauthor', {
      ...where,
      username: 'demo',
      contributorOnly: true,
    });
    board = await load(author);
    expect(board.members).toEqual([]);
    expect(board.contributors).toEqual(['demo']);
    expect((await load(demo)).abilities).toMatchObject({ role: 'contributor', edit: false });

    // And a full coauthor again.
    await author.post('/api/forms/add_coauthor', { ...where, username: 'demo' });
    board = await load(author);
    expect(board).toMatchObject({ authors: ['demo'], contributors: [], members: [] });
  });

  it('unshares a person whatever their role', async () => {
    await author.post('/api/forms/set_member', {
      multilistId: boardId,
      username: 'reader',
      privileges: ['edit', 'delete'],
    });
    expect((await load(reader)).abilities.role).toBe('editor');
    const removed = await author.post('/api/forms/remove_coauthor', {
      ...where,
      username: 'reader',
    });
    expect(removed.json()).toEqual({ message: 'Board unshared with user reader' });
    expect((await load(reader)).abilities.role).toBe('reader');
    expect((await load(author)).members).toEqual([]);
    const again = await author.post('/api/forms/remove_coauthor', {
      ...where,
      username: 'reader',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(
      'Oops. There was a problem removing that user from this board: reader',
    );
  });

  it('never shares with the guest account or the owner, nor with nobody', async () => {
    for (const res of [
      await author.post('/api/forms/add_coauthor', { ...where, username: 'guest' }),
      await author.post('/api/forms/set_member', {
        multilistId: boardId,
        username: 'guest',
        privileges: ['edit'],
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Not a registered user: guest');
    }
    const nobody = await author.post('/api/forms/add_coauthor', { ...where, username: 'nobody' });
    expect(nobody.json().error).toBe('Not a registered user: nobody');
    for (const res of [
      await author.post('/api/forms/add_coauthor', { ...where, username: 'author' }),
      await author.post('/api/forms/set_member', {
        multilistId: boardId,
        username: 'author',
        privileges: [],
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('author already owns this board.');
    }
  });

  it('is the owner’s alone: a coauthor, a site admin and a reader are refused', async () => {
    for (const who of [demo, admin, reader]) {
      const calls = [
        await who.post('/api/forms/add_coauthor', { ...where, username: 'reader' }),
        await who.post('/api/forms/remove_coauthor', { ...where, username: 'demo' }),
        await who.post('/api/forms/set_member', {
          multilistId: boardId,
          username: 'reader',
          privileges: ['edit'],
        }),
      ];
      expect(calls.map((r) => r.statusCode)).toEqual([403, 403, 403]);
      expect(calls[0]!.json().error).toBe('You must be the document owner to add a coauthor.');
    }
    expect((await load(author)).authors).toEqual(['demo']);
  });

  it('sends who edits with which privileges to the owner only', async () => {
    await author.post('/api/forms/set_member', {
      multilistId: boardId,
      username: 'reader',
      privileges: ['delete'],
    });
    expect((await load(author)).members).toEqual([{ username: 'reader', privileges: ['delete'] }]);
    for (const who of [demo, reader, admin]) expect((await load(who)).members).toBeUndefined();
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await load(guest)).members).toBeUndefined();
  });
});
