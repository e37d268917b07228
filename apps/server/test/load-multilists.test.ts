import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext, type Refusal } from './harness';

let t: TestContext;
let guest: Agent;
beforeAll(async () => {
  t = await createTestApp();
  guest = new Agent(t.app);
  await guest.signInGuest();
});
afterAll(async () => t.close());

const load = (a: Agent, addresses: string[]) =>
  a.post('/api/dbload/load_multilists', { addresses });

describe('load_multilists', () => {
  it("returns the admin's root board with its lists, items and parsed blocks", async () => {
    const res = await load(guest, ['/admin/home']);
    expect(res.statusCode).toBe(200);
    const board = res.json()[0]!;
    expect(board).toMatchObject({ owner: 'admin', title: 'home', ptitle: 'home' });
    expect(board.lists.length).toBeGreaterThan(1);
    expect(board.lists.map((l: { index: number }) => l.index)).toEqual(
      board.lists.map((_: unknown, i: number) => i),
    );
    const first = board.lists[0]!.items[0]!;
    expect(first.text).toContain('Boards you can read');
    expect(first.blocks.length).toBeGreaterThan(0);
    expect(first.indexInBoard).toBe(0);
  });

  it('splits a chained address and keeps the order asked for', async () => {
    const res = await load(guest, ['/admin/home;help;author/course']);
    expect(
      res.json().map((b: { owner: string; ptitle: string }) => `${b.owner}/${b.ptitle}`),
    ).toEqual(['admin/home', 'admin/help', 'author/course']);
  });

  it('leaves missing boards out instead of failing', async () => {
    const res = await load(guest, ['/admin/home', '/admin/no-such-board', '/nobody/home']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });

  it('matches titles by their path title', async () => {
    const res = await load(guest, ['/admin/Terms-Of-Use']);
    expect(res.json()[0]?.title).toBe('terms-of-use');
  });

  it('tells a guest they cannot select or edit, and the owner that they can', async () => {
    const asGuest = (await load(guest, ['/author/course'])).json()[0]!;
    expect(asGuest.abilities).toMatchObject({ role: 'guest', select: false, edit: false });
    const author = new Agent(t.app);
    await author.signIn('author');
    const asOwner = (await load(author, ['/author/course'])).json()[0]!;
    expect(asOwner.abilities).toMatchObject({ role: 'author', select: true, edit: true });
  });

  it('rejects a malformed body with a clear 400, never a 500', async () => {
    const res = await guest.post('/api/dbload/load_multilists', { addresses: 'not-a-list' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/addresses/);
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/dbload/load_multilists',
      headers: { 'content-type': 'application/json', cookie: guest.cookie! },
      payload: '{"addresses": [',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json<Refusal>().error).toBeTruthy();
  });

  it('rejects an oversized body with 413', async () => {
    const res = await guest.post('/api/dbload/load_multilists', {
      addresses: ['x'.repeat(2 * 1024 * 1024)],
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('The request is too large.');
  });
});
