/**
 * Every board call, as every role, against the policy table: a call is refused (401/403) exactly
 * when core/policy says the role may not take the call's action. A call added to BOARD_CALLS
 * without a sample body here fails the test, so none can slip in unchecked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_ACTIONS,
  ITEM_HANDLERS,
  NOTE_ACTIONS,
  can,
  canSite,
  itemActions,
  noteActions,
  remindMsg,
  type Multilist,
  type PolicyBoard,
} from '@listboard/core';
import { Agent, createTestApp, SEED_PASSWORD, type TestContext, type Refusal } from './harness';
import { BOARD_CALLS } from '../src/routes/board-calls';
import type { BoardCall } from '../src/routes/board-call';
import { mediaCalls } from '../src/routes/media-calls';
import { posterDeps } from '../src/routes/media';
import { createFileStore } from '../src/storage';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { SITE_CALLS } from '../src/routes/admin';

interface Fixture {
  board: Multilist;
  userIds: Record<string, string>;
  noteId: string;
  /** An item of list D the owner deleted, and a text of D's first item its edit replaced. */
  trashId: string;
  versionId: string;
}

const NO_LINK = (f: Fixture) => ({
  multilistId: f.board._id,
  platformId: '5f0c8f5e-3c1d-4e55-9a0b-2d6a1b7c9e01',
  resourceLinkId: 'no-such-link',
});

const SAMPLES: Record<string, (f: Fixture, me: string) => object> = {
  '/api/dbedit/edit_multilist': (f) => ({ multilistId: f.board._id, descText: 'changed' }),
  '/api/forms/delete_multilist': (f) => ({ multilistId: f.board._id }),
  '/api/forms/duplicate_multilist': (f) => ({ multilistId: f.board._id }),
  '/api/forms/reorder_lists': (f) => ({
    multilistId: f.board._id,
    listOrder: f.board.lists.map((l) => l._id),
  }),
  '/api/forms/insert_list': (f) => ({ multilistId: f.board._id, titleText: 'New' }),
  '/api/forms/import_list': (f) => ({
    multilistId: f.board._id,
    titleText: 'Imported',
    itemText: 'a\n\nb',
  }),
  '/api/forms/edit_list': (f) => ({ listId: f.board.lists[0]!._id, titleText: 'Renamed' }),
  '/api/forms/duplicate_list': (f) => ({
    multilistId: f.board._id,
    prevListId: f.board.lists[0]!._id,
  }),
  '/api/forms/remove_list': (f) => ({ listId: f.board.lists[2]!._id }),
  '/api/forms/move_list': (f) => ({ listId: f.board.lists[0]!._id, direction: 'right' }),
  '/api/forms/reverse_list': (f) => ({ listId: f.board.lists[0]!._id }),
  '/api/forms/insert_item': (f) => ({ listId: f.board.lists[0]!._id, text: 'new item' }),
  '/api/forms/edit_item': (f) => ({ itemId: f.board.lists[0]!.items[0]!._id, text: 'edited' }),
  '/api/forms/duplicate_item': (f) => ({ listId: f.board.lists[0]!._id, text: 'copy', index: 1 }),
  '/api/forms/delete_item': (f) => ({ itemId: f.board.lists[1]!.items[2]!._id }),
  '/api/forms/edit_item_labels': (f) => ({
    itemId: f.board.lists[0]!.items[1]!._id,
    labels: [{ name: 'a', value: '1' }],
  }),
  '/api/forms/move_item': (f) => ({ itemId: f.board.lists[0]!.items[0]!._id, direction: 'down' }),
  '/api/forms/move_item_to_list': (f) => ({
    itemId: f.board.lists[0]!.items[0]!._id,
    listId: f.board.lists[1]!._id,
  }),
  '/api/forms/set_item_range': (f) => ({ itemId: f.board.lists[0]!.items[0]!._id, end: 3 }),
  '/api/forms/insert_anno': (f) => ({
    listId: f.board.lists[0]!._id,
    itemId: f.board.lists[0]!.items[1]!._id,
    annoSpec: { text: 'a' },
  }),
  '/api/forms/insert_note': (f) => ({
    listId: f.board.lists[0]!._id,
    itemId: f.board.lists[0]!.items[1]!._id,
    noteSpec: { text: 'n' },
  }),
  '/api/forms/add_caption': (f) => ({ itemId: f.board.lists[0]!.items[0]!._id, text: 'caption' }),
  '/api/forms/email_an_item': (f) => ({
    email: 'friend@example.org',
    multilistId: f.board._id,
    listId: f.board.lists[0]!._id,
    itemId: f.board.lists[0]!.items[0]!._id,
  }),
  '/api/forms/set_note_status': (f) => ({ itemId: f.noteId, status: 'answered' }),
  '/api/forms/mark_helpful': (f) => ({ itemId: f.noteId, helpful: true }),
  '/api/forms/assign_group': (f) => ({ multilistId: f.board._id, groupName: 'Open Readers' }),
  '/api/forms/joinable_groups': (f) => ({ multilistId: f.board._id }),
  '/api/forms/join_group': (f) => ({ multilistId: f.board._id, groupName: 'Open Readers' }),
  '/api/forms/dump_multilists': (f) => ({ multilistId: f.board._id }),
  '/api/forms/dump_clips_list': (f) => ({ multilistId: f.board._id }),
  '/api/forms/export_board': (f) => ({ multilistId: f.board._id, format: 'md' }),
  '/api/forms/export_annotations': (f) => ({ multilistId: f.board._id, format: 'jsonld' }),
  '/api/forms/board_insight': (f) => ({ multilistId: f.board._id }),
  '/api/forms/remind_group': (f) => ({ multilistId: f.board._id, groupName: 'Open Readers' }),
  // The board is in no course: an allowed caller is told so (404), the others refused first.
  '/api/forms/board_grades': (f) => ({ multilistId: f.board._id }),
  '/api/forms/set_grade': (f) => ({ ...NO_LINK(f), userId: NO_LINK(f).platformId, score: 50 }),
  '/api/forms/set_grade_weights': (f) => ({ ...NO_LINK(f), weights: null }),
  '/api/forms/send_grades': (f) => NO_LINK(f),
  '/api/forms/sync_course_roster': (f) => NO_LINK(f),
  '/api/forms/import_annotations': (f) => ({
    multilistId: f.board._id,
    document: { '@context': 'http://www.w3.org/ns/anno.jsonld', type: 'AnnotationCollection' },
  }),
  '/api/forms/add_coauthor': (f) => ({
    title: f.board.title,
    owner: f.board.owner,
    username: 'demo',
  }),
  '/api/forms/remove_coauthor': (f) => ({
    title: f.board.title,
    owner: f.board.owner,
    username: 'coauthor1',
  }),
  '/api/forms/set_member': (f) => ({
    multilistId: f.board._id,
    username: 'demo',
    privileges: ['edit'],
  }),
  '/api/forms/board_password': (f) => ({ multilistId: f.board._id, password: 'x' }),
  '/api/display/update_multilistvs': (f, me) => ({
    query: { userId: f.userIds[me], multilistId: f.board._id },
    doc: { $set: { zoom: 2 } },
  }),
  '/api/display/update_listvs': (f, me) => ({
    query: { userId: f.userIds[me], listId: f.board.lists[0]!._id },
    doc: { $set: { zoom: 2 } },
  }),
  '/api/display/update_itemvs': (f, me) => ({
    query: { userId: f.userIds[me], itemId: f.board.lists[0]!.items[0]!._id },
    doc: { $set: { dim: true } },
  }),
  '/api/display/update_item': (f) => ({
    query: { _id: f.board.lists[0]!.items[0]!._id },
    doc: { $set: { bgcolor: 'red' } },
  }),
  '/api/display/update_block': (f) => ({
    query: { _id: f.board.lists[0]!.items[0]!.blocks[0]!._id },
    doc: { $set: { autoSeek: true } },
  }),
  // Media calls act on list B's video (item 0) and its text item (item 1), which no other
  // sample removes or re-parses.
  '/api/forms/add_media_marker': (f) => ({
    itemId: f.board.lists[1]!.items[0]!._id,
    title: 'm',
    description: '',
    timecode: '0:01',
  }),
  '/api/forms/edit_media_marker': (f) => ({
    itemId: f.board.lists[1]!.items[0]!._id,
    title: 'm2',
    description: 'd',
    timecode: '0:01',
  }),
  '/api/forms/delete_media_marker': (f) => ({
    itemId: f.board.lists[1]!.items[0]!._id,
    timecode: '0:01',
  }),
  '/api/forms/delete_all_media_markers': (f) => ({ itemId: f.board.lists[1]!.items[0]!._id }),
  '/api/forms/split_at_media_markers': (f) => ({
    itemId: f.board.lists[1]!.items[0]!._id,
    title: 'part',
    description: '',
  }),
  '/api/forms/add_text_marker': (f) => ({
    itemId: f.board.lists[1]!.items[1]!._id,
    title: 't',
    description: '',
    cursorIndex: 0,
    sentences: false,
  }),
  '/api/forms/update_text_marker': (f) => ({
    itemId: f.board.lists[1]!.items[1]!._id,
    title: 't2',
    description: 'd',
    cursorIndex: 0,
    sentences: false,
  }),
  '/api/forms/delete_text_marker': (f) => ({
    itemId: f.board.lists[1]!.items[1]!._id,
    cursorIndex: 0,
    sentences: false,
  }),
  '/api/forms/delete_all_text_markers': (f) => ({
    itemId: f.board.lists[1]!.items[1]!._id,
    sentences: true,
  }),
  '/api/forms/split_at_text_markers': (f) => ({
    itemId: f.board.lists[1]!.items[1]!._id,
    title: 'part',
    description: '',
    sentences: false,
  }),
  '/api/forms/update_block': (f) => ({
    query: { _id: f.board.lists[1]!.items[0]!.blocks[0]!._id },
    doc: { $set: { range: { start: 1, end: 2 } } },
  }),
  // A text item: the poster calls check permission first, then refuse it without running ffmpeg.
  '/api/forms/upload_block_posters': (f) => ({
    block: { _id: f.board.lists[1]!.items[1]!.blocks[0]!._id },
  }),
  '/api/forms/set_poster_frame': (f) => ({ itemId: f.board.lists[1]!.items[1]!._id }),
  // The Trash and previous texts act on list D, which no other sample touches.
  '/api/forms/list_trash': (f) => ({ multilistId: f.board._id }),
  '/api/forms/restore_from_trash': (f) => ({ trashId: f.trashId }),
  '/api/forms/list_item_versions': (f) => ({ itemId: f.board.lists[3]!.items[0]!._id }),
  '/api/forms/restore_item_version': (f) => ({
    itemId: f.board.lists[3]!.items[0]!._id,
    versionId: f.versionId,
  }),
};

const ROLES = [
  'guest',
  'reader',
  'contributor1',
  'member-none',
  'member-full',
  'coauthor1',
  'author',
  'admin',
] as const;

let t: TestContext;
/** Every call on an existing board: the board calls and the media calls. */
let calls: BoardCall[] = [];
const agents: Record<string, Agent> = {};
const userIds: Record<string, string> = {};
let boardN = 0;

beforeAll(async () => {
  t = await createTestApp();
  calls = [...BOARD_CALLS, ...mediaCalls(posterDeps(t.config, createFileStore(t.config)))];
  const hash = await hashPassword(SEED_PASSWORD);
  for (const username of ['contributor1', 'member-none', 'member-full', 'coauthor1']) {
    await t.database.db.insert(users).values({
      username,
      email: `${username}@example.org`,
      passwordHash: hash,
      roles: ['reader'],
    });
  }
  for (const role of ROLES) {
    const a = new Agent(t.app);
    if (role === 'author') {
      await a.signIn('author');
      await a.post('/api/forms/create_group', { name: 'Open Readers' });
    }
    if (role === 'guest') await a.signInGuest();
    else await a.signIn(role);
    agents[role] = a;
    userIds[role] = a.userId!;
  }
});
afterAll(async () => t.close());

/** A fresh board owned by author, shared with every kind of member, for one role's run. */
async function freshBoard(): Promise<{ fixture: Fixture; policy: PolicyBoard }> {
  const owner = agents.author!;
  const created = (
    await owner.post('/api/forms/insert_multilist', { titleText: `matrix ${++boardN}` })
  ).json();
  for (const title of ['A', 'B', 'C']) {
    await owner.post('/api/forms/insert_list', {
      multilistId: created.multilistId,
      titleText: title,
      itemText: '/media/lecture.webm ~ clip\n\ntwo\n\nthree',
    });
  }
  const base = { title: `matrix ${boardN}`, owner: 'author' };
  await owner.post('/api/forms/add_coauthor', { ...base, username: 'coauthor1' });
  await owner.post('/api/forms/add_coauthor', {
    ...base,
    username: 'contributor1',
    contributorOnly: true,
  });
  await owner.post('/api/forms/set_member', {
    multilistId: created.multilistId,
    username: 'member-none',
    privileges: [],
  });
  await owner.post('/api/forms/set_member', {
    multilistId: created.multilistId,
    username: 'member-full',
    privileges: ['edit', 'delete'],
  });
  await owner.post('/api/forms/assign_group', {
    multilistId: created.multilistId,
    groupName: 'Open Readers',
  });
  const before = (
    await owner.post('/api/dbload/load_multilists', { addresses: [`/author/${created.ptitle}`] })
  ).json()[0]!;
  const note = await agents.reader!.post('/api/forms/insert_note', {
    listId: before.lists[1]!._id,
    itemId: before.lists[1]!.items[0]!._id,
    noteSpec: { text: 'a reader note' },
  });
  await owner.post('/api/forms/insert_list', {
    multilistId: created.multilistId,
    titleText: 'D',
    itemText: 'kept\n\ndeleted',
  });
  const withD = (
    await owner.post('/api/dbload/load_multilists', { addresses: [`/author/${created.ptitle}`] })
  ).json()[0]!;
  const [kept, deleted] = withD.lists[3]!.items;
  await owner.post('/api/forms/edit_item', { itemId: kept!._id, text: 'kept, edited' });
  const versions = await owner.post('/api/forms/list_item_versions', { itemId: kept!._id });
  const trashed = await owner.post('/api/forms/delete_item', { itemId: deleted!._id });
  const board = (
    await owner.post('/api/dbload/load_multilists', { addresses: [`/author/${created.ptitle}`] })
  ).json()[0]!;
  return {
    fixture: {
      board,
      userIds,
      noteId: note.json().itemId,
      trashId: trashed.json().trashId,
      versionId: versions.json().versions[0]!._id,
    },
    policy: {
      owner: 'author',
      authors: ['coauthor1', 'contributor1'],
      contributors: ['contributor1'],
      members: [
        { username: 'member-none', privileges: [] },
        { username: 'member-full', privileges: ['edit', 'delete'] },
      ],
    },
  };
}

describe('role matrix', () => {
  it('has a sample body for every board call', () => {
    expect(calls.map((c) => c.path).filter((p) => !SAMPLES[p])).toEqual([]);
  });

  for (const role of ROLES) {
    it(`${role}: each call is allowed exactly when the policy allows it`, async () => {
      const { fixture, policy } = await freshBoard();
      const user = {
        username: role === 'guest' ? 'guest' : role,
        roles: role === 'guest' ? ['guest'] : role === 'admin' ? ['lbadmin', 'author'] : ['reader'],
      };
      if (role === 'author') user.roles = ['author'];
      // Destructive calls last, so earlier calls still find their targets.
      const order = [...calls].sort(
        (a, b) =>
          Number(a.path.includes('delete_multilist')) - Number(b.path.includes('delete_multilist')),
      );
      const mismatches: string[] = [];
      for (const call of order) {
        const res = await agents[role]!.post(call.path, SAMPLES[call.path]!(fixture, role));
        const allowed = can(user, policy, call.action, { appVersion: 'PRODUCTION' });
        const refused = res.statusCode === 401 || res.statusCode === 403;
        // The password call answers 403 for a wrong password; what matters is it ran the check.
        const passwordCheck =
          call.path.endsWith('board_password') &&
          res.json<Refusal>().error === 'The password you entered was incorrect.';
        // A reminder is its group's owner's to send: one the policy lets through is refused
        // after, in words of the group.
        const groupOwnerCheck =
          call.path.endsWith('remind_group') &&
          res.json<Refusal>().error === remindMsg.notOwner('Open Readers');
        if (allowed === refused && !passwordCheck && !groupOwnerCheck)
          mismatches.push(`${call.path} → ${res.statusCode} ${res.body.slice(0, 80)}`);
        expect(res.statusCode, call.path).toBeLessThan(500);
      }
      expect(mismatches).toEqual([]);
    });
  }
});

/**
 * The web enables an item's and a note's controls from the abilities served with the board
 * (itemActions, noteActions). Each control, used as each role, must do what it offered: an offered
 * control's call succeeds, and a control not offered is refused by the server.
 */
const CONTROL_CALLS: Record<string, (f: Fixture) => [string, object]> = {
  annotate: (f) => [
    '/api/forms/insert_anno',
    {
      listId: f.board.lists[0]!._id,
      itemId: f.board.lists[0]!.items[1]!._id,
      annoSpec: { text: 'a' },
    },
  ],
  edit: (f) => ['/api/forms/edit_item', { itemId: f.board.lists[0]!.items[1]!._id, text: 'e' }],
  label: (f) => [
    '/api/forms/edit_item_labels',
    { itemId: f.board.lists[0]!.items[1]!._id, labels: [{ name: 'a', value: '1' }] },
  ],
  duplicate: (f) => [
    '/api/forms/duplicate_item',
    {
      listId: f.board.lists[0]!._id,
      itemId: f.board.lists[0]!.items[1]!._id,
      text: 'two',
      index: 2,
    },
  ],
  insert: (f) => ['/api/forms/insert_item', { listId: f.board.lists[0]!._id, text: 'new' }],
  delete: (f) => ['/api/forms/delete_item', { itemId: f.board.lists[2]!.items[2]!._id }],
  reply: (f) => [
    '/api/forms/insert_note',
    {
      listId: f.board.lists[1]!._id,
      itemId: f.board.lists[1]!.items[0]!._id,
      noteSpec: { text: 'a reply', parentId: f.noteId },
    },
  ],
  answer: (f) => ['/api/forms/set_note_status', { itemId: f.noteId, status: 'answered' }],
  dismiss: (f) => ['/api/forms/set_note_status', { itemId: f.noteId, status: 'dismissed' }],
  helpful: (f) => ['/api/forms/mark_helpful', { itemId: f.noteId, helpful: true }],
};

describe('controls match the server', () => {
  for (const role of ROLES) {
    it(`${role}: the abilities served are the policy's, and each control does what it offers`, async () => {
      const { fixture, policy } = await freshBoard();
      const [served] = (
        await agents[role]!.post('/api/dbload/load_multilists', {
          addresses: [`/author/${fixture.board.ptitle}`],
        })
      ).json() as Multilist[];
      const user = {
        username: role === 'guest' ? 'guest' : role,
        roles: role === 'guest' ? ['guest'] : role === 'admin' ? ['lbadmin', 'author'] : ['reader'],
      };
      if (role === 'author') user.roles = ['author'];
      for (const action of BOARD_ACTIONS) {
        expect(served!.abilities[action], action).toBe(
          can(user, policy, action, { appVersion: 'PRODUCTION' }),
        );
      }
      const content = served!.lists[0]!.items[1]!;
      const note = served!.lists[1]!.items[0]!.notes.find((n) => n._id === fixture.noteId);
      expect(note, 'the reader note is public').toBeDefined();
      const offered = new Set<string>([
        ...itemActions(served!.abilities, content, { results: false }),
        ...noteActions(served!.abilities, note!),
        // Helpful is offered on another's note: asked as the caller (the note is the reader's).
        ...noteActions(served!.abilities, note!, user.username).filter((a) => a === 'helpful'),
      ]);
      // Spec section 6: contributors and readers get no edit buttons; a contributor replies, and
      // marks the reader's note helpful (its writer does not).
      if (role === 'contributor1') expect([...offered]).toEqual(['reply', 'helpful']);
      if (role === 'reader') expect([...offered]).toEqual(['reply']);
      // Earlier words are a note's writer's own, no board ability's (notes.test and the privacy
      // matrix check who reads them); the offer above is the board's, without a writer.
      const controls = [
        ...ITEM_HANDLERS.filter((h) => h !== 'visit'),
        ...NOTE_ACTIONS.filter((a) => a !== 'versions'),
      ];
      const mismatches: string[] = [];
      for (const control of new Set(controls)) {
        const [path, body] = CONTROL_CALLS[control]!(fixture);
        const res = await agents[role]!.post(path, body);
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (ok !== offered.has(control)) {
          mismatches.push(`${control}: offered ${offered.has(control)}, ${res.statusCode}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

/** Site calls (admin tools, users board), sent as each role; a victim account per run. */
const SITE_SAMPLES: Record<string, (victim: string) => object> = {
  '/api/admin/activity': () => ({ user: 'author', page: 0 }),
  '/api/admin/users': () => ({}),
  '/api/admin/deregister_user': (victim) => ({ username: victim }),
  '/api/display/users_online': () => ({}),
};

describe('site call matrix', () => {
  it('has a sample body for every site call', () => {
    expect(SITE_CALLS.map((c) => c.path).filter((p) => !SITE_SAMPLES[p])).toEqual([]);
  });

  for (const role of ROLES) {
    it(`${role}: each site call is allowed exactly when the policy allows it`, async () => {
      const victim = `victim-${role}`;
      await t.database.db.insert(users).values({ username: victim, roles: ['reader'] });
      const user = {
        username: role === 'guest' ? 'guest' : role,
        roles: role === 'guest' ? ['guest'] : role === 'admin' ? ['lbadmin', 'author'] : ['reader'],
      };
      const mismatches: string[] = [];
      for (const call of SITE_CALLS) {
        const res = await agents[role]!.post(call.path, SITE_SAMPLES[call.path]!(victim));
        const allowed = canSite(user, call.action);
        const refused = res.statusCode === 401 || res.statusCode === 403;
        if (allowed === refused) mismatches.push(`${call.path} → ${res.statusCode}`);
        if (allowed) expect(res.statusCode, call.path).toBe(200);
      }
      expect(mismatches).toEqual([]);
    });
  }
});
