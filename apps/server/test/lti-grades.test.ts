/**
 * Grades (AGS) against the simulated platform: a graded link's first launch makes its line item
 * in the course's line items (or takes the one the platform names), and launches push scores
 * counted from the learner's notes, replies and words on the board.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import { ltiLinks, ltiPlatforms, multilists } from '../src/db/schema';
import type { LaunchClaims } from '../src/services/lti/claims';
import { pushScores } from '../src/services/lti/grades';
import { participationScore } from '../src/services/lti/participation';
import { SCOPES } from '../src/services/lti/service-token';
import { Agent, createTestApp, ifStarted, type TestContext } from './harness';
import {
  launchAs,
  launchClaims,
  noteAndReply,
  ROLE,
  startPlatform,
  TEACHER,
  type Person,
  type SimPlatform,
} from './lti-platform';

let t: TestContext;
let platform: SimPlatform;

const teacher = TEACHER;
const student: Person = { sub: 's-1', name: 'Alan Turing', email: 'al@x.edu', role: ROLE.learner };

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
});
afterAll(async () => {
  await ifStarted(platform)?.close();
  await ifStarted(t)?.close();
});

const db = () => t.database.db;
const graded =
  (person: Person, link = { id: 'graded-1', title: 'Sonnets' }, lineitem?: string) =>
  (nonce: string) => ({
    ...launchClaims(person, nonce, undefined, link),
    'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
      scope: [SCOPES.lineItems, SCOPES.scores],
      lineitems: `${platform.issuer}/lineitems`,
      ...(lineitem ? { lineitem } : {}),
    },
  });

async function until<T>(what: string, read: () => Promise<T | undefined> | T | undefined) {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`waited in vain for ${what}`);
}

const scores = () =>
  platform.services.calls
    .filter((c) => c.path.endsWith('/scores'))
    .map((c) => ({ path: c.path, ...(c.body as Record<string, unknown>) }));

describe('grades (AGS)', () => {
  it('weighs notes, replies and words, up to 100', () => {
    expect(participationScore({ notes: 1, replies: 1, words: 8 })).toBe(15.8);
    expect(participationScore({ notes: 20, replies: 0, words: 0 })).toBe(100);
  });

  it("makes the link's line item at the instructor's first launch", async () => {
    await launchAs(t.app, platform, teacher, graded(teacher));
    const link = await until('the line item', async () => {
      const [row] = await db()
        .select()
        .from(ltiLinks)
        .where(eq(ltiLinks.resourceLinkId, 'graded-1'));
      return row?.lineItemUrl ? row : undefined;
    });
    expect(link.lineItemUrl).toBe(`${platform.issuer}/lineitems/1`);
    const made = platform.services.calls.filter((c) => c.path === '/lineitems');
    expect(made).toHaveLength(1);
    expect(made[0]?.body).toMatchObject({
      scoreMaximum: 100,
      resourceLinkId: 'graded-1',
      label: 'Sonnets: participation',
      resourceId: link.multilistId,
    });
  });

  it("pushes a learner's participation at their launches", async () => {
    await launchAs(t.app, platform, student, graded(student));
    const first = await until('the first score', () => scores()[0]);
    expect(first).toMatchObject({
      path: '/lineitems/1/scores',
      userId: 's-1',
      scoreGiven: 0,
      scoreMaximum: 100,
      gradingProgress: 'FullyGraded',
    });

    // A note of six words and a reply of two, written on the board.
    await noteAndReply(db(), 'graded-1', { text: 'Why fourteen lines and not twelve?' });

    await launchAs(t.app, platform, student, graded(student));
    const second = await until('the second score', () => scores()[1]);
    expect(second).toMatchObject({
      userId: 's-1',
      scoreGiven: 15.8,
      comment: '1 note, 1 reply, 8 words',
    });
  });

  it("pushes every learner's score at an instructor's launch, with the same line item", async () => {
    await launchAs(t.app, platform, teacher, graded(teacher));
    const third = await until('the third score', () => scores()[2]);
    expect(third).toMatchObject({ userId: 's-1', scoreGiven: 15.8 });
    expect(platform.services.calls.filter((c) => c.path === '/lineitems')).toHaveLength(1);
  });

  it('weighs by the custom parameters the instructor set on the link', async () => {
    await launchAs(t.app, platform, student, (n) => ({
      ...graded(student)(n),
      'https://purl.imsglobal.org/spec/lti/claim/custom': {
        note_points: '50',
        reply_points: '0',
        word_points: 'not a number',
      },
    }));
    const fourth = await until('the fourth score', () => scores()[3]);
    // 1 note × 50 + 1 reply × 0 + 8 words × the default 0.1.
    expect(fourth).toMatchObject({ userId: 's-1', scoreGiven: 50.8 });
  });

  it('makes one line item when two first graded launches of a link push at once', async () => {
    const made = () => platform.services.calls.filter((c) => c.path === '/lineitems').length;
    const link = { id: 'graded-3', title: 'Elegies' };
    // The link's first launch, without grades: it has a board and no line item yet.
    await launchAs(t.app, platform, teacher, (n) => launchClaims(teacher, n, undefined, link));
    const before = made();
    // Its board's notes are due: the line item is made with the date, and not told it again.
    const notesDue = new Date('2031-05-02T16:00:00.000Z');
    const [placed] = await db().select().from(ltiLinks).where(eq(ltiLinks.resourceLinkId, link.id));
    await db()
      .update(multilists)
      .set({ notesDue })
      .where(eq(multilists.id, placed?.multilistId ?? ''));
    const [row] = await db().select().from(ltiPlatforms);
    const claims = {
      resourceLink: link,
      grades: {
        lineItems: `${platform.issuer}/lineitems`,
        lineItem: null,
        scopes: [SCOPES.lineItems, SCOPES.scores],
      },
    } as LaunchClaims;
    const launcher = { id: '', instructor: true };
    await Promise.all([
      pushScores(db(), row!, claims, launcher, new Date()),
      pushScores(db(), row!, claims, launcher, new Date()),
    ]);
    expect(made()).toBe(before + 1);
    const [linked] = await db().select().from(ltiLinks).where(eq(ltiLinks.resourceLinkId, link.id));
    expect(linked?.lineItemUrl).toBe(`${platform.issuer}/lineitems/${String(before + 1)}`);
    expect(
      platform.services.calls.filter((c) => c.path === '/lineitems').at(-1)?.body,
    ).toMatchObject({ endDateTime: notesDue.toISOString() });
    expect(platform.services.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('takes the line item the platform made for the link', async () => {
    const given = `${platform.issuer}/lineitems/77`;
    const before = platform.services.calls.filter((c) => c.path === '/lineitems').length;
    await launchAs(
      t.app,
      platform,
      teacher,
      graded(teacher, { id: 'graded-2', title: 'Odes' }, given),
    );
    const link = await until('the given line item', async () => {
      const [row] = await db()
        .select()
        .from(ltiLinks)
        .where(and(eq(ltiLinks.resourceLinkId, 'graded-2')));
      return row?.lineItemUrl ? row : undefined;
    });
    expect(link.lineItemUrl).toBe(given);
    expect(platform.services.calls.filter((c) => c.path === '/lineitems')).toHaveLength(before);
  });
});
