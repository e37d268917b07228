import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;
let course: Multilist;
const load = async (a: Agent): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })).json()[0]!;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  demo = new Agent(t.app);
  await demo.signIn('demo');
  course = await load(author);
});
afterAll(async () => t.close());

describe('reader groups', () => {
  it('a board with no groups says so when someone tries to join', async () => {
    const res = await reader.post('/api/forms/joinable_groups', { multilistId: course._id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This board references no groups.');
  });

  it('only the board owner assigns a group', async () => {
    await author.post('/api/forms/create_group', {
      name: 'Section A',
      description: 'Tuesday seminar',
    });
    await author.post('/api/forms/create_group', { name: 'Staff', isPrivate: true });
    expect(
      (
        await reader.post('/api/forms/assign_group', {
          multilistId: course._id,
          groupName: 'Section A',
        })
      ).statusCode,
    ).toBe(403);
    await author.post('/api/forms/assign_group', {
      multilistId: course._id,
      groupName: 'Section A',
    });
    const staff = await author.post('/api/forms/assign_group', {
      multilistId: course._id,
      groupName: 'Staff',
    });
    expect(staff.json()).toEqual({
      groups: ['Section A', 'Staff'],
      name: 'Staff',
      isPrivate: true,
    });
    expect((await load(reader)).groups).toEqual(['Section A', 'Staff']);
  });

  it('a private group is given to a board only by its members: to anyone else it is not there', async () => {
    const own = (
      await reader.post('/api/forms/insert_multilist', { titleText: 'My reading log' })
    ).json<{ multilistId: string }>();
    const give = (groupName: string) =>
      reader.post('/api/forms/assign_group', { multilistId: own.multilistId, groupName });
    const refused = await give('staff');
    expect(refused.statusCode).toBe(404);
    // The same words as for a group never made: the refusal does not tell that it exists.
    expect(refused.json().error).toBe('No group named staff.');
    expect((await give('No Such Group')).json().error).toBe('No group named No Such Group.');
    const board = (
      await reader.post('/api/dbload/load_multilists', { addresses: ['/reader/my-reading-log'] })
    ).json<Multilist[]>()[0]!;
    expect(board.groups).toEqual([]);
    // An open group is anyone's to give; a private one once its owner has added the reader.
    expect((await give('Section A')).statusCode).toBe(200);
    await author.post('/api/forms/add_group_member', { groupName: 'Staff', username: 'reader' });
    const given = await give('Staff');
    expect(given.statusCode).toBe(200);
    expect(given.json()).toEqual({
      groups: ['Section A', 'Staff'],
      name: 'Staff',
      isPrivate: true,
    });
    await author.post('/api/forms/remove_group_member', { groupName: 'Staff', username: 'reader' });
  });

  it('readers are offered open groups and the private ones they are already in', async () => {
    const offered = (
      await reader.post('/api/forms/joinable_groups', { multilistId: course._id })
    ).json();
    expect(offered.map((g: { name: string }) => g.name)).toEqual(['Section A']);
    expect(
      (await reader.post('/api/forms/join_group', { multilistId: course._id, groupName: 'Staff' }))
        .statusCode,
    ).toBe(403);
    await reader.post('/api/forms/join_group', { multilistId: course._id, groupName: 'Section A' });
    expect(
      (await reader.post('/api/forms/my_groups', {})).json().map((g: { name: string }) => g.name),
    ).toEqual(['Section A']);
    await author.post('/api/forms/add_group_member', { groupName: 'Staff', username: 'demo' });
    const demoOffered = (
      await demo.post('/api/forms/joinable_groups', { multilistId: course._id })
    ).json();
    expect(demoOffered.map((g: { name: string }) => g.name).sort()).toEqual(['Section A', 'Staff']);
  });

  it('tells a group’s owner how many are in it, and its other members nothing of the kind', async () => {
    const counts = async (a: Agent) =>
      (await a.post('/api/forms/my_groups', {}))
        .json()
        .map((g: { name: string; members: number | null }) => [g.name, g.members]);
    // The author made both (and is in them); the reader joined Section A, demo was added to Staff.
    expect(await counts(author)).toEqual([
      ['Section A', 2],
      ['Staff', 2],
    ]);
    expect(await counts(reader)).toEqual([['Section A', null]]);
    expect(await counts(demo)).toEqual([['Staff', null]]);
  });

  it('only the group owner adds members by name', async () => {
    const res = await reader.post('/api/forms/add_group_member', {
      groupName: 'Staff',
      username: 'reader',
    });
    expect(res.statusCode).toBe(403);
  });

  it('a group note is seen by the group and the board’s authors, not by other readers', async () => {
    const tip = course.lists[1]!.items[1]!;
    const res = await reader.post('/api/forms/insert_note', {
      listId: course.lists[1]!._id,
      itemId: tip._id,
      noteSpec: { text: 'for section A', groupName: 'Section A' },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().itemId;
    const sees = async (a: Agent) =>
      (await load(a)).lists[1]!.items[1]!.notes.some((n) => n._id === id);
    expect(await sees(reader)).toBe(true);
    expect(await sees(author)).toBe(true);
    expect(await sees(demo)).toBe(false);
    await demo.post('/api/forms/join_group', { multilistId: course._id, groupName: 'Section A' });
    expect(await sees(demo)).toBe(true);
    const notMember = new Agent(t.app);
    await notMember.signIn('admin');
    const denied = await notMember.post('/api/forms/insert_note', {
      listId: course.lists[1]!._id,
      itemId: tip._id,
      noteSpec: { text: 'x', groupName: 'Staff' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('one who leaves a group no longer reads its notes nor posts to it; its owner stays in it', async () => {
    const tip = course.lists[1]!.items[1]!;
    const posted = await reader.post('/api/forms/insert_note', {
      listId: course.lists[1]!._id,
      itemId: tip._id,
      noteSpec: { text: 'section A only', groupName: 'Section A' },
    });
    const id = posted.json().itemId;
    const sees = async (a: Agent) =>
      (await load(a)).lists[1]!.items[1]!.notes.some((n) => n._id === id);
    expect(await sees(demo)).toBe(true);
    const left = await demo.post('/api/forms/leave_group', { groupName: 'section a' });
    expect(left.statusCode).toBe(200);
    expect(left.json().groups).not.toContain('Section A');
    expect(await sees(demo)).toBe(false);
    const toGroup = await demo.post('/api/forms/insert_note', {
      listId: course.lists[1]!._id,
      itemId: tip._id,
      noteSpec: { text: 'after leaving', groupName: 'Section A' },
    });
    expect([toGroup.statusCode, toGroup.json().error]).toEqual([
      403,
      'You are not a member of the group Section A. Choose where your notes go with Annotate → Post notes to a group.',
    ]);
    // Leaving again, a group one never joined, one that is not there, one's own group.
    const again = await demo.post('/api/forms/leave_group', { groupName: 'Section A' });
    expect([again.statusCode, again.json().error]).toEqual([400, 'You are not in Section A.']);
    const none = await demo.post('/api/forms/leave_group', { groupName: 'Nowhere' });
    expect(none.statusCode).toBe(404);
    const own = await author.post('/api/forms/leave_group', { groupName: 'Section A' });
    expect([own.statusCode, own.json().error]).toEqual([
      403,
      'You own Section A, so you stay in it: its notes go to you and its members.',
    ]);
    expect(await sees(author)).toBe(true);
    // Joining again gives the group's notes back.
    await demo.post('/api/forms/join_group', { multilistId: course._id, groupName: 'Section A' });
    expect(await sees(demo)).toBe(true);
    const anonymous = await new Agent(t.app).post('/api/forms/leave_group', {
      groupName: 'Section A',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('out of a group, a board whose notes went to it sends them to no group', async () => {
    const chosen = async (a: Agent) => (await load(a)).viewstate.selectedGroup ?? null;
    for (const a of [demo, reader]) {
      const set = await a.post('/api/display/update_multilistvs', {
        query: { userId: a.userId, multilistId: course._id },
        doc: { $set: { selectedGroup: 'Section A', zoom: 2 } },
      });
      expect(set.statusCode).toBe(200);
    }
    // demo leaves; reader is taken out by the group's owner: neither board sends there now,
    // and the rest of what each kept of the board stays.
    await demo.post('/api/forms/leave_group', { groupName: 'Section A' });
    expect(await chosen(demo)).toBeNull();
    expect((await load(demo)).viewstate.zoom).toBe(2);
    expect(await chosen(reader)).toBe('Section A');
    await author.post('/api/forms/remove_group_member', {
      groupName: 'Section A',
      username: 'reader',
    });
    expect(await chosen(reader)).toBeNull();
    for (const a of [demo, reader])
      await a.post('/api/forms/join_group', { multilistId: course._id, groupName: 'Section A' });
  });

  it('a group’s owner sees its members and takes one out, who then reads none of its notes', async () => {
    const members = (await author.post('/api/forms/group_members', {})).json();
    const sectionA = members.find((g: { name: string }) => g.name === 'Section A');
    expect(sectionA!.members.map((m: { username: string }) => m.username)).toEqual([
      'author',
      'demo',
      'reader',
    ]);
    // Only the groups one owns, and only to their owner.
    expect((await reader.post('/api/forms/group_members', {})).json()).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ name: 'Section A' })]),
    );
    const byReader = await reader.post('/api/forms/remove_group_member', {
      groupName: 'Section A',
      username: 'demo',
    });
    expect(byReader.statusCode).toBe(403);
    const tip = course.lists[1]!.items[1]!;
    const id = (
      await reader.post('/api/forms/insert_note', {
        listId: course.lists[1]!._id,
        itemId: tip._id,
        noteSpec: { text: 'section A, before demo went', groupName: 'Section A' },
      })
    ).json().itemId;
    const sees = async (a: Agent) =>
      (await load(a)).lists[1]!.items[1]!.notes.some((n) => n._id === id);
    expect(await sees(demo)).toBe(true);
    const removed = await author.post('/api/forms/remove_group_member', {
      groupName: 'Section A',
      username: 'demo',
    });
    expect(removed.json()).toEqual({ name: 'Section A', members: 2 });
    expect(await sees(demo)).toBe(false);
    const refusals = await Promise.all(
      [
        { groupName: 'Section A', username: 'demo' },
        { groupName: 'Section A', username: 'author' },
        { groupName: 'Section A', username: 'nobody-here' },
      ].map(async (body) => {
        const res = await author.post('/api/forms/remove_group_member', body);
        return [res.statusCode, res.json().error];
      }),
    );
    expect(refusals).toEqual([
      [400, 'demo is not in Section A.'],
      [403, 'You own Section A, so you stay in it: its notes go to you and its members.'],
      [404, 'Not a registered user: nobody-here'],
    ]);
  });
});

describe('group names', () => {
  it('takes spaces inside a group’s name as one, so two names that look alike are one name', async () => {
    const made = await reader.post('/api/forms/create_group', { name: '  Reading   Circle  ' });
    expect(made.statusCode).toBe(200);
    expect(made.json().name).toBe('Reading Circle');
    const again = await reader.post('/api/forms/create_group', { name: 'Reading\tCircle' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A group named Reading Circle already exists.');
  });
});

describe('a group named as typed', () => {
  it('is found whatever the case and the spaces of the name typed: assigned, joined and given members by it', async () => {
    await author.post('/api/forms/create_group', { name: 'Thursday Lab' });
    const board = course;
    const assigned = await author.post('/api/forms/assign_group', {
      multilistId: board._id,
      groupName: '  thursday   LAB ',
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().groups).toContain('Thursday Lab');
    // The group as it is named, and that it is open: the author's join link is for it.
    expect(assigned.json()).toMatchObject({ name: 'Thursday Lab', isPrivate: false });
    expect((await load(reader)).groups.filter((g) => /thursday/i.test(g))).toEqual([
      'Thursday Lab',
    ]);
    const again = await author.post('/api/forms/assign_group', {
      multilistId: board._id,
      groupName: 'THURSDAY LAB',
    });
    expect(again.json().groups.filter((g: string) => /thursday/i.test(g))).toEqual([
      'Thursday Lab',
    ]);
    const joined = await demo.post('/api/forms/join_group', {
      multilistId: board._id,
      groupName: 'thursday lab',
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().groups).toContain('Thursday Lab');
    const added = await author.post('/api/forms/add_group_member', {
      groupName: 'thursday\tlab',
      username: 'reader',
    });
    expect(added.json()).toEqual({ name: 'Thursday Lab', members: 3 });
    const none = await author.post('/api/forms/assign_group', {
      multilistId: board._id,
      groupName: 'Thursday  Labs',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('No group named Thursday Labs.');
    // An accent written as a letter and a mark, or an invisible space: the same name.
    const cafe = await author.post('/api/forms/create_group', { name: 'Caf\u00e9 Club' });
    expect(cafe.statusCode).toBe(200);
    for (const name of ['Cafe\u0301 Club', 'Caf\u00e9 Club\u200b'])
      expect((await author.post('/api/forms/create_group', { name })).statusCode, name).toBe(409);
  });
});
