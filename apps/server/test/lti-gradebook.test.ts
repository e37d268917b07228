/**
 * The Course grades page's calls against the simulated platform: the board's instructor reads
 * each learner's participation and counted score, overrides one (with a comment), sets the
 * weights (which then win over the link's custom parameters), sends every score at once and
 * reads the roster again on demand. A learner may not; a link of another board is not found;
 * a platform that is down or grants nothing is said plainly; no note's words ever leave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import type { CourseLink } from '@listboard/core/api/contracts/lti';
import { items, lists, ltiLinks, multilists } from '../src/db/schema';
import { SCOPES } from '../src/services/lti/service-token';
import { Agent, createTestApp, ifStarted, type TestContext } from './harness';
import {
  launchAs,
  launchClaims,
  login,
  noteAndReply,
  postForm,
  ROLE,
  startPlatform,
  TEACHER,
  type Person,
  type SimPlatform,
} from './lti-platform';

let t: TestContext;
let platform: SimPlatform;
let teacher: Agent;
let learner: Agent;
let boardId = '';
let noted = { listId: '', itemId: '' };

const student: Person = { sub: 's-1', name: 'Alan Turing', email: 'al@x.edu', role: ROLE.learner };
const SECRET = 'qzprivatewords';
const LINK = { id: 'graded-1', title: 'Sonnets' };

const graded =
  (person: Person, link = LINK, custom: Record<string, string> = {}) =>
  (nonce: string) => ({
    ...launchClaims(person, nonce, undefined, link),
    'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
      scope: [SCOPES.lineItems, SCOPES.scores],
      lineitems: `${platform.issuer}/lineitems`,
    },
    'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
      context_memberships_url: `${platform.issuer}/nrps`,
      service_versions: ['2.0'],
    },
    'https://purl.imsglobal.org/spec/lti/claim/custom': custom,
  });

const db = () => t.database.db;
const scores = () =>
  platform.services.calls
    .filter((c) => c.path.endsWith('/scores'))
    .map((c) => c.body as Record<string, unknown>);

async function until<T>(what: string, read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`waited in vain for ${what}`);
}

/** Waits until the work a launch leaves running (roster, scores) has reached the platform. */
async function settled() {
  let seen = -1;
  for (let i = 0; i < 100 && seen !== platform.services.calls.length; i++) {
    seen = platform.services.calls.length;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const ref = () => ({ multilistId: boardId, platformId: '', resourceLinkId: LINK.id });

async function gradesPage(agent: Agent = teacher): Promise<CourseLink[]> {
  const res = await agent.post('/api/forms/board_grades', { multilistId: boardId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ links: CourseLink[] }>().links;
}

beforeAll(async () => {
  // Scores follow a learner's writes after 0.3 s here (a minute by default).
  t = await createTestApp({ LTI_SCORE_DELAY: '0.3' });
  platform = await startPlatform();
  const admin = new Agent(t.app);
  await admin.signIn('admin');
  const registered = await admin.post('/api/lti/register_platform', platform.registration);
  expect(registered.statusCode).toBe(200);
  platform.services.toolKeys = (
    await t.app.inject({ method: 'GET', url: '/lti/jwks' })
  ).json<JSONWebKeySet>();
  platform.services.roster = [
    { user_id: 't-1', status: 'Active', name: 'Ada Lovelace', roles: [ROLE.instructor] },
    { user_id: 's-1', status: 'Active', name: 'Alan Turing', roles: [ROLE.learner] },
  ];
  teacher = new Agent(t.app);
  teacher.cookie = (await launchAs(t.app, platform, TEACHER, graded(TEACHER))).cookie;
  learner = new Agent(t.app);
  learner.cookie = (await launchAs(t.app, platform, student, graded(student))).cookie;
  await until("the learner's first score", () => scores().find((x) => x.userId === 's-1'));
  await settled();
  // A private note of three words and a reply of two, by the learner.
  const written = await noteAndReply(db(), LINK.id, {
    text: `Only mine: ${SECRET}`,
    isPrivate: true,
  });
  boardId = written.boardId;
  noted = { listId: written.listId, itemId: written.itemId };
});
afterAll(async () => {
  await ifStarted(platform)?.close();
  await ifStarted(t)?.close();
});

/** The learner Alan Turing's row on the page. */
const alan = async () =>
  (await gradesPage())[0]!.learners.find((l) => l.username === 'alan.turing')!;

/** Sets the link's weights on the page (null: the course site's again), expecting success. */
const weighing = (platformId: string) => async (weights: Record<string, number> | null) =>
  expect(
    (await teacher.post('/api/forms/set_grade_weights', { ...ref(), platformId, weights }))
      .statusCode,
  ).toBe(200);

describe('the Course grades page', () => {
  it("shows the instructor each learner's counts and counted score, never a note's words", async () => {
    const res = await teacher.post('/api/forms/board_grades', { multilistId: boardId });
    expect(res.body).not.toContain(SECRET);
    const [link] = await gradesPage();
    expect(link).toMatchObject({
      resourceLinkId: LINK.id,
      title: 'Sonnets',
      course: 'Poetry 101',
      weightsFrom: 'default',
      weights: { note: 10, reply: 5, word: 0.1, late: 100 },
      graded: true,
      roster: true,
      scoreMaximum: 100,
    });
    expect(link?.learners).toEqual([
      expect.objectContaining({
        username: 'alan.turing',
        fullname: 'Alan Turing',
        notes: 1,
        replies: 1,
        words: 5,
        counted: 15.5,
        override: null,
      }),
    ]);
  });

  it('is refused to a learner, and a link of another board is not found', async () => {
    const asked = await learner.post('/api/forms/board_grades', { multilistId: boardId });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ error: 'You may not see the course grades of this board.' });
    const platformId = (await gradesPage())[0]?.platformId ?? '';
    const unknown = await teacher.post('/api/forms/send_grades', {
      ...ref(),
      platformId,
      resourceLinkId: 'no-such-link',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'This board has no such course link.' });
    const byLearner = await learner.post('/api/forms/set_grade', {
      ...ref(),
      platformId,
      userId: learner.userId ?? '00000000-0000-4000-8000-000000000000',
      score: 100,
    });
    expect(byLearner.statusCode).toBe(403);
  });

  it("sends an instructor's override, with its comment, in place of the counted score", async () => {
    const [link] = await gradesPage();
    const who = link?.learners[0];
    const set = await teacher.post('/api/forms/set_grade', {
      ...ref(),
      platformId: link?.platformId ?? '',
      userId: who?.userId ?? '',
      score: 92,
      comment: 'Led the discussion in class.',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().learner).toMatchObject({ override: 92, counted: 15.5 });
    const before = scores().length;
    const sent = await teacher.post('/api/forms/send_grades', {
      ...ref(),
      platformId: link?.platformId ?? '',
    });
    expect(sent.json()).toEqual({ sent: 1 });
    expect(scores().slice(before)).toEqual([
      expect.objectContaining({
        userId: 's-1',
        scoreGiven: 92,
        comment: 'Led the discussion in class.',
      }),
    ]);
    const [after] = await gradesPage();
    expect(after?.learners[0]).toMatchObject({ override: 92, sentScore: 92 });
    expect(after?.learners[0]?.sent).toBeTruthy();
    // Cleared, the counted score goes again.
    const cleared = await teacher.post('/api/forms/set_grade', {
      ...ref(),
      platformId: link?.platformId ?? '',
      userId: who?.userId ?? '',
      score: null,
    });
    expect(cleared.json().learner).toMatchObject({ override: null, comment: '' });
    await teacher.post('/api/forms/send_grades', { ...ref(), platformId: link?.platformId ?? '' });
    expect(scores().at(-1)).toMatchObject({ scoreGiven: 15.5 });
    expect(JSON.stringify(platform.services.calls)).not.toContain(SECRET);
  });

  it("weighs by the page's weights, over the link's custom parameters, until cleared", async () => {
    const platformId = (await gradesPage())[0]?.platformId ?? '';
    const weights = { note: 20, reply: 0, word: 1 };
    const set = await teacher.post('/api/forms/set_grade_weights', {
      ...ref(),
      platformId,
      weights,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await gradesPage())[0]).toMatchObject({ weights, weightsFrom: 'page' });
    expect((await gradesPage())[0]?.learners[0]?.counted).toBe(25);
    // A launch whose custom parameters say otherwise: the page's weights still count.
    const before = scores().length;
    await launchAs(t.app, platform, student, graded(student, LINK, { note_points: '50' }));
    expect(await until('a score', () => scores()[before])).toMatchObject({ scoreGiven: 25 });
    await settled();
    const cleared = await teacher.post('/api/forms/set_grade_weights', {
      ...ref(),
      platformId,
      weights: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect((await gradesPage())[0]).toMatchObject({
      weights: { note: 50, reply: 5, word: 0.1 },
      weightsFrom: 'platform',
    });
  });

  it('reads the roster again on demand', async () => {
    const platformId = (await gradesPage())[0]?.platformId ?? '';
    platform.services.roster.push({
      user_id: 's-9',
      status: 'Active',
      name: 'Grace Hopper',
      roles: [ROLE.learner],
    });
    const synced = await teacher.post('/api/forms/sync_course_roster', { ...ref(), platformId });
    expect(synced.json()).toEqual({ active: 3, left: 0 });
    const [link] = await gradesPage();
    expect(link?.learners.map((l) => l.username)).toEqual(['alan.turing', 'grace.hopper']);
    expect(link?.rosterSynced).toBeTruthy();
  });

  it("sends a learner's score a while after they write, one for a burst of notes", async () => {
    await settled();
    const before = scores().length;
    for (const text of ['First thought.', 'Second thought, longer.'])
      expect(
        (await learner.post('/api/forms/insert_note', { ...noted, noteSpec: { text } })).statusCode,
      ).toBe(200);
    const sent = await until('the score after the notes', () => scores()[before]);
    await settled();
    expect(scores().slice(before)).toHaveLength(1);
    expect(sent).toMatchObject({ userId: 's-1', comment: '3 notes, 1 reply, 10 words' });
  });

  it('says so when the platform is down, or never granted grades to the link', async () => {
    const platformId = (await gradesPage())[0]?.platformId ?? '';
    platform.services.down = true;
    try {
      const sent = await teacher.post('/api/forms/send_grades', { ...ref(), platformId });
      expect(sent.statusCode).toBe(409);
      expect(sent.json().error).toMatch(/^The platform answered HTTP 503 for /);
      const roster = await teacher.post('/api/forms/sync_course_roster', { ...ref(), platformId });
      expect(roster.statusCode).toBe(409);
    } finally {
      platform.services.down = false;
    }
    // A link launched without the grade service.
    const plain = { id: 'plain-1', title: 'Reading' };
    const [board] = await db().select().from(multilists).where(eq(multilists.id, boardId));
    await launchAs(t.app, platform, TEACHER, (n) => ({
      ...launchClaims(TEACHER, n, undefined, plain),
      'https://purl.imsglobal.org/spec/lti/claim/custom': {
        board: `${board?.owner ?? ''}/${board?.ptitle ?? ''}`,
      },
    }));
    const [row] = await db().select().from(ltiLinks).where(eq(ltiLinks.resourceLinkId, plain.id));
    expect(row?.multilistId).toBe(boardId);
    const refused = await teacher.post('/api/forms/send_grades', {
      ...ref(),
      platformId,
      resourceLinkId: plain.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/has not granted this link its grade service/);
  });

  it('lists, scores and sends each course of a board placed in two its own learners only', async () => {
    const [board] = await db().select().from(multilists).where(eq(multilists.id, boardId));
    const course = { id: 'course-202', title: 'Poetry 202' };
    const link = { id: 'graded-202', title: 'Sonnets again' };
    // Launched without the roster service: the simulated roster is the other course's.
    const in202 = (person: Person) => (nonce: string) => ({
      ...launchClaims(person, nonce, course, link),
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [SCOPES.lineItems, SCOPES.scores],
        lineitems: `${platform.issuer}/lineitems`,
      },
      'https://purl.imsglobal.org/spec/lti/claim/custom': {
        board: `${board?.owner ?? ''}/${board?.ptitle ?? ''}`,
      },
    });
    const claude: Person = { sub: 's-202', name: 'Claude Shannon', email: '', role: ROLE.learner };
    await launchAs(t.app, platform, TEACHER, in202(TEACHER));
    await launchAs(t.app, platform, claude, in202(claude));
    await settled();
    const links = await gradesPage();
    const names = (id: string) =>
      links.find((l) => l.resourceLinkId === id)?.learners.map((l) => l.username);
    expect(names(link.id)).toEqual(['claude.shannon']);
    expect(names(LINK.id)).not.toContain('claude.shannon');
    expect(names(LINK.id)).toContain('alan.turing');
    const before = scores().length;
    const sent = await teacher.post('/api/forms/send_grades', {
      ...ref(),
      resourceLinkId: link.id,
      platformId: links[0]?.platformId ?? '',
    });
    expect(sent.json()).toEqual({ sent: 1 });
    expect(
      scores()
        .slice(before)
        .map((x) => x.userId),
    ).toEqual(['s-202']);
  });

  it('a deleted board keeps its course links and grades in the Trash: its links say so meanwhile, and open it again once restored', async () => {
    const [link] = await gradesPage();
    const who = link?.learners.find((l) => l.username === 'alan.turing');
    await teacher.post('/api/forms/set_grade', {
      ...ref(),
      platformId: link?.platformId ?? '',
      userId: who?.userId ?? '',
      score: 88,
      comment: 'Kept through a delete.',
    });
    const [board] = await db().select().from(multilists).where(eq(multilists.id, boardId));
    const deleted = await teacher.post('/api/forms/delete_multilist', { multilistId: boardId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    /** A launch of the graded link: its answer, not followed. */
    const launch = async (person: Person) => {
      const q = await login(t.app, platform);
      const token = await platform.sign(graded(person)(q.get('nonce') ?? ''));
      return postForm(t.app, '/lti/launch', { id_token: token, state: q.get('state') ?? '' });
    };
    for (const person of [student, TEACHER]) {
      const refused = await launch(person);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(
        `The board this link opens, “${board?.title ?? ''}”, was deleted: it is in the Trash of ${board?.owner ?? ''}.`,
      );
    }
    // No new board was made in its place.
    const boards = await db()
      .select()
      .from(multilists)
      .where(eq(multilists.owner, board?.owner ?? ''));
    expect(boards.map((b) => b.id)).not.toContain(boardId);
    const restored = await teacher.post('/api/forms/restore_from_trash', {
      trashId: deleted.json().trashId,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const { target } = await launchAs(t.app, platform, student, graded(student));
    expect(target).toBe(`/${board?.owner ?? ''}/${board?.ptitle ?? ''}`);
    const [back] = await gradesPage();
    expect(back?.learners.find((l) => l.username === 'alan.turing')).toMatchObject({
      override: 88,
      comment: 'Kept through a delete.',
    });
  });

  it('counts late work at the share the weights give, once the board has a due date; tells the gradebook column the date', async () => {
    const platformId = (await gradesPage())[0]?.platformId ?? '';
    const weigh = weighing(platformId);
    await teacher.post('/api/forms/set_grade', {
      ...ref(),
      platformId,
      userId: (await alan()).userId,
      score: null,
    });
    await weigh({ note: 10, reply: 5, word: 0.1, late: 40 });
    const before = await alan();
    expect(before.late).toBe(0);

    // Due now, after every note written so far (a burst of them may be under a second old); a
    // note of five words written next is late, and earns 40% of its points.
    const dueAt = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const due = await teacher.post('/api/dbedit/edit_multilist', {
      multilistId: boardId,
      notesDue: dueAt,
    });
    expect(due.statusCode, due.body).toBe(200);
    // The course's gradebook column is told when, as the scores after a write are.
    const column = () => [...platform.services.lineItems.values()][0]!;
    await until('the due date in the gradebook', () =>
      column().endDateTime === dueAt ? true : undefined,
    );
    expect(column()).toMatchObject({ scoreMaximum: 100, tag: 'listboard-participation' });
    const late = await learner.post('/api/forms/insert_note', {
      ...noted,
      noteSpec: { text: 'Late, but here at last.' },
    });
    expect(late.statusCode).toBe(200);
    await settled();
    const after = await alan();
    expect(after).toMatchObject({ notes: before.notes + 1, words: before.words + 5, late: 1 });
    expect(after.counted).toBeCloseTo(before.counted + 4.2);
    const sent = scores().length;
    await teacher.post('/api/forms/send_grades', { ...ref(), platformId });
    expect(scores()[sent]).toMatchObject({ scoreGiven: after.counted });
    expect(scores()[sent]?.comment).toMatch(/; 1 late, counted at 40%$/);

    // In full at 100%; the link's custom parameter late_percent counts when the page sets none.
    await weigh({ note: 10, reply: 5, word: 0.1, late: 100 });
    expect((await alan()).counted).toBeCloseTo(before.counted + 10.5);
    await weigh(null);
    await launchAs(t.app, platform, student, graded(student, LINK, { late_percent: '0' }));
    await settled();
    const [link] = await gradesPage();
    expect(link).toMatchObject({ weightsFrom: 'platform', weights: { late: 0 } });

    // With the date taken away nothing is late, and the gradebook column has no due date.
    await teacher.post('/api/dbedit/edit_multilist', { multilistId: boardId, notesDue: null });
    expect(await alan()).toMatchObject({ late: 0 });
    await until('the due date gone from the gradebook', () =>
      'endDateTime' in column() ? undefined : true,
    );
    expect(column()).toMatchObject({ scoreMaximum: 100, tag: 'listboard-participation' });
  });

  it('counts the Helpful marks classmates gave a learner where the weights give them points, and says so in the score', async () => {
    const platformId = (await gradesPage())[0]?.platformId ?? '';
    const weigh = weighing(platformId);
    await weigh({ note: 10, reply: 5, word: 0.1 });
    const before = await alan();
    // Three marks on the learner's notes and replies (kept with each row, as mark_helpful keeps
    // them); the teacher's own items draw none for them.
    await db()
      .update(items)
      .set({ votes: 3 })
      .where(and(eq(items.author, 'alan.turing'), eq(items.annotationClass, 'reply')));
    await db()
      .update(items)
      .set({ votes: 5 })
      .where(and(eq(items.author, 'ada.lovelace'), eq(items.annotationClass, 'none')));
    // Counted, and worth nothing until the weights say.
    expect(await alan()).toMatchObject({ helpful: 3, counted: before.counted });
    await weigh({ note: 10, reply: 5, word: 0.1, helpful: 2 });
    expect((await gradesPage())[0]?.weights).toMatchObject({ helpful: 2 });
    expect((await alan()).counted).toBeCloseTo(before.counted + 6);
    const sent = scores().length;
    await teacher.post('/api/forms/send_grades', { ...ref(), platformId });
    expect(scores()[sent]?.comment).toMatch(/; 3 Helpful marks$/);
    // The link's custom parameter helpful_points counts when the page sets none.
    await weigh(null);
    await launchAs(t.app, platform, student, graded(student, LINK, { helpful_points: '1' }));
    await settled();
    const [link] = await gradesPage();
    expect(link).toMatchObject({ weightsFrom: 'platform', weights: { helpful: 1 } });
    await db().update(items).set({ votes: 0 });
  });

  it('grades a link placed at one section by the notes on that list, late by that list’s own date, and tells its column the date', async () => {
    const platformId = (await gradesPage())[0]?.platformId ?? '';
    await weighing(platformId)({ note: 10, reply: 5, word: 0.1, late: 50 });
    const [whole] = await db().select().from(ltiLinks).where(eq(ltiLinks.resourceLinkId, LINK.id));
    const wholeBefore = await alan();
    // Week 2, its own date a moment ago; the learner writes one note on it after that.
    const weekDue = new Date(Date.now() - 60_000);
    const [week2] = await db()
      .insert(lists)
      .values({
        multilistId: boardId,
        index: 9,
        title: 'Week 2',
        author: 'ada.lovelace',
        notesDue: weekDue,
      })
      .returning();
    const made = await teacher.post('/api/forms/insert_item', {
      listId: week2!.id,
      text: 'Read the second sonnet.',
    });
    expect(made.statusCode, made.body).toBe(200);
    const onWeek2 = {
      listId: week2!.id,
      itemId: made.json<{ itemId: string }>().itemId,
    };
    const wrote = await learner.post('/api/forms/insert_note', {
      ...onWeek2,
      noteSpec: { text: 'Week two thoughts.' },
    });
    expect(wrote.statusCode, wrote.body).toBe(200);
    await settled();
    // The same course link, placed at the section (as a deep link's placement records it).
    const { created: _c, ...row } = whole!;
    await db()
      .insert(ltiLinks)
      .values({ ...row, resourceLinkId: 'section-week-2', title: 'Week 2', section: 'week-2' });
    const links = await gradesPage();
    const section = links.find((l) => l.resourceLinkId === 'section-week-2')!;
    expect(section).toMatchObject({ notesDue: weekDue.toISOString(), listDates: 0 });
    expect(section.learners.find((l) => l.username === 'alan.turing')).toMatchObject({
      notes: 1,
      replies: 0,
      words: 3,
      late: 1,
      // 10 for the note and 0.3 for its words, at half for being late.
      counted: 5.2,
    });
    // The whole board's link counts it too, late by the week's date; the board has none.
    const wholeLink = links.find((l) => l.resourceLinkId === LINK.id)!;
    expect(wholeLink).toMatchObject({ notesDue: null, listDates: 1 });
    expect(await alan()).toMatchObject({ notes: wholeBefore.notes + 1, late: 1 });
    // Sent: the section's score, and its column given the week's date.
    const sent = scores().length;
    const res = await teacher.post('/api/forms/send_grades', {
      ...ref(),
      platformId,
      resourceLinkId: 'section-week-2',
    });
    expect(res.statusCode, res.body).toBe(200);
    // (The whole board's link may push its own score for the learner's note meanwhile.)
    expect(
      scores()
        .slice(sent)
        .filter((x) => x.userId === 's-1')
        .map((x) => x.scoreGiven),
    ).toContain(5.2);
    const put = platform.services.calls.filter(
      (c) => c.method === 'PUT' && (c.body as { endDateTime?: string }).endDateTime,
    );
    expect((put.at(-1)?.body as { endDateTime?: string }).endDateTime).toBe(weekDue.toISOString());
  });
});
