/**
 * The course roster (NRPS) against the simulated platform: an instructor's launch reads the
 * roster in, with a service token the platform checks against the tool's published keys; every
 * active member gets an account, the course's group and a place on its boards before their
 * first launch, a paged roster is read to its end, and an inactive member, or one no longer on
 * it, leaves the group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import { boardMembers, groupMembers, groups, ltiContexts, users } from '../src/db/schema';
import { syncRoster } from '../src/services/lti/roster';
import { SCOPES } from '../src/services/lti/service-token';
import { Agent, createTestApp, ifStarted, type TestContext } from './harness';
import {
  launchAs,
  launchClaims,
  ROLE,
  startPlatform,
  TEACHER,
  type Person,
  type SimPlatform,
} from './lti-platform';

let t: TestContext;
let platform: SimPlatform;

const teacher = TEACHER;
const member = (sub: string, name: string, status = 'Active', role = ROLE.learner) => ({
  user_id: sub,
  status,
  name,
  email: `${sub}@x.edu`,
  roles: [role],
});

beforeAll(async () => {
  t = await createTestApp();
  platform = await startPlatform();
  const admin = new Agent(t.app);
  await admin.signIn('admin');
  expect((await admin.post('/api/lti/register_platform', platform.registration)).statusCode).toBe(
    200,
  );
  platform.services.toolKeys = (
    await t.app.inject({ method: 'GET', url: '/lti/jwks' })
  ).json<JSONWebKeySet>();
  platform.services.roster = [
    member('t-1', 'Ada Lovelace', 'Active', ROLE.instructor),
    member('s-1', 'Alan Turing'),
    member('s-2', 'Emmy Noether'),
    member('s-3', 'Kurt Goedel', 'Inactive'),
    member('s-4', 'Sofia Kovalevskaya'),
  ];
});
afterAll(async () => {
  await ifStarted(platform)?.close();
  await ifStarted(t)?.close();
});

const db = () => t.database.db;

async function waitForSync() {
  for (let i = 0; i < 100; i++) {
    const [row] = await db().select().from(ltiContexts).where(isNotNull(ltiContexts.rosterSynced));
    if (row) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the roster was not synced');
}

async function inGroup(username: string, groupId: string) {
  const [row] = await db()
    .select({ id: users.id })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(users.username, username), eq(groupMembers.groupId, groupId)));
  return row !== undefined;
}

describe('roster sync (NRPS)', () => {
  it("reads the whole roster in at the instructor's launch", async () => {
    await launchAs(t.app, platform, teacher, (n) => ({
      ...launchClaims(teacher, n),
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: `${platform.issuer}/nrps`,
        service_versions: ['2.0'],
      },
    }));
    const course = await waitForSync();
    expect(platform.services.tokenRequests).toEqual([SCOPES.roster]);
    expect(platform.services.calls.map((c) => c.path)).toEqual(['/nrps', '/nrps', '/nrps']);
    for (const name of ['alan.turing', 'emmy.noether', 'sofia.kovalevskaya'])
      expect(await inGroup(name, course.groupId), name).toBe(true);
    const [goedel] = await db().select().from(users).where(eq(users.username, 'kurt.goedel'));
    expect(goedel).toBeUndefined();
    const readers = await db()
      .select({ username: boardMembers.username })
      .from(boardMembers)
      .where(eq(boardMembers.kind, 'reader'));
    expect(readers.map((r) => r.username).sort()).toEqual([
      'alan.turing',
      'emmy.noether',
      'sofia.kovalevskaya',
    ]);
  });

  it('reads it again at most hourly, and a member marked inactive leaves the group', async () => {
    const [course] = await db().select().from(ltiContexts);
    const id = course?.id ?? '';
    expect(await syncRoster(db(), id, new Date())).toBeNull();
    platform.services.roster[2] = member('s-2', 'Emmy Noether', 'Inactive');
    expect(await syncRoster(db(), id, new Date(), true)).toEqual({ active: 3, left: 1 });
    expect(await inGroup('emmy.noether', course?.groupId ?? '')).toBe(false);
    expect(await inGroup('alan.turing', course?.groupId ?? '')).toBe(true);
    // The service token was kept, not asked for again.
    expect(platform.services.tokenRequests).toHaveLength(1);
  });

  it('a member no longer on the roster leaves the group; one back on it joins again', async () => {
    const [course] = await db().select().from(ltiContexts);
    const id = course?.id ?? '';
    const group = course?.groupId ?? '';
    const full = [...platform.services.roster];
    platform.services.roster = full.filter((m) => m.user_id !== 's-4');
    expect(await syncRoster(db(), id, new Date(), true)).toEqual({ active: 2, left: 1 });
    expect(await inGroup('sofia.kovalevskaya', group)).toBe(false);
    expect(await inGroup('alan.turing', group)).toBe(true);
    expect(await inGroup('ada.lovelace', group)).toBe(true);
    platform.services.roster = full;
    expect(await syncRoster(db(), id, new Date(), true)).toEqual({ active: 3, left: 0 });
    expect(await inGroup('sofia.kovalevskaya', group)).toBe(true);
  });

  it('a launched learner whose account the roster made is the same account', async () => {
    const turing: Person = {
      sub: 's-1',
      name: 'Alan Turing',
      email: 's-1@x.edu',
      role: ROLE.learner,
    };
    const before = await db().select({ id: users.id }).from(users);
    await launchAs(t.app, platform, turing);
    const after = await db().select({ id: users.id }).from(users);
    expect(after).toHaveLength(before.length);
  });

  it('gives the course’s instructors, on its board’s Insight, who of the roster has written nothing there yet; not an author who gives the course’s group to a board of their own', async () => {
    const instructor = new Agent(t.app);
    const { cookie, target } = await launchAs(t.app, platform, teacher);
    instructor.cookie = cookie;
    const [board] = (
      await instructor.post('/api/dbload/load_multilists', { addresses: [target] })
    ).json<{ _id: string; groups: string[] }[]>();
    const [course] = await db()
      .select({ name: groups.name })
      .from(ltiContexts)
      .innerJoin(groups, eq(groups.id, ltiContexts.groupId));
    type Roster = { members: number; yetToWrite: { username: string }[] } | null;
    const rosterOf = async (a: Agent, multilistId: string) => {
      const res = await a.post('/api/forms/board_insight', { multilistId });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ groups: { group: string; roster: Roster }[] }>()
        .groups.find((g) => g.group === course?.name)?.roster;
    };
    // The active learners, not the instructor (who answers the board's notes).
    const roster = await rosterOf(instructor, board?._id ?? '');
    expect(roster?.yetToWrite.map((m) => m.username)).toEqual([
      'alan.turing',
      'sofia.kovalevskaya',
    ]);
    expect(roster?.members).toBe(2);

    const author = new Agent(t.app);
    await author.signIn('author');
    const own = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Not that course' })
    ).json<{ multilistId: string }>();
    // The course's group is private: not the author's to give to a board of their own.
    const given = await author.post('/api/forms/assign_group', {
      multilistId: own.multilistId,
      groupName: course?.name,
    });
    expect(given.statusCode).toBe(404);
    expect(await rosterOf(author, own.multilistId)).toBeUndefined();
    const remind = await author.post('/api/forms/remind_group', {
      multilistId: own.multilistId,
      groupName: course?.name,
    });
    expect(remind.statusCode).toBe(400);
  });
});
