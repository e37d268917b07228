/**
 * What a learner's participation on a board counts for: their notes, replies and words (on the
 * list a link's section names, for a link placed at one), those written after they were due apart, the Helpful marks classmates gave them, and the
 * score the link's weights make of them (out of SCORE_MAXIMUM). The weights are the instructor's:
 * set on the Course grades page, or as the link's custom parameters (note_points, reply_points,
 * word_points, late_percent, helpful_points).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { notesDueOf, pathTitle } from '@listboard/core';
import type { Db } from '../../db/client';
import { items, lists, ltiLinks, multilists, type LinkWeights } from '../../db/schema';
import { dueSql } from '../notes/due-of';
import type { LaunchClaims } from './claims';

export const SCORE_MAXIMUM = 100;
/**
 * Points per note, per reply and per word written, up to SCORE_MAXIMUM, the percent of them late
 * work earns, and points per Helpful mark drawn (none: a course counts them only when its
 * instructor asks), unless the link says.
 */
export const WEIGHTS = { note: 10, reply: 5, word: 0.1, late: 100, helpful: 0 } as const;
export type Weights = Required<LinkWeights>;
type LinkRow = typeof ltiLinks.$inferSelect;

/** The link's weights: the page's if the instructor set them, else the platform's or the default. */
export function linkWeights(link: Pick<LinkRow, 'weights' | 'platformWeights'>): Weights {
  if (link.weights)
    return {
      ...link.weights,
      late: link.weights.late ?? WEIGHTS.late,
      helpful: link.weights.helpful ?? WEIGHTS.helpful,
    };
  const p = link.platformWeights ?? {};
  return {
    note: p.note ?? WEIGHTS.note,
    reply: p.reply ?? WEIGHTS.reply,
    word: p.word ?? WEIGHTS.word,
    late: p.late ?? WEIGHTS.late,
    helpful: p.helpful ?? WEIGHTS.helpful,
  };
}

/** The weights a launch's custom parameters give, those it does not give left out. */
export function platformWeightsOf(claims: Pick<LaunchClaims, 'weights'>): Partial<Weights> | null {
  const out: Partial<Weights> = {};
  if (claims.weights.note !== null) out.note = claims.weights.note;
  if (claims.weights.reply !== null) out.reply = claims.weights.reply;
  if (claims.weights.word !== null) out.word = claims.weights.word;
  if (claims.weights.late !== null) out.late = claims.weights.late;
  if (claims.weights.helpful !== null) out.helpful = claims.weights.helpful;
  return Object.keys(out).length ? out : null;
}

export interface Counts {
  notes: number;
  replies: number;
  words: number;
}

/**
 * What a learner wrote on a board, of it what they wrote after its notes were due, and how many
 * Helpful marks their notes and replies drew.
 */
export interface Participation extends Counts {
  late?: Counts;
  helpful?: number;
}

const NO_COUNTS: Counts = { notes: 0, replies: 0, words: 0 };
export const NO_PARTICIPATION: Participation = { ...NO_COUNTS, late: NO_COUNTS };

const points = (c: Counts, w: Weights) => c.notes * w.note + c.replies * w.reply + c.words * w.word;

export function participationScore(p: Participation, w: Weights = WEIGHTS): number {
  const late = points(p.late ?? NO_COUNTS, w);
  const raw = points(p, w) - late + (late * w.late) / 100 + (p.helpful ?? 0) * w.helpful;
  return Math.min(SCORE_MAXIMUM, Math.round(raw * 10) / 10);
}

/** How many notes and replies of these were written late. */
export const lateCount = (p: Participation) => (p.late ? p.late.notes + p.late.replies : 0);

/**
 * What a link grades: the whole board, or the list its section names (its #anchor, the first list
 * whose title makes it, as deep linking offered it; a list since renamed leaves the whole board);
 * when notes on it are due (that list's own date, else the board's); and, for the whole board,
 * how many lists have a date of their own.
 */
export interface Graded {
  listId: string | null;
  notesDue: Date | null;
  listDates: number;
}

export async function gradedBy(
  db: Db,
  link: { multilistId: string; section: string | null },
): Promise<Graded> {
  const [board] = await db
    .select({ notesDue: multilists.notesDue })
    .from(multilists)
    .where(eq(multilists.id, link.multilistId));
  const rows = await db
    .select({ id: lists.id, title: lists.title, notesDue: lists.notesDue })
    .from(lists)
    .where(eq(lists.multilistId, link.multilistId))
    .orderBy(asc(lists.index));
  const section = link.section ? rows.find((l) => pathTitle(l.title) === link.section) : undefined;
  return {
    listId: section?.id ?? null,
    notesDue: notesDueOf(section?.notesDue, board?.notesDue ?? null),
    listDates: section ? 0 : rows.filter((l) => l.notesDue).length,
  };
}

/**
 * Each user's notes, replies and words on the board (on one list of it, given its id), and those
 * written after they were due.
 */
export async function participation(
  db: Db,
  boardId: string,
  usernames: string[],
  listId: string | null = null,
): Promise<Map<string, Participation>> {
  const out = new Map<string, Participation>();
  if (usernames.length === 0) return out;
  // Late as Insight counts it: written after the notes on its list were due (notes/due-of.ts);
  // none without a date.
  const late = sql`${items.created} > ${dueSql(lists.notesDue, multilists.notesDue)}`;
  const count = (kind: 'note' | 'reply', also = sql`true`) =>
    sql<number>`count(*) filter (where ${items.annotationClass} = ${kind} and ${also})`.mapWith(
      Number,
    );
  // Counted as Insight counts them: the words the database keeps with each note.
  const words = (also = sql`true`) =>
    sql<number>`coalesce(sum(${items.wordCount}) filter (where ${also}), 0)`.mapWith(Number);
  const rows = await db
    .select({
      author: items.author,
      notes: count('note'),
      replies: count('reply'),
      words: words(),
      lateNotes: count('note', late),
      lateReplies: count('reply', late),
      lateWords: words(late),
      helpful: sql<number>`coalesce(sum(${items.votes}), 0)`.mapWith(Number),
    })
    .from(items)
    .innerJoin(multilists, eq(multilists.id, items.multilistId))
    .innerJoin(lists, eq(lists.id, items.listId))
    .where(
      and(
        eq(items.multilistId, boardId),
        listId ? eq(items.listId, listId) : undefined,
        inArray(items.annotationClass, ['note', 'reply']),
        inArray(items.author, usernames),
      ),
    )
    .groupBy(items.author);
  for (const r of rows)
    out.set(r.author, {
      notes: r.notes,
      replies: r.replies,
      words: r.words,
      late: { notes: r.lateNotes, replies: r.lateReplies, words: r.lateWords },
      helpful: r.helpful,
    });
  return out;
}
