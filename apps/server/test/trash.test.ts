/**
 * Undo: every delete (item with its notes, note with its replies, list, board) goes to the
 * board's Trash and comes back whole from it, at its place; the Trash is its authors'; an item's
 * replaced texts can be given back. Each call leaves its audit row.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';
import { auditLog, itemVersions, trash } from '../src/db/schema';
import { ITEM_VERSIONS_KEPT } from '../src/services/boards/versions';

let t: TestContext;
let author: Agent;
let coauthor: Agent;
let reader: Agent;
let boardId: string;
let n = 0;

const load = async (a: Agent, ptitle: string): Promise<Multilist | undefined> =>
  (await a.post('/api/dbload/load_multilists', { addresses: [`/author/${ptitle}`] })).json<
    Multilist[]
  >()[0];
const texts = (b: Multilist | undefined, li = 0) => b?.lists[li]?.items.map((i) => i.text);

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode}: ${r.body}`);
  return r.json() as T;
}

/** A fresh board of the author's, shared with the coauthor, with lists of plain items. */
async function freshBoard(lists: Record<string, string[]>): Promise<Multilist> {
  const made = await ok<{ multilistId: string; ptitle: string }>(
    author.post('/api/forms/insert_multilist', { titleText: `Undo ${++n}` }),
  );
  for (const [title, its] of Object.entries(lists)) {
    await ok(
      author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: title,
        itemText: its.join('\n\n'),
      }),
    );
  }
  await ok(
    author.post('/api/forms/add_coauthor', {
      owner: 'author',
      title: made.ptitle,
      username: 'cora',
    }),
  );
  return (await load(author, made.ptitle))!;
}

/** The items a text search finds. */
const search = async (a: Agent, word: string) => {
  const res = await a.post('/api/dbload/load_search', {
    address: `/author/home?searchStr=${word}&by=text&users=all`,
  });
  const found = res.json<{ lists: { items: unknown[] }[] }>();
  return found.lists.flatMap((l) => l.items).length;
};

const audits = async (call: string, multilistId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.call, call), eq(auditLog.multilistId, multilistId)));

/** A new account, made by the admin, and signed in: `{name}-pass-1` its password. */
async function account(admin: Agent, name: string, role: 'reader' | 'author'): Promise<Agent> {
  await ok(
    admin.post('/api/auth/create_user', {
      username: name,
      password: `${name}-pass-1`,
      email: `${name}@example.org`,
      profile: { role, fullname: '' },
    }),
  );
  const agent = new Agent(t.app);
  await agent.signIn(name, `${name}-pass-1`);
  return agent;
}

beforeAll(async () => {
  t = await createTestApp({ EMAIL_VERIFICATION: 'off' });
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  const admin = new Agent(t.app);
  await admin.signIn('admin');
  coauthor = await account(admin, 'cora', 'reader');
  boardId = (await freshBoard({ Week: ['one'] }))._id;
});
afterAll(async () => t.close());

describe('an item and its notes', () => {
  it('goes to the Trash with readers’ notes, blocks, markers and previous texts, and comes back whole at its place', async () => {
    const b = await freshBoard({ Week: ['alpha', 'bravo qzundoitem', 'charlie'] });
    const item = b.lists[0]!.items[1]!;
    await ok(
      author.post('/api/forms/edit_item', { itemId: item._id, text: 'bravo qzundoitem\n\nsecond' }),
    );
    await ok(
      author.post('/api/forms/add_text_marker', {
        itemId: item._id,
        title: 'Start',
        description: '',
        cursorIndex: 0,
        sentences: false,
      }),
    );
    const note = (text: string, extra: object = {}) =>
      ok<{ itemId: string }>(
        reader.post('/api/forms/insert_note', {
          listId: b.lists[0]!._id,
          itemId: item._id,
          noteSpec: { text },
          ...extra,
        }),
      );
    const open = await note('a public question');
    await note('my own aside', { isPrivate: true });
    await ok(
      author.post('/api/forms/insert_note', {
        listId: b.lists[0]!._id,
        itemId: item._id,
        noteSpec: { text: 'an answer', parentId: open.itemId },
      }),
    );
    const before = (await load(reader, b.ptitle))!.lists[0]!.items[1]!;
    expect(before.notes.map((x) => x.text).sort()).toEqual([
      'a public question',
      'an answer',
      'my own aside',
    ]);

    const del = await ok<{ ok: true; trashId: string }>(
      author.post('/api/forms/delete_item', { itemId: item._id }),
    );
    expect(del.trashId).toMatch(/^[0-9a-f-]{36}$/);
    expect(texts(await load(author, b.ptitle))).toEqual(['alpha', 'charlie']);
    expect(await search(author, 'qzundoitem')).toBe(0);

    // The author sees the entry and the notes they may see: not the reader's private one.
    const listed = await ok<{ entries: Record<string, unknown>[] }>(
      author.post('/api/forms/list_trash', { multilistId: b._id }),
    );
    expect(listed.entries).toEqual([
      expect.objectContaining({
        _id: del.trashId,
        kind: 'item',
        title: 'bravo qzundoitem',
        author: 'author',
        deletedBy: 'author',
        notes: 2,
        items: 0,
      }),
    ]);

    const back = await ok<Record<string, unknown>>(
      author.post('/api/forms/restore_from_trash', { trashId: del.trashId }),
    );
    expect(back).toMatchObject({ kind: 'item', itemId: item._id, multilistId: b._id });
    const after = await load(reader, b.ptitle);
    expect(texts(after)).toEqual(['alpha', 'bravo qzundoitem\n\nsecond', 'charlie']);
    const restored = after!.lists[0]!.items[1]!;
    expect(restored._id).toBe(item._id);
    expect(restored.blocks.map((x) => x.text)).toEqual(['bravo qzundoitem', 'second']);
    expect(restored.blockMarkers).toHaveLength(1);
    expect(restored.notes.map((x) => x.text).sort()).toEqual(
      before.notes.map((x) => x.text).sort(),
    );
    expect(await search(author, 'qzundoitem')).toBe(1);
    const versions = await ok<{ versions: { text: string }[] }>(
      author.post('/api/forms/list_item_versions', { itemId: item._id }),
    );
    expect(versions.versions.map((v) => v.text)).toEqual(['bravo qzundoitem']);
    expect((await author.post('/api/forms/list_trash', { multilistId: b._id })).json()).toEqual({
      entries: [],
    });
    expect(await audits('/api/forms/delete_item', b._id)).toHaveLength(1);
    expect(await audits('/api/forms/restore_from_trash', b._id)).toHaveLength(1);
  });

  it('goes back to the nearest place left, and is refused while its list is gone', async () => {
    const b = await freshBoard({ Week: ['a', 'b', 'c', 'd'], Other: ['x'] });
    const [, , c, d] = b.lists[0]!.items;
    const gone = await ok<{ trashId: string }>(
      author.post('/api/forms/delete_item', { itemId: d!._id }),
    );
    await ok(author.post('/api/forms/delete_item', { itemId: c!._id }));
    await ok(author.post('/api/forms/restore_from_trash', { trashId: gone.trashId }));
    expect(texts(await load(author, b.ptitle))).toEqual(['a', 'b', 'd']);

    const x = b.lists[1]!.items[0]!;
    const item = await ok<{ trashId: string }>(
      author.post('/api/forms/delete_item', { itemId: x._id }),
    );
    const list = await ok<{ trashId: string }>(
      author.post('/api/forms/remove_list', { listId: b.lists[1]!._id }),
    );
    const refused = await author.post('/api/forms/restore_from_trash', { trashId: item.trashId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'The list this item was in has been deleted: put the list back first.',
    });
    await ok(author.post('/api/forms/restore_from_trash', { trashId: list.trashId }));
    await ok(author.post('/api/forms/restore_from_trash', { trashId: item.trashId }));
    const after = await load(author, b.ptitle);
    expect(after!.lists.map((l) => l.title)).toEqual(['Week', 'Other']);
    expect(texts(after, 1)).toEqual(['x']);
  });
});

describe('a list', () => {
  it('goes with its items and their notes, and comes back at its index', async () => {
    const b = await freshBoard({ A: ['a1'], B: ['b1', 'b2'], C: ['c1'] });
    await ok(
      reader.post('/api/forms/insert_note', {
        listId: b.lists[1]!._id,
        itemId: b.lists[1]!.items[0]!._id,
        noteSpec: { text: 'on b1' },
      }),
    );
    const del = await ok<{ trashId: string }>(
      author.post('/api/forms/remove_list', { listId: b.lists[1]!._id }),
    );
    expect((await load(author, b.ptitle))!.lists.map((l) => l.title)).toEqual(['A', 'C']);
    const listed = await ok<{ entries: Record<string, unknown>[] }>(
      coauthor.post('/api/forms/list_trash', { multilistId: b._id }),
    );
    expect(listed.entries).toEqual([
      expect.objectContaining({ kind: 'list', title: 'B', items: 2, deletedBy: 'author' }),
    ]);
    await ok(coauthor.post('/api/forms/restore_from_trash', { trashId: del.trashId }));
    const after = await load(reader, b.ptitle);
    expect(after!.lists.map((l) => l.title)).toEqual(['A', 'B', 'C']);
    expect(texts(after, 1)).toEqual(['b1', 'b2']);
    expect(after!.lists[1]!.items[0]!.notes.map((x) => x.text)).toEqual(['on b1']);
  });
});

describe('a note', () => {
  it('goes with the replies under it and comes back onto its item', async () => {
    const b = await freshBoard({ A: ['a1'] });
    const at = { listId: b.lists[0]!._id, itemId: b.lists[0]!.items[0]!._id };
    const root = await ok<{ itemId: string }>(
      reader.post('/api/forms/insert_note', { ...at, noteSpec: { text: 'why?' } }),
    );
    await ok(
      author.post('/api/forms/insert_note', {
        ...at,
        noteSpec: { text: 'because', parentId: root.itemId },
      }),
    );
    await ok(reader.post('/api/forms/insert_note', { ...at, noteSpec: { text: 'another' } }));
    const notes = async () =>
      (await load(reader, b.ptitle))!.lists[0]!.items[0]!.notes.map((x) => x.text).sort();
    const del = await ok<{ trashId: string }>(
      author.post('/api/forms/delete_item', { itemId: root.itemId }),
    );
    expect(await notes()).toEqual(['another']);
    const listed = await ok<{ entries: Record<string, unknown>[] }>(
      author.post('/api/forms/list_trash', { multilistId: b._id }),
    );
    expect(listed.entries).toEqual([
      expect.objectContaining({ kind: 'note', title: 'why?', author: 'reader', notes: 1 }),
    ]);
    await ok(author.post('/api/forms/restore_from_trash', { trashId: del.trashId }));
    expect(await notes()).toEqual(['another', 'because', 'why?']);
  });
});

describe('a board', () => {
  it('goes to its owner’s Trash whole and comes back, unless its address is taken', async () => {
    const b = await freshBoard({ A: ['a1 qzundoboard'], B: ['b1'] });
    await ok(
      reader.post('/api/forms/insert_note', {
        listId: b.lists[0]!._id,
        itemId: b.lists[0]!.items[0]!._id,
        noteSpec: { text: 'a note on a board that goes' },
      }),
    );
    const del = await ok<{ trashId: string }>(
      author.post('/api/forms/delete_multilist', { multilistId: b._id }),
    );
    expect(await load(author, b.ptitle)).toBeUndefined();
    expect(await search(author, 'qzundoboard')).toBe(0);
    // Its owner finds it in the Trash of any of their boards; a coauthor does not.
    const own = await ok<{ entries: Record<string, unknown>[] }>(
      author.post('/api/forms/list_trash', { multilistId: boardId }),
    );
    expect(own.entries).toContainEqual(
      expect.objectContaining({
        _id: del.trashId,
        kind: 'board',
        title: b.title,
        items: 2,
        address: `/author/${b.ptitle}`,
      }),
    );
    const theirs = await ok<{ entries: { _id: string }[] }>(
      coauthor.post('/api/forms/list_trash', { multilistId: boardId }),
    );
    expect(theirs.entries.map((e) => e._id)).not.toContain(del.trashId);
    const byCoauthor = await coauthor.post('/api/forms/restore_from_trash', {
      trashId: del.trashId,
    });
    expect(byCoauthor.statusCode).toBe(403);

    const squatter = await ok<{ multilistId: string }>(
      author.post('/api/forms/insert_multilist', { titleText: b.title }),
    );
    const taken = await author.post('/api/forms/restore_from_trash', { trashId: del.trashId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ error: string }>().error).toMatch(/^There is already a board at /);
    await ok(author.post('/api/forms/delete_multilist', { multilistId: squatter.multilistId }));

    await ok(author.post('/api/forms/restore_from_trash', { trashId: del.trashId }));
    const back = await load(reader, b.ptitle);
    expect(back!._id).toBe(b._id);
    expect(back!.lists.map((l) => l.title)).toEqual(['A', 'B']);
    expect(back!.lists[0]!.items[0]!.notes.map((x) => x.text)).toEqual([
      'a note on a board that goes',
    ]);
    expect(back!.authors).toContain('cora');
    expect(await search(author, 'qzundoboard')).toBe(1);
    expect(await audits('/api/forms/restore_from_trash', b._id)).toHaveLength(1);
  });
});

describe('each reader’s view', () => {
  it('comes back with what it was of: an item’s, a list’s, a board’s', async () => {
    const b = await freshBoard({ A: ['a1', 'a2'] });
    const list = b.lists[0]!;
    const item = list.items[0]!;
    const set = (call: string, query: object, $set: object) =>
      ok(reader.post(`/api/display/${call}`, { query, doc: { $set } }));
    await set('update_multilistvs', { userId: reader.userId, multilistId: b._id }, { zoom: 3 });
    await set('update_listvs', { userId: reader.userId, listId: list._id }, { zoom: 4 });
    await set('update_itemvs', { userId: reader.userId, itemId: item._id }, { dim: true });
    const seen = async () => {
      const r = await load(reader, b.ptitle);
      return [r?.viewstate, r?.lists[0]?.viewstate, r?.lists[0]?.items[0]?.viewstate];
    };
    const asSet = [{ zoom: 3 }, { zoom: 4 }, { dim: true }];
    expect(await seen()).toEqual(asSet);
    const undo = async (call: string, body: object) => {
      const { trashId } = await ok<{ trashId: string }>(author.post(`/api/forms/${call}`, body));
      await ok(author.post('/api/forms/restore_from_trash', { trashId }));
    };
    await undo('delete_item', { itemId: item._id });
    expect(await seen()).toEqual(asSet);
    await undo('remove_list', { listId: list._id });
    expect(await seen()).toEqual(asSet);
    await undo('delete_multilist', { multilistId: b._id });
    expect(await seen()).toEqual(asSet);

    // A reader whose account goes while the board is in the Trash: the board comes back, with
    // the others' views of it.
    const admin = new Agent(t.app);
    await admin.signIn('admin');
    const vale = await account(admin, 'vale', 'reader');
    await ok(
      vale.post('/api/display/update_multilistvs', {
        query: { userId: vale.userId, multilistId: b._id },
        doc: { $set: { zoom: 2 } },
      }),
    );
    const { trashId } = await ok<{ trashId: string }>(
      author.post('/api/forms/delete_multilist', { multilistId: b._id }),
    );
    await ok(admin.post('/api/admin/deregister_user', { username: 'vale' }));
    await ok(author.post('/api/forms/restore_from_trash', { trashId }));
    expect(await seen()).toEqual(asSet);
  });
});

describe('who may', () => {
  it('leaves the Trash to the board’s authors', async () => {
    const b = await freshBoard({ A: ['a1', 'a2'] });
    const del = await ok<{ trashId: string }>(
      author.post('/api/forms/delete_item', { itemId: b.lists[0]!.items[0]!._id }),
    );
    expect((await reader.post('/api/forms/list_trash', { multilistId: b._id })).statusCode).toBe(
      403,
    );
    expect(
      (await reader.post('/api/forms/restore_from_trash', { trashId: del.trashId })).statusCode,
    ).toBe(403);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await guest.post('/api/forms/list_trash', { multilistId: b._id })).statusCode).toBe(
      403,
    );
    const missing = await author.post('/api/forms/restore_from_trash', {
      trashId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await coauthor.post('/api/forms/restore_from_trash', { trashId: del.trashId })).statusCode,
    ).toBe(200);
  });

  it('shows a private item in the Trash to its writer only', async () => {
    const b = await freshBoard({ A: ['a1'] });
    const mine = await ok<{ itemId: string }>(
      author.post('/api/forms/insert_item', {
        listId: b.lists[0]!._id,
        text: 'qzprivatetrash',
        isPrivate: true,
      }),
    );
    const del = await ok<{ trashId: string }>(
      author.post('/api/forms/delete_item', { itemId: mine.itemId }),
    );
    expect((await author.post('/api/forms/list_trash', { multilistId: b._id })).body).toContain(
      'qzprivatetrash',
    );
    expect(
      (await coauthor.post('/api/forms/list_trash', { multilistId: b._id })).body,
    ).not.toContain('qzprivatetrash');
    const byCoauthor = await coauthor.post('/api/forms/restore_from_trash', {
      trashId: del.trashId,
    });
    expect(byCoauthor.statusCode).toBe(404);
    expect(byCoauthor.json()).toEqual({ error: 'Nothing in the Trash has that id.' });
  });

  it('takes an account’s Trash with the account', async () => {
    const admin = new Agent(t.app);
    await admin.signIn('admin');
    const tess = await account(admin, 'tess', 'author');
    const made = await ok<{ multilistId: string }>(
      tess.post('/api/forms/insert_multilist', { titleText: 'Gone soon' }),
    );
    await ok(tess.post('/api/forms/delete_multilist', { multilistId: made.multilistId }));
    const count = async () =>
      (await t.database.db.select().from(trash).where(eq(trash.owner, 'tess'))).length;
    expect(await count()).toBe(1);
    await ok(admin.post('/api/admin/deregister_user', { username: 'tess' }));
    expect(await count()).toBe(0);
  });
});

describe('previous texts', () => {
  it('keeps what each edit replaced, newest first, and gives one back', async () => {
    const b = await freshBoard({ A: ['first words'] });
    const item = b.lists[0]!.items[0]!;
    await ok(author.post('/api/forms/edit_item', { itemId: item._id, text: 'second words' }));
    await ok(coauthor.post('/api/forms/edit_item', { itemId: item._id, text: 'third words' }));
    const listed = await ok<{ versions: { _id: string; text: string; editedBy: string }[] }>(
      author.post('/api/forms/list_item_versions', { itemId: item._id }),
    );
    expect(listed.versions.map((v) => [v.text, v.editedBy])).toEqual([
      ['second words', 'cora'],
      ['first words', 'author'],
    ]);
    expect(
      (await reader.post('/api/forms/list_item_versions', { itemId: item._id })).statusCode,
    ).toBe(403);
    const first = listed.versions[1]!._id;
    await ok(
      author.post('/api/forms/restore_item_version', { itemId: item._id, versionId: first }),
    );
    expect(texts(await load(reader, b.ptitle))).toEqual(['first words']);
    const again = await ok<{ versions: { text: string }[] }>(
      author.post('/api/forms/list_item_versions', { itemId: item._id }),
    );
    expect(again.versions.map((v) => v.text)).toEqual([
      'third words',
      'second words',
      'first words',
    ]);
    expect(await audits('/api/forms/restore_item_version', b._id)).toHaveLength(1);
  });

  it(`keeps the last ${ITEM_VERSIONS_KEPT} only`, async () => {
    const b = await freshBoard({ A: ['v0'] });
    const itemId = b.lists[0]!.items[0]!._id;
    for (let i = 1; i <= ITEM_VERSIONS_KEPT + 3; i++)
      await ok(author.post('/api/forms/edit_item', { itemId, text: `v${i}` }));
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(itemVersions)
      .where(eq(itemVersions.itemId, itemId));
    expect(rows[0]!.n).toBe(ITEM_VERSIONS_KEPT);
    const listed = await ok<{ versions: { text: string }[] }>(
      author.post('/api/forms/list_item_versions', { itemId }),
    );
    expect(listed.versions[0]!.text).toBe(`v${ITEM_VERSIONS_KEPT + 2}`);
    expect(listed.versions.at(-1)!.text).toBe('v3');
  });
});
