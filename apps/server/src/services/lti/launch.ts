/**
 * A verified launch, carried out in the caller's one transaction: the account, the course and
 * its group, the board the resource link opens, and the user's place on the course's boards.
 * When any step refuses, the transaction leaves nothing behind.
 *
 * Which board a link opens: the one it was placed with. A link with none yet takes, at an
 * instructor's launch, the board its custom parameter `board=owner/board` or its target link URI
 * names, when that instructor may place it (core/policy: they own it), or else a new board the
 * instructor owns; a learner launching a link with no board is told to wait for the instructor. So no one
 * gains a board through a platform that they could not already write to.
 */
import { and, eq } from 'drizzle-orm';
import { pathTitle, type AppVersion } from '@listboard/core';
import type { Db } from '../../db/client';
import { multilists } from '../../db/schema';
import type { UserRow } from '../accounts/users';
import { accountFor } from './accounts';
import { LaunchError, type LaunchClaims } from './claims';
import {
  courseFor,
  joinCourse,
  linkBoard,
  linkedBoard,
  mayPlace,
  newCourseBoard,
  noteLinkLaunch,
  placedBoard,
  trashedLinkBoard,
  type Course,
} from './course';
import type { PlatformRow } from './platforms';

export interface LaunchResult {
  user: UserRow;
  /** The course launched from, if any. */
  course: Course | null;
  /** The board's address in the app, '/owner/ptitle'. */
  target: string;
}

interface BoardRef {
  id: string;
  owner: string;
  ptitle: string;
  /** The list (its #anchor) the link opens at, when it places a section of the board. */
  section?: string | null;
}

async function boardById(db: Db, id: string): Promise<BoardRef | undefined> {
  const [row] = await db
    .select({ id: multilists.id, owner: multilists.owner, ptitle: multilists.ptitle })
    .from(multilists)
    .where(eq(multilists.id, id));
  return row;
}

/** The "owner/board" a launch names, by custom parameter or by a target link URI of this app. */
function namedBoard(claims: LaunchClaims, publicUrl: string): [string, string] | null {
  let path = claims.customBoard;
  if (!path && claims.targetLinkUri) {
    try {
      const u = new URL(claims.targetLinkUri);
      if (u.origin === new URL(publicUrl).origin) path = decodeURIComponent(u.pathname);
    } catch {
      path = null;
    }
  }
  const parts = (path ?? '').split('/').filter(Boolean);
  if (parts.length !== 2 || parts[0] === 'lti' || parts[0] === 'api') return null;
  return [parts[0] ?? '', parts[1] ?? ''];
}

/** A board the launch names, when this user may place it in a course (they own it). */
async function placeableBoard(
  db: Db,
  user: UserRow,
  [owner, ptitle]: [string, string],
  appVersion: AppVersion,
): Promise<BoardRef | undefined> {
  const [board] = await db
    .select({ id: multilists.id, owner: multilists.owner, ptitle: multilists.ptitle })
    .from(multilists)
    .where(and(eq(multilists.owner, owner), eq(multilists.ptitle, pathTitle(ptitle))));
  return board && (await mayPlace(db, user, board.id, appVersion)) ? board : undefined;
}

async function targetBoard(
  db: Db,
  platform: PlatformRow,
  claims: LaunchClaims,
  user: UserRow,
  course: Course | null,
  opts: { publicUrl: string; appVersion: AppVersion },
): Promise<BoardRef> {
  const link = claims.resourceLink;
  if (!link)
    throw new LaunchError(
      'The launch names no resource link.',
      'A resource link launch must carry the resource_link claim.',
    );
  const placed = await linkedBoard(db, platform.id, link.id);
  const board = placed ? await boardById(db, placed.id) : undefined;
  if (board) return { ...board, section: placed?.section ?? null };
  // A link placed by deep linking names its placement: its board opens for anyone, first time.
  const placement = claims.customPlacement
    ? await placedBoard(db, platform.id, claims.customPlacement)
    : undefined;
  const placedRef = placement ? await boardById(db, placement.id) : undefined;
  if (placedRef) {
    const section = placement?.section ?? null;
    await linkBoard(db, platform.id, link.id, course, placedRef.id, section);
    return { ...placedRef, section };
  }
  // Its board deleted (the link went to the Trash with it): said, not replaced by a new board.
  const trashed = await trashedLinkBoard(db, platform.id, link.id);
  if (trashed)
    throw new LaunchError(
      `The board this link opens, “${trashed.title}”, was deleted: it is in the Trash of ${trashed.owner}.`,
      'Nothing for the platform to change: the board’s owner restores it from the Trash (Edit menu → Trash, Boards you deleted), and the link opens it again, its grades with it.',
    );
  if (claims.role !== 'instructor')
    throw new LaunchError(
      'This link has no board yet.',
      'The course instructor opens the link once first (or places a board with deep linking).',
    );
  const named = namedBoard(claims, opts.publicUrl);
  const chosen =
    (named && (await placeableBoard(db, user, named, opts.appVersion))) ??
    (await newCourseBoard(db, user, link.title || claims.context?.title || ''));
  await linkBoard(db, platform.id, link.id, course, chosen.id);
  return chosen;
}

export async function completeLaunch(
  db: Db,
  platform: PlatformRow,
  claims: LaunchClaims,
  opts: { publicUrl: string; appVersion: AppVersion; now: Date },
): Promise<LaunchResult> {
  const user = await accountFor(db, platform.id, claims, opts.now);
  const course = claims.context
    ? await courseFor(db, platform.id, claims.context, {
        membershipsUrl: claims.membershipsUrl,
        lineItemsUrl: claims.grades?.lineItems,
      })
    : null;
  const board = await targetBoard(db, platform, claims, user, course, opts);
  await noteLinkLaunch(db, platform.id, claims);
  await joinCourse(db, user, claims.role, course, board.id);
  const section = board.section ? `#${encodeURIComponent(board.section)}` : '';
  return {
    user,
    course,
    target: `/${encodeURIComponent(board.owner)}/${encodeURIComponent(board.ptitle)}${section}`,
  };
}
