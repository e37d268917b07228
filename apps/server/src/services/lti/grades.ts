/**
 * Grades (LTI Assignment and Grade Services): each placed board gets a line item in the
 * course's gradebook, and each learner's score is their participation on the board, counted
 * from their notes, replies and words, out of 100. The instructor sets the weights as the
 * link's custom parameters in the platform (note_points, reply_points, word_points); the
 * platform sends them with every launch, so they need no page of Listboard's own.
 *
 * The line item is the one the platform made for the link (the `lineitem` of the launch), or
 * one Listboard makes in the course's `lineitems` at the link's first graded launch. Scores are
 * pushed after a launch answers: a learner's own at their launch, every learner's of the board
 * at an instructor's. A platform's failure is logged, never shown in the launch.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardMembers, items, ltiLinks, ltiUsers, multilists, users } from '../../db/schema';
import type { LaunchClaims } from './claims';
import type { PlatformRow } from './platforms';
import { SCOPES, ServiceError, serviceFetch, serviceToken } from './service-token';

const LINE_ITEM = 'application/vnd.ims.lis.v2.lineitem+json';
const SCORE = 'application/vnd.ims.lis.v1.score+json';
export const SCORE_MAXIMUM = 100;
/** Points per note, per reply and per word written, up to SCORE_MAXIMUM, unless the link says. */
export const WEIGHTS = { note: 10, reply: 5, word: 0.1 } as const;
export type Weights = { note: number; reply: number; word: number };

/** The link's weights: each one its custom parameter gives, the default for the others. */
export function weightsOf(claims: Pick<LaunchClaims, 'weights'>): Weights {
  return {
    note: claims.weights.note ?? WEIGHTS.note,
    reply: claims.weights.reply ?? WEIGHTS.reply,
    word: claims.weights.word ?? WEIGHTS.word,
  };
}

export interface Participation {
  notes: number;
  replies: number;
  words: number;
}

export function participationScore(p: Participation, w: Weights = WEIGHTS): number {
  const raw = p.notes * w.note + p.replies * w.reply + p.words * w.word;
  return Math.min(SCORE_MAXIMUM, Math.round(raw * 10) / 10);
}

/** Each user's notes, replies and words on the board. */
export async function participation(
  db: Db,
  boardId: string,
  usernames: string[],
): Promise<Map<string, Participation>> {
  const out = new Map<string, Participation>();
  if (usernames.length === 0) return out;
  const rows = await db
    .select({
      author: items.author,
      notes: sql<number>`count(*) filter (where ${items.annotationClass} = 'note')`.mapWith(Number),
      replies: sql<number>`count(*) filter (where ${items.annotationClass} = 'reply')`.mapWith(
        Number,
      ),
      // Counted as Insight counts them: the words the database keeps with each note.
      words: sql<number>`coalesce(sum(${items.wordCount}), 0)`.mapWith(Number),
    })
    .from(items)
    .where(
      and(
        eq(items.multilistId, boardId),
        inArray(items.annotationClass, ['note', 'reply']),
        inArray(items.author, usernames),
      ),
    )
    .groupBy(items.author);
  for (const r of rows) out.set(r.author, { notes: r.notes, replies: r.replies, words: r.words });
  return out;
}

/** The link's line item: known, given by the launch, or made in the course's line items. */
async function lineItemFor(
  db: Db,
  platform: PlatformRow,
  link: typeof ltiLinks.$inferSelect,
  grades: NonNullable<LaunchClaims['grades']>,
  now: Date,
): Promise<string | null> {
  const made = link.lineItemUrl ?? grades.lineItem;
  let url = made;
  if (!url) {
    if (!grades.lineItems || !grades.scopes.includes(SCOPES.lineItems)) return null;
    const [board] = await db
      .select({ title: multilists.title })
      .from(multilists)
      .where(eq(multilists.id, link.multilistId));
    const scopes = [SCOPES.lineItems, SCOPES.scores].filter((x) => grades.scopes.includes(x));
    const token = await serviceToken(db, platform, scopes, now);
    const res = await serviceFetch(token, grades.lineItems, {
      method: 'POST',
      accept: LINE_ITEM,
      contentType: LINE_ITEM,
      body: {
        scoreMaximum: SCORE_MAXIMUM,
        label: `${board?.title ?? 'Listboard'}: participation`,
        resourceLinkId: link.resourceLinkId,
        resourceId: link.multilistId,
        tag: 'listboard-participation',
      },
    });
    const body = (await res.json()) as { id?: unknown };
    if (typeof body.id !== 'string')
      throw new ServiceError('The platform made a line item but did not say its address.');
    url = body.id;
  }
  if (url !== link.lineItemUrl)
    await db.transaction((tx) =>
      tx
        .update(ltiLinks)
        .set({ lineItemUrl: url })
        .where(
          and(
            eq(ltiLinks.platformId, link.platformId),
            eq(ltiLinks.resourceLinkId, link.resourceLinkId),
          ),
        ),
    );
  return url;
}

/** The learners of the board who came from this platform: their subs and user names. */
async function learners(db: Db, platformId: string, boardId: string, onlyUserId?: string) {
  return db
    .select({ sub: ltiUsers.sub, username: users.username })
    .from(boardMembers)
    .innerJoin(users, eq(users.username, boardMembers.username))
    .innerJoin(ltiUsers, and(eq(ltiUsers.userId, users.id), eq(ltiUsers.platformId, platformId)))
    .where(
      and(
        eq(boardMembers.multilistId, boardId),
        eq(boardMembers.kind, 'reader'),
        ...(onlyUserId ? [eq(users.id, onlyUserId)] : []),
      ),
    );
}

function scoresUrl(lineItemUrl: string): string {
  const u = new URL(lineItemUrl);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/scores`;
  return u.toString();
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
  const [link] = await db
    .select()
    .from(ltiLinks)
    .where(
      and(
        eq(ltiLinks.platformId, platform.id),
        eq(ltiLinks.resourceLinkId, claims.resourceLink.id),
      ),
    );
  if (!link) return 0;
  const lineItem = await lineItemFor(db, platform, link, claims.grades, now);
  if (!lineItem) return 0;
  const people = await learners(
    db,
    platform.id,
    link.multilistId,
    launcher.instructor ? undefined : launcher.id,
  );
  const counts = await participation(
    db,
    link.multilistId,
    people.map((p) => p.username),
  );
  const granted = claims.grades.scopes;
  const scopes = [SCOPES.lineItems, SCOPES.scores].filter((x) => granted.includes(x));
  const token = await serviceToken(db, platform, scopes, now);
  const weights = weightsOf(claims);
  for (const person of people) {
    const p = counts.get(person.username) ?? { notes: 0, replies: 0, words: 0 };
    await serviceFetch(token, scoresUrl(lineItem), {
      method: 'POST',
      accept: 'application/json',
      contentType: SCORE,
      body: {
        userId: person.sub,
        scoreGiven: participationScore(p, weights),
        scoreMaximum: SCORE_MAXIMUM,
        comment: `${String(p.notes)} notes, ${String(p.replies)} replies, ${String(p.words)} words`,
        timestamp: now.toISOString(),
        activityProgress: 'InProgress',
        gradingProgress: 'FullyGraded',
      },
    });
  }
  return people.length;
}
