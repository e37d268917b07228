/**
 * The Course grades page of a board: the course links (LTI resource links) that open it, and
 * for each its learners' participation, the score counted from it, the instructor's override
 * and the score last sent to the platform's gradebook. Counts only, never a note's words.
 */
import { and, asc, eq, not, like } from 'drizzle-orm';
import type { CourseLink, GradeWeights, LearnerGrade } from '@listboard/core/api/contracts/lti';
import type { Db } from '../../db/client';
import { ltiContexts, ltiGrades, ltiLinks, ltiPlatforms } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { PLACEMENT_PREFIX } from './course';
import { gradeRows, learners } from './grades';
import {
  gradedBy,
  lateCount,
  linkWeights,
  NO_PARTICIPATION,
  participation,
  participationScore,
  SCORE_MAXIMUM,
  type Graded,
  type Participation,
} from './participation';
import { SCOPES } from './service-token';

type LinkRow = typeof ltiLinks.$inferSelect;
type GradeRow = typeof ltiGrades.$inferSelect;

function learnerGrade(
  person: { userId: string; username: string; fullname: string },
  p: Participation,
  weights: GradeWeights,
  grade: GradeRow | undefined,
): LearnerGrade {
  return {
    userId: person.userId,
    username: person.username,
    fullname: person.fullname,
    notes: p.notes,
    replies: p.replies,
    words: p.words,
    late: lateCount(p),
    helpful: p.helpful ?? 0,
    counted: participationScore(p, weights),
    override: grade?.override ?? null,
    comment: grade?.comment ?? '',
    sentScore: grade?.sentScore ?? null,
    sent: grade?.sent?.toISOString() ?? null,
  };
}

/** The learners of one link, with their figures (on the list its section names, if it does). */
async function linkLearners(
  db: Db,
  link: LinkRow,
  onlyUserId?: string,
  graded?: Graded,
): Promise<LearnerGrade[]> {
  const people = await learners(db, link, onlyUserId);
  const { listId } = graded ?? (await gradedBy(db, link));
  const counts = await participation(
    db,
    link.multilistId,
    people.map((p) => p.username),
    listId,
  );
  const grades = await gradeRows(db, link);
  const weights = linkWeights(link);
  return people.map((person) =>
    learnerGrade(
      person,
      counts.get(person.username) ?? NO_PARTICIPATION,
      weights,
      grades.get(person.userId),
    ),
  );
}

/** The board's course links, placements not yet launched left out (they have no gradebook). */
export async function courseLinks(db: Db, boardId: string): Promise<CourseLink[]> {
  const rows = await db
    .select({ link: ltiLinks, issuer: ltiPlatforms.issuer, course: ltiContexts })
    .from(ltiLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLinks.platformId))
    .leftJoin(ltiContexts, eq(ltiContexts.id, ltiLinks.contextRowId))
    .where(
      and(
        eq(ltiLinks.multilistId, boardId),
        not(like(ltiLinks.resourceLinkId, `${PLACEMENT_PREFIX}%`)),
      ),
    )
    .orderBy(asc(ltiLinks.created));
  const out: CourseLink[] = [];
  for (const { link, issuer, course } of rows) {
    const graded = await gradedBy(db, link);
    out.push({
      platformId: link.platformId,
      resourceLinkId: link.resourceLinkId,
      title: link.title,
      course: course?.title ?? null,
      issuer,
      section: link.section,
      notesDue: graded.notesDue?.toISOString() ?? null,
      listDates: graded.listDates,
      weights: linkWeights(link),
      weightsFrom: link.weights ? 'page' : link.platformWeights ? 'platform' : 'default',
      scoreMaximum: SCORE_MAXIMUM,
      graded: link.gradeScopes.includes(SCOPES.scores),
      roster: Boolean(course?.membershipsUrl),
      rosterSynced: course?.rosterSynced?.toISOString() ?? null,
      learners: await linkLearners(db, link, undefined, graded),
    });
  }
  return out;
}

/** A course link of this board; a link of another board is answered as one that does not exist. */
export async function boardLink(
  db: Db,
  boardId: string,
  ref: { platformId: string; resourceLinkId: string },
): Promise<LinkRow> {
  const [link] = await db
    .select()
    .from(ltiLinks)
    .where(
      and(
        eq(ltiLinks.platformId, ref.platformId),
        eq(ltiLinks.resourceLinkId, ref.resourceLinkId),
        eq(ltiLinks.multilistId, boardId),
      ),
    );
  if (!link || link.resourceLinkId.startsWith(PLACEMENT_PREFIX))
    throw notFound('This board has no such course link.');
  return link;
}

/** Sets (or, with a null score, clears) a learner's override; answers their row as it is now. */
export async function setOverride(
  db: Db,
  link: LinkRow,
  change: { userId: string; score: number | null; comment: string; by: string },
  now: Date,
): Promise<LearnerGrade> {
  const [learner] = await learners(db, link, change.userId);
  if (!learner) throw notFound('This learner is not on the course link.');
  const set = {
    override: change.score,
    comment: change.score === null ? '' : change.comment,
    setBy: change.by,
    updated: now,
  };
  await db
    .insert(ltiGrades)
    .values({
      platformId: link.platformId,
      resourceLinkId: link.resourceLinkId,
      userId: change.userId,
      ...set,
    })
    .onConflictDoUpdate({
      target: [ltiGrades.platformId, ltiGrades.resourceLinkId, ltiGrades.userId],
      set,
    });
  const [row] = await linkLearners(db, link, change.userId);
  if (!row) throw notFound('This learner is not on the course link.');
  return row;
}

/** Sets the link's weights from the page; null gives the choice back to the platform's. */
export async function setLinkWeights(
  db: Db,
  link: LinkRow,
  weights: GradeWeights | null,
): Promise<void> {
  await db
    .update(ltiLinks)
    .set({ weights })
    .where(
      and(
        eq(ltiLinks.platformId, link.platformId),
        eq(ltiLinks.resourceLinkId, link.resourceLinkId),
      ),
    );
}
