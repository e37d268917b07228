/**
 * A course (the LTI context) as Listboard keeps it: a private reader group whose members are the
 * people launched from the course, and the boards placed in it (its resource links). Each board
 * of the course references the group, so its members see each other's group notes; instructors
 * are the boards' coauthors and learners their readers.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_USER, can, must, pathTitle, type AppVersion } from '@listboard/core';
import type { Db } from '../../db/client';
import {
  boardMembers,
  groupMembers,
  groups,
  ltiContexts,
  ltiLinks,
  multilists,
  trash,
} from '../../db/schema';
import { toActor, type UserRow } from '../accounts/users';
import { resolveTarget } from '../boards/access';
import { createBoard } from '../boards/create';
import type { CourseRole, LaunchClaims } from './claims';
import { platformWeightsOf } from './participation';

export interface Course {
  id: string;
  groupName: string;
}

/** The course's group name: its title and a short mark of (platform, context), unique. */
function groupNameFor(platformId: string, contextId: string, title: string): string {
  const mark = createHash('sha256').update(`${platformId}\n${contextId}`).digest('hex').slice(0, 8);
  return `${title.trim().slice(0, 80) || 'Course'} (LTI ${mark})`;
}

/** The course a launch comes from, with its group; made at its first launch. */
export async function courseFor(
  db: Db,
  platformId: string,
  context: { id: string; title: string },
  services: { membershipsUrl?: string | null; lineItemsUrl?: string | null } = {},
): Promise<Course> {
  const urls = {
    ...(services.membershipsUrl ? { membershipsUrl: services.membershipsUrl } : {}),
    ...(services.lineItemsUrl ? { lineItemsUrl: services.lineItemsUrl } : {}),
  };
  const [known] = await db
    .select({ id: ltiContexts.id, groupName: groups.name })
    .from(ltiContexts)
    .innerJoin(groups, eq(groups.id, ltiContexts.groupId))
    .where(and(eq(ltiContexts.platformId, platformId), eq(ltiContexts.contextId, context.id)));
  if (known) {
    if (Object.keys(urls).length)
      await db.update(ltiContexts).set(urls).where(eq(ltiContexts.id, known.id));
    return known;
  }
  const name = groupNameFor(platformId, context.id, context.title);
  const [existing] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(sql`lower(${groups.name}) = lower(${name})`);
  const group =
    existing ??
    must(
      (
        await db
          .insert(groups)
          .values({
            name,
            description: `Members of the course ${context.title}, from its learning platform.`,
            isPrivate: true,
            owner: ADMIN_USER,
          })
          .returning({ id: groups.id, name: groups.name })
      )[0],
      'the course group',
    );
  const [row] = await db
    .insert(ltiContexts)
    .values({ platformId, contextId: context.id, title: context.title, groupId: group.id, ...urls })
    .returning({ id: ltiContexts.id });
  return { id: must(row, 'the course').id, groupName: group.name };
}

/** Places a board (or one of its sections) in a course as the board of a resource link. */
export async function linkBoard(
  db: Db,
  platformId: string,
  resourceLinkId: string,
  course: Course | null,
  boardId: string,
  section: string | null = null,
): Promise<void> {
  await db
    .insert(ltiLinks)
    .values({
      platformId,
      resourceLinkId,
      contextRowId: course?.id ?? null,
      multilistId: boardId,
      section,
    })
    .onConflictDoUpdate({
      target: [ltiLinks.platformId, ltiLinks.resourceLinkId],
      set: { multilistId: boardId, contextRowId: course?.id ?? null, section },
    });
}

/** The board a resource link opens, and the section it opens at, if it has one. */
export async function linkedBoard(
  db: Db,
  platformId: string,
  resourceLinkId: string,
): Promise<{ id: string; section: string | null } | undefined> {
  const [row] = await db
    .select({ id: ltiLinks.multilistId, section: ltiLinks.section })
    .from(ltiLinks)
    .where(and(eq(ltiLinks.platformId, platformId), eq(ltiLinks.resourceLinkId, resourceLinkId)));
  return row;
}

/**
 * The deleted board a link opened, if it waits in its owner's Trash (the link went into the Trash
 * with it): its title and owner.
 */
export async function trashedLinkBoard(
  db: Db,
  platformId: string,
  resourceLinkId: string,
): Promise<{ title: string; owner: string } | undefined> {
  const [row] = await db
    .select({ title: trash.title, owner: trash.owner })
    .from(trash)
    .where(
      and(
        eq(trash.kind, 'board'),
        sql`${trash.rows} -> 'ltiLinks' @> ${JSON.stringify([{ platformId, resourceLinkId }])}::jsonb`,
      ),
    )
    .orderBy(desc(trash.deletedAt))
    .limit(1);
  return row;
}

/**
 * What a launch tells of its link: its title in the course, the grade services granted (kept
 * for the instructor's "Send scores now"), and the weights its custom parameters give.
 */
export async function noteLinkLaunch(
  db: Db,
  platformId: string,
  claims: Pick<LaunchClaims, 'resourceLink' | 'grades' | 'weights'>,
): Promise<void> {
  if (!claims.resourceLink) return;
  await db
    .update(ltiLinks)
    .set({
      title: claims.resourceLink.title,
      platformWeights: platformWeightsOf(claims),
      ...(claims.grades ? { gradeScopes: claims.grades.scopes } : {}),
    })
    .where(
      and(eq(ltiLinks.platformId, platformId), eq(ltiLinks.resourceLinkId, claims.resourceLink.id)),
    );
}

async function courseBoardIds(db: Db, course: Course): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: ltiLinks.multilistId })
    .from(ltiLinks)
    .where(eq(ltiLinks.contextRowId, course.id));
  return rows.map((r) => r.id);
}

/**
 * Makes the user a member of the course: in its group, and on each of its boards (and the one
 * launched, which may belong to no course) a coauthor if they teach, a reader if they learn.
 * Each course board references the course's group.
 */
export async function joinCourse(
  db: Db,
  user: UserRow,
  role: CourseRole,
  course: Course | null,
  boardId?: string,
): Promise<void> {
  const boardIds = new Set(course ? await courseBoardIds(db, course) : []);
  if (boardId) boardIds.add(boardId);
  const kind = role === 'instructor' ? 'author' : 'reader';
  for (const id of boardIds) {
    await db
      .insert(boardMembers)
      .values({ multilistId: id, username: user.username, kind })
      .onConflictDoNothing();
  }
  if (!course) return;
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.name, course.groupName));
  if (group)
    await db
      .insert(groupMembers)
      .values({ groupId: group.id, userId: user.id })
      .onConflictDoNothing();
  for (const id of boardIds) {
    await db
      .update(multilists)
      .set({ groups: sql`array_append(${multilists.groups}, ${course.groupName})` })
      .where(
        and(eq(multilists.id, id), sql`not (${course.groupName} = any(${multilists.groups}))`),
      );
  }
}

/** A new board for a resource link, owned by the instructor, its title free among theirs. */
export async function newCourseBoard(
  db: Db,
  user: UserRow,
  title: string,
): Promise<{ id: string; owner: string; ptitle: string }> {
  const base = title.trim().slice(0, 100) || 'Course board';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base} ${String(n)}`;
    const [taken] = await db
      .select({ id: multilists.id })
      .from(multilists)
      .where(and(eq(multilists.owner, user.username), eq(multilists.ptitle, pathTitle(candidate))));
    if (taken) continue;
    const id = await createBoard(db, {
      owner: user.username,
      title: candidate,
      description: 'A board placed in a course through its learning platform.',
      listed: false,
      lists: [{ title: 'Readings', items: [] }],
    });
    return { id, owner: user.username, ptitle: pathTitle(candidate) };
  }
}

/** Placements (deep linking) are link rows under this prefix until their link is launched. */
export const PLACEMENT_PREFIX = 'dl:';

/** The board (and section) a placed link opens, by the placement its custom parameter carries. */
export async function placedBoard(
  db: Db,
  platformId: string,
  placement: string,
): Promise<{ id: string; section: string | null } | undefined> {
  return linkedBoard(db, platformId, `${PLACEMENT_PREFIX}${placement}`);
}

/**
 * Whether this user may place the board in a course: placing makes the course's instructors its
 * coauthors and assigns it the course's group, so it takes both of those rights (core/policy).
 */
export async function mayPlace(
  db: Db,
  user: UserRow,
  boardId: string,
  appVersion: AppVersion,
): Promise<boolean> {
  const { policy } = await resolveTarget(db, { multilistId: boardId });
  const actor = toActor(user);
  return (
    can(actor, policy, 'addCoauthor', { appVersion }) &&
    can(actor, policy, 'assignGroup', { appVersion })
  );
}
