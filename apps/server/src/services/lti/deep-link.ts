/**
 * Deep linking: an instructor's LtiDeepLinkingRequest opens a page where they pick one of their
 * boards (or make one); Listboard answers the platform with a signed LtiDeepLinkingResponse that
 * places it in the course as a resource link.
 *
 * The placed link carries a custom parameter `placement`, an unguessable id of a link row made
 * here (`lti_links`, resource link id `dl:<placement>`), which the platform sends back with
 * every launch of the link. So the first launch of a placed link opens its board, whoever makes
 * it, and a board is placed only by someone who authors it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { notesDueOf, pathTitle, type AppVersion } from '@listboard/core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { lists, ltiStates, multilists } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import type { UserRow } from '../accounts/users';
import { accountFor } from './accounts';
import { LaunchError, LTI_VERSION, type LaunchClaims } from './claims';
import {
  courseFor,
  joinCourse,
  linkBoard,
  mayPlace,
  newCourseBoard,
  PLACEMENT_PREFIX,
  type Course,
} from './course';
import { SCORE_MAXIMUM, WEIGHTS } from './participation';
import { signingKey } from './keys';
import type { PlatformRow } from './platforms';

/** How long the instructor may take to pick a board. */
export const PICK_MINUTES = 60;

const request = z.object({
  platformId: z.string(),
  deploymentId: z.string(),
  returnUrl: z.string(),
  data: z.string().nullable(),
  course: z.object({ id: z.string(), groupName: z.string() }).nullable(),
});
export type DeepLinkRequest = z.infer<typeof request>;

/** Verified deep-linking request: the instructor's account and course, and the pick's token. */
export async function startDeepLinking(
  db: Db,
  platform: PlatformRow,
  claims: LaunchClaims,
  now: Date,
): Promise<{ user: UserRow; token: string }> {
  if (claims.role !== 'instructor')
    throw new LaunchError(
      "Only a course's instructors place Listboard boards in it.",
      'Offer the deep-linking placement to instructors only.',
    );
  if (!claims.deepLinking)
    throw new LaunchError(
      'The deep-linking request has no deep_link_return_url.',
      'Send the deep_linking_settings claim with the request.',
    );
  let returnUrl: URL | null = null;
  try {
    returnUrl = new URL(claims.deepLinking.returnUrl);
  } catch {
    returnUrl = null;
  }
  if (returnUrl?.protocol !== 'https:' && returnUrl?.protocol !== 'http:')
    throw new LaunchError(
      'The deep_link_return_url is not an http(s) address.',
      'Send the address where the platform takes the placed content back.',
    );
  const user = await accountFor(db, platform.id, claims, now);
  const course = claims.context ? await courseFor(db, platform.id, claims.context) : null;
  const settings: DeepLinkRequest = {
    platformId: platform.id,
    deploymentId: claims.deploymentId,
    returnUrl: claims.deepLinking.returnUrl,
    data: claims.deepLinking.data,
    course,
  };
  const token = newToken();
  await db.insert(ltiStates).values({
    id: hashToken(token),
    kind: 'deeplink',
    platformId: platform.id,
    userId: user.id,
    target: JSON.stringify(settings),
    expires: new Date(now.getTime() + PICK_MINUTES * 60_000),
  });
  return { user, token };
}

/** A waiting deep-linking request; `take` uses it up. Undefined when unknown or expired. */
export async function deepLinkRequest(
  db: Db,
  token: string,
  now: Date,
  take = false,
): Promise<{ userId: string; settings: DeepLinkRequest } | undefined> {
  const where = and(eq(ltiStates.id, hashToken(token)), eq(ltiStates.kind, 'deeplink'));
  const [row] = take
    ? await db.delete(ltiStates).where(where).returning()
    : await db.select().from(ltiStates).where(where);
  if (!row?.userId || row.target === null || row.expires <= now) return undefined;
  const settings = request.safeParse(JSON.parse(row.target));
  return settings.success ? { userId: row.userId, settings: settings.data } : undefined;
}

/** The boards this user may place (core/policy decides, in placeBoard): those they own. */
export async function placeableBoards(db: Db, user: UserRow): Promise<PlaceableBoard[]> {
  const boards = await db
    .select({
      id: multilists.id,
      title: multilists.title,
      owner: multilists.owner,
      ptitle: multilists.ptitle,
      notesDue: multilists.notesDue,
    })
    .from(multilists)
    .where(eq(multilists.owner, user.username))
    .orderBy(multilists.title)
    .limit(500);
  const sections = new Map<string, Section[]>();
  if (boards.length) {
    const rows = await db
      .select({ boardId: lists.multilistId, title: lists.title, notesDue: lists.notesDue })
      .from(lists)
      .where(
        inArray(
          lists.multilistId,
          boards.map((b) => b.id),
        ),
      )
      .orderBy(asc(lists.multilistId), asc(lists.index));
    for (const r of rows) {
      const anchor = pathTitle(r.title);
      if (!anchor) continue;
      const of = sections.get(r.boardId) ?? [];
      if (!of.some((x) => x.anchor === anchor))
        of.push({ anchor, title: r.title, notesDue: r.notesDue });
      sections.set(r.boardId, of);
    }
  }
  return boards.map((b) => ({ ...b, sections: sections.get(b.id) ?? [] }));
}

/** A section of a board: one of its lists, by the #anchor its address takes, and its own date. */
export interface Section {
  anchor: string;
  title: string;
  notesDue: Date | null;
}
type PlacedBoard = {
  id: string;
  title: string;
  owner: string;
  ptitle: string;
  /** When notes on it are due: the platform is told, as the link's submission end. */
  notesDue?: Date | null;
};
export type PlaceableBoard = PlacedBoard & { sections: Section[] };

/** What the instructor picked: a board they own (or a section of it), or a new board. */
export type Choice = { boardId: string; section?: string | null } | { newTitle: string };

async function chosenBoard(
  db: Db,
  user: UserRow,
  choice: Choice,
  appVersion: AppVersion,
): Promise<PlacedBoard & { section: Section | null }> {
  if ('newTitle' in choice) {
    const title = choice.newTitle.trim() || 'Course board';
    return { ...(await newCourseBoard(db, user, title)), title, section: null };
  }
  const board = (await placeableBoards(db, user)).find((b) => b.id === choice.boardId);
  if (!board || !(await mayPlace(db, user, board.id, appVersion)))
    throw new LaunchError(
      'You can place only boards you own.',
      'Nothing for the platform to change: pick another board.',
    );
  const section = choice.section
    ? board.sections.find((x) => x.anchor === choice.section)
    : undefined;
  if (choice.section && !section)
    throw new LaunchError(
      'That section is no longer on the board.',
      'Nothing for the platform to change: start the placement again and pick another section.',
    );
  return {
    id: board.id,
    title: board.title,
    owner: board.owner,
    ptitle: board.ptitle,
    // A section's own date where its list has one (participation.ts gradedBy: what it grades).
    notesDue: notesDueOf(section?.notesDue, board.notesDue ?? null),
    section: section ?? null,
  };
}

/**
 * The instructor's choice: an existing board they own (or one of its sections), or a new one. Records the placement
 * and the board in the course, and answers the signed response the platform takes back.
 */
export async function placeBoard(
  db: Db,
  platform: PlatformRow,
  user: UserRow,
  settings: DeepLinkRequest,
  choice: Choice,
  opts: { launchUrl: string; appVersion: AppVersion; now: Date },
): Promise<{ jwt: string; title: string }> {
  const { now } = opts;
  const board = await chosenBoard(db, user, choice, opts.appVersion);
  const placement = randomBytes(18).toString('base64url');
  const course: Course | null = settings.course;
  const section = board.section;
  const title = section ? `${board.title}: ${section.title}` : board.title;
  await linkBoard(
    db,
    platform.id,
    `${PLACEMENT_PREFIX}${placement}`,
    course,
    board.id,
    section?.anchor ?? null,
  );
  await joinCourse(db, user, 'instructor', course, board.id);
  const { kid, key } = await signingKey(db, now);
  const item = {
    type: 'ltiResourceLink',
    title,
    url: opts.launchUrl,
    // The weights are here so that the instructor sees them, and can change them, in the
    // platform's settings of the link; the platform creates the link's gradebook column.
    custom: {
      board: `${board.owner}/${board.ptitle}`,
      ...(section ? { section: section.anchor } : {}),
      placement,
      note_points: String(WEIGHTS.note),
      reply_points: String(WEIGHTS.reply),
      word_points: String(WEIGHTS.word),
      late_percent: String(WEIGHTS.late),
      helpful_points: String(WEIGHTS.helpful),
    },
    ...(board.notesDue ? { submission: { endDateTime: board.notesDue.toISOString() } } : {}),
    lineItem: {
      scoreMaximum: SCORE_MAXIMUM,
      label: `${title}: participation`,
      resourceId: board.id,
      tag: 'listboard-participation',
    },
  };
  const jwt = await new SignJWT({
    nonce: randomUUID(),
    'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
    'https://purl.imsglobal.org/spec/lti/claim/version': LTI_VERSION,
    'https://purl.imsglobal.org/spec/lti/claim/deployment_id': settings.deploymentId,
    'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [item],
    ...(settings.data !== null
      ? { 'https://purl.imsglobal.org/spec/lti-dl/claim/data': settings.data }
      : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setAudience(platform.issuer)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + 300)
    .sign(key);
  return { jwt, title };
}
