/**
 * Grades (LTI Assignment and Grade Services): each placed board gets a line item in the
 * course's gradebook, and each learner's score is their participation on the board, counted
 * from their notes, replies and words, and the Helpful marks they drew, out of 100
 * (participation.ts); what they wrote after the board's notes were due earns the late share of its
 * points. The instructor sets the weights on the board's Course grades page, or as the link's
 * custom parameters in the platform (note_points, reply_points, word_points, late_percent,
 * helpful_points, sent with every launch); the page's
 * weights win. On the same page the instructor may set a learner's score in place of the counted
 * one (an override).
 *
 * The line item is the one the platform made for the link (the `lineitem` of the launch), or
 * one Listboard makes in the course's `lineitems` at the link's first graded launch. Scores are
 * pushed after a launch answers (a learner's own at their launch, every learner's of the board
 * at an instructor's; a platform's failure there is logged, never shown in the launch) and
 * whenever the instructor asks on the Course grades page.
 *
 * The line item carries when the board's notes are due (its endDateTime): given when the tool
 * makes it, and set again with the next scores pushed after the date changes (edit_multilist is
 * a write like any other, so within LTI_SCORE_DELAY of it).
 */
import { counted } from '@listboard/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  boardMembers,
  groupMembers,
  ltiContexts,
  ltiGrades,
  ltiLinks,
  ltiPlatforms,
  ltiUsers,
  multilists,
  users,
} from '../../db/schema';
import type { LaunchClaims } from './claims';
import type { PlatformRow } from './platforms';
import { SCOPES, ServiceError, serviceFetch, serviceToken } from './service-token';
import {
  NO_PARTICIPATION,
  SCORE_MAXIMUM,
  lateCount,
  linkWeights,
  gradedBy,
  participation,
  participationScore,
  type Participation,
  type Weights,
} from './participation';

const LINE_ITEM = 'application/vnd.ims.lis.v2.lineitem+json';
const SCORE = 'application/vnd.ims.lis.v1.score+json';
type LinkRow = typeof ltiLinks.$inferSelect;

const linkKey = (link: Pick<LinkRow, 'platformId' | 'resourceLinkId'>) =>
  and(eq(ltiLinks.platformId, link.platformId), eq(ltiLinks.resourceLinkId, link.resourceLinkId));

/**
 * The link's line item: known, given by the launch, or made in the course's line items. One is
 * made while the link's row is locked, so two first graded launches at once make one, not two.
 */
async function lineItemFor(
  db: Db,
  platform: PlatformRow,
  link: LinkRow,
  grades: NonNullable<LaunchClaims['grades']>,
  now: Date,
): Promise<string | null> {
  const given = link.lineItemUrl ?? grades.lineItem;
  if (given) {
    if (given !== link.lineItemUrl)
      await db.transaction((tx) =>
        tx.update(ltiLinks).set({ lineItemUrl: given }).where(linkKey(link)),
      );
    return given;
  }
  const lineItems = grades.lineItems;
  if (!lineItems || !grades.scopes.includes(SCOPES.lineItems)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(ltiLinks).where(linkKey(link)).for('update');
    if (!row) return null;
    if (row.lineItemUrl) return row.lineItemUrl;
    const [board] = await tx
      .select({ title: multilists.title })
      .from(multilists)
      .where(eq(multilists.id, link.multilistId));
    const due = (await gradedBy(tx, row)).notesDue?.toISOString() ?? '';
    const scopes = [SCOPES.lineItems, SCOPES.scores].filter((x) => grades.scopes.includes(x));
    const token = await serviceToken(tx, platform, scopes, now);
    const res = await serviceFetch(token, lineItems, {
      method: 'POST',
      accept: LINE_ITEM,
      contentType: LINE_ITEM,
      body: {
        scoreMaximum: SCORE_MAXIMUM,
        label: `${row.title || board?.title || 'Listboard'}: participation`,
        resourceLinkId: link.resourceLinkId,
        resourceId: link.multilistId,
        tag: 'listboard-participation',
        ...(due ? { endDateTime: due } : {}),
      },
    });
    const body = (await res.json()) as { id?: unknown };
    if (typeof body.id !== 'string')
      throw new ServiceError('The platform made a line item but did not say its address.');
    await tx.update(ltiLinks).set({ lineItemUrl: body.id, lineItemDue: due }).where(linkKey(link));
    return body.id;
  });
}

/**
 * Gives the link's line item its due date (gradedBy: its section's list's, else the board's) as
 * its endDateTime, when it differs from the one last given (a line item the tool never gave one
 * is left alone while there is none).
 * The line item is read and written back whole, as AGS asks of a change. Needs the line item
 * scope; without it the date is not sent; when the platform refuses, the next push tries again.
 */
async function lineItemDue(
  db: Db,
  platform: PlatformRow,
  link: Pick<LinkRow, 'platformId' | 'resourceLinkId'>,
  lineItem: string,
  granted: readonly string[],
  now: Date,
): Promise<void> {
  if (!granted.includes(SCOPES.lineItems)) return;
  const [row] = await db.select().from(ltiLinks).where(linkKey(link));
  if (!row) return;
  const due = (await gradedBy(db, row)).notesDue?.toISOString() ?? '';
  const sent = row.lineItemDue;
  if (sent === due || (sent === null && due === '')) return;
  try {
    const token = await serviceToken(db, platform, [SCOPES.lineItems], now);
    const current = (await (
      await serviceFetch(token, lineItem, { accept: LINE_ITEM })
    ).json()) as Record<string, unknown>;
    const rest = Object.fromEntries(Object.entries(current).filter(([k]) => k !== 'endDateTime'));
    await serviceFetch(token, lineItem, {
      method: 'PUT',
      accept: LINE_ITEM,
      contentType: LINE_ITEM,
      body: due ? { ...rest, endDateTime: due } : rest,
    });
  } catch (e) {
    // The scores went; the date is secondary to them and is tried again with the next ones.
    if (e instanceof ServiceError) return;
    throw e;
  }
  await db.update(ltiLinks).set({ lineItemDue: due }).where(linkKey(link));
}

/**
 * The learners of a course link: readers of its board who came from its platform and, when the
 * link is in a course, are in that course (its group: those who launched from it or its roster
 * named). A board placed in two courses lists, scores and sends each course its own people.
 */
export async function learners(
  db: Db,
  link: Pick<LinkRow, 'platformId' | 'multilistId' | 'contextRowId'>,
  onlyUserId?: string,
) {
  const inCourse = link.contextRowId
    ? sql`exists (select 1 from ${ltiContexts} join ${groupMembers} on ${groupMembers.groupId} = ${ltiContexts.groupId} where ${ltiContexts.id} = ${link.contextRowId} and ${groupMembers.userId} = ${users.id})`
    : undefined;
  return db
    .select({
      userId: users.id,
      sub: ltiUsers.sub,
      username: users.username,
      fullname: users.fullname,
    })
    .from(boardMembers)
    .innerJoin(users, eq(users.username, boardMembers.username))
    .innerJoin(
      ltiUsers,
      and(eq(ltiUsers.userId, users.id), eq(ltiUsers.platformId, link.platformId)),
    )
    .where(
      and(
        eq(boardMembers.multilistId, link.multilistId),
        eq(boardMembers.kind, 'reader'),
        ...(inCourse ? [inCourse] : []),
        ...(onlyUserId ? [eq(users.id, onlyUserId)] : []),
      ),
    )
    .orderBy(users.username);
}
type Learner = Awaited<ReturnType<typeof learners>>[number];

function scoresUrl(lineItemUrl: string): string {
  const u = new URL(lineItemUrl);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/scores`;
  return u.toString();
}

/** The instructors' overrides and the scores last sent, per learner, on one link. */
export async function gradeRows(
  db: Db,
  link: Pick<LinkRow, 'platformId' | 'resourceLinkId'>,
): Promise<Map<string, typeof ltiGrades.$inferSelect>> {
  const rows = await db
    .select()
    .from(ltiGrades)
    .where(
      and(
        eq(ltiGrades.platformId, link.platformId),
        eq(ltiGrades.resourceLinkId, link.resourceLinkId),
      ),
    );
  return new Map(rows.map((r) => [r.userId, r]));
}

/** What a learner's score is: the override when an instructor set one, else the counted one. */
export function scoreOf(
  p: Participation,
  weights: Weights,
  grade: { override: number | null; comment: string } | undefined,
): { score: number; comment: string } {
  const late = lateCount(p);
  const said =
    `${counted(p.notes, 'note')}, ${counted(p.replies, 'reply', 'replies')}, ${counted(p.words, 'word')}` +
    (late ? `; ${String(late)} late, counted at ${String(weights.late)}%` : '') +
    // Told where they count, so a learner's comment says what their score was made of.
    (weights.helpful > 0 ? `; ${counted(p.helpful ?? 0, 'Helpful mark')}` : '');
  if (grade?.override != null)
    return {
      score: grade.override,
      comment: grade.comment || `Set by the instructor (${said})`,
    };
  return { score: participationScore(p, weights), comment: said };
}

/**
 * Sends these learners' scores to the link's line item, each the override an instructor set or
 * the one counted from participation, and keeps what was sent. Answers how many went out.
 * The score carries counts and the instructor's comment, never a note's words.
 */
async function sendScores(
  db: Db,
  platform: PlatformRow,
  link: LinkRow,
  lineItem: string,
  granted: readonly string[],
  people: Learner[],
  now: Date,
): Promise<number> {
  if (people.length === 0) return 0;
  const { listId } = await gradedBy(db, link);
  const counts = await participation(
    db,
    link.multilistId,
    people.map((p) => p.username),
    listId,
  );
  const grades = await gradeRows(db, link);
  const scopes = [SCOPES.lineItems, SCOPES.scores].filter((x) => granted.includes(x));
  const token = await serviceToken(db, platform, scopes, now);
  const weights = linkWeights(link);
  const sent: { userId: string; score: number }[] = [];
  try {
    for (const person of people) {
      const p = counts.get(person.username) ?? NO_PARTICIPATION;
      const { score, comment } = scoreOf(p, weights, grades.get(person.userId));
      await serviceFetch(token, scoresUrl(lineItem), {
        method: 'POST',
        accept: 'application/json',
        contentType: SCORE,
        body: {
          userId: person.sub,
          scoreGiven: score,
          scoreMaximum: SCORE_MAXIMUM,
          comment,
          timestamp: now.toISOString(),
          activityProgress: 'InProgress',
          gradingProgress: 'FullyGraded',
        },
      });
      sent.push({ userId: person.userId, score });
    }
  } finally {
    // What reached the platform is kept even when a later learner's score did not.
    if (sent.length)
      await db.transaction(async (tx) => {
        for (const s of sent)
          await tx
            .insert(ltiGrades)
            .values({
              platformId: link.platformId,
              resourceLinkId: link.resourceLinkId,
              userId: s.userId,
              sentScore: s.score,
              sent: now,
            })
            .onConflictDoUpdate({
              target: [ltiGrades.platformId, ltiGrades.resourceLinkId, ltiGrades.userId],
              set: { sentScore: s.score, sent: now },
            });
      });
  }
  return sent.length;
}

async function linkRow(db: Db, platformId: string, resourceLinkId: string) {
  const [link] = await db.select().from(ltiLinks).where(linkKey({ platformId, resourceLinkId }));
  return link;
}

/**
 * After a graded launch of a link: makes sure of its line item, then pushes the launching
 * learner's score, or, for an instructor, every learner's. Answers how many scores went out.
 */
export async function pushScores(
  db: Db,
  platform: PlatformRow,
  claims: LaunchClaims,
  launcher: { id: string; instructor: boolean },
  now: Date,
): Promise<number> {
  if (!claims.grades || !claims.resourceLink) return 0;
  if (!claims.grades.scopes.includes(SCOPES.scores)) return 0;
  const link = await linkRow(db, platform.id, claims.resourceLink.id);
  if (!link) return 0;
  const lineItem = await lineItemFor(db, platform, link, claims.grades, now);
  if (!lineItem) return 0;
  const people = await learners(db, link, launcher.instructor ? undefined : launcher.id);
  const sent = await sendScores(db, platform, link, lineItem, claims.grades.scopes, people, now);
  await lineItemDue(db, platform, link, lineItem, claims.grades.scopes, now);
  return sent;
}

/**
 * Every learner's score on the link (or only these learners'), with what the link's latest
 * graded launch granted: the instructor's "Send scores now", and the scores sent as learners
 * write. Throws a ServiceError saying what is missing or what failed.
 */
export async function pushLinkScores(
  db: Db,
  platform: PlatformRow,
  link: LinkRow,
  now: Date,
  only?: readonly string[],
): Promise<number> {
  if (!link.gradeScopes.includes(SCOPES.scores))
    throw new ServiceError(
      'The platform has not granted this link its grade service: open the link once from the course as an instructor, with grading turned on for it.',
    );
  const [course] = link.contextRowId
    ? await db
        .select({ lineItems: ltiContexts.lineItemsUrl })
        .from(ltiContexts)
        .where(eq(ltiContexts.id, link.contextRowId))
    : [];
  const lineItem = await lineItemFor(
    db,
    platform,
    link,
    { lineItem: link.lineItemUrl, lineItems: course?.lineItems ?? null, scopes: link.gradeScopes },
    now,
  );
  if (!lineItem)
    throw new ServiceError('The platform named no gradebook column (line item) for this link.');
  const people = (await learners(db, link)).filter((p) => !only || only.includes(p.username));
  const sent = await sendScores(db, platform, link, lineItem, link.gradeScopes, people, now);
  await lineItemDue(db, platform, link, lineItem, link.gradeScopes, now);
  return sent;
}

/**
 * After these people wrote on a board: their scores on each graded course link of the board.
 * Answers how many went out; a link's failure is thrown after the others were tried.
 */
export async function pushBoardScores(
  db: Db,
  boardId: string,
  usernames: readonly string[],
  now: Date,
): Promise<number> {
  const links = await db
    .select({ link: ltiLinks, platform: ltiPlatforms })
    .from(ltiLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLinks.platformId))
    .where(
      and(eq(ltiLinks.multilistId, boardId), sql`${SCOPES.scores} = any(${ltiLinks.gradeScopes})`),
    );
  let sent = 0;
  const failed: Error[] = [];
  for (const { link, platform } of links) {
    try {
      sent += await pushLinkScores(db, platform, link, now, usernames);
    } catch (e) {
      failed.push(e instanceof Error ? e : new Error(String(e)));
    }
  }
  if (failed.length) throw new AggregateError(failed, 'LTI scores not sent to every link');
  return sent;
}
