/**
 * The course roster (LTI Names and Role Provisioning Services) synced into the course: every
 * active member gets their account, a place in the course's group and on its boards (coauthor
 * or reader, as at a launch), before they ever launch; a member the platform marks inactive or
 * deleted, or who is no longer on a roster read to its end, leaves the group. The roster is read
 * outside any transaction, then written in one.
 */
import { and, eq, inArray, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, ltiContexts, ltiPlatforms, ltiUsers } from '../../db/schema';
import { accountFor } from './accounts';
import { courseRole } from './claims';
import { joinCourse } from './course';
import { SCOPES, serviceFetch, serviceToken } from './service-token';

const MEMBERSHIPS = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** Pages of a roster read at most (a platform pages by a few hundred members). */
const MAX_PAGES = 100;
/** A course's roster is read again at an instructor's launch at most this often. */
export const ROSTER_EVERY_MS = 60 * 60 * 1000;

interface Member {
  user_id: string;
  status?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  roles?: string[];
}

/** The next page's address from a Link header (RFC 8288), if any. */
function nextPage(link: string | null): string | null {
  for (const part of (link ?? '').split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (m?.[1]) return m[1];
  }
  return null;
}

/** The roster's members, and whether it was read to its end (not cut at MAX_PAGES). */
async function readRoster(
  token: string,
  url: string,
): Promise<{ members: Member[]; complete: boolean }> {
  const members: Member[] = [];
  let next: string | null = url;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const res = await serviceFetch(token, next, { accept: MEMBERSHIPS });
    const body = (await res.json()) as { members?: unknown };
    if (Array.isArray(body.members))
      for (const m of body.members as Member[])
        if (typeof m.user_id === 'string' && m.user_id !== '') members.push(m);
    next = nextPage(res.headers.get('link'));
  }
  return { members, complete: next === null };
}

const nameOf = (m: Member) =>
  m.name ?? [m.given_name, m.family_name].filter((x) => typeof x === 'string').join(' ');

export interface RosterSync {
  active: number;
  left: number;
}

/**
 * Reads a course's roster into it. Unless `force`, only when the course names a roster and it
 * was not read in the last hour; answers null when it did nothing.
 */
export async function syncRoster(
  db: Db,
  courseId: string,
  now: Date,
  force = false,
): Promise<RosterSync | null> {
  const [row] = await db
    .select({ course: ltiContexts, platform: ltiPlatforms, groupName: groups.name })
    .from(ltiContexts)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
    .innerJoin(groups, eq(groups.id, ltiContexts.groupId))
    .where(eq(ltiContexts.id, courseId));
  if (!row?.course.membershipsUrl) return null;
  const synced = row.course.rosterSynced;
  if (!force && synced && now.getTime() - synced.getTime() < ROSTER_EVERY_MS) return null;
  const token = await serviceToken(db, row.platform, [SCOPES.roster], now);
  const { members, complete } = await readRoster(token, row.course.membershipsUrl);
  const course = { id: row.course.id, groupName: row.groupName };
  return db.transaction(async (tx) => {
    const gone: string[] = [];
    let active = 0;
    for (const m of members) {
      if (m.status === 'Inactive' || m.status === 'Deleted') {
        gone.push(m.user_id);
        continue;
      }
      const person = {
        sub: m.user_id,
        name: nameOf(m),
        email: m.email ?? null,
        role: courseRole(m.roles ?? []),
      };
      const user = await accountFor(tx, row.platform.id, person, now);
      await joinCourse(tx, user, person.role, course);
      active++;
    }
    const listed = members.map((m) => m.user_id);
    // Members of the group who came from this platform: those the roster marks gone, and, when
    // it was read to its end, those it no longer lists, leave it.
    const leaving = tx
      .select({ id: ltiUsers.userId })
      .from(ltiUsers)
      .where(
        and(
          eq(ltiUsers.platformId, row.platform.id),
          complete
            ? or(
                inArray(ltiUsers.sub, gone.length ? gone : ['']),
                notInArray(ltiUsers.sub, listed.length ? listed : ['']),
              )
            : inArray(ltiUsers.sub, gone.length ? gone : ['']),
        ),
      );
    const left = await tx
      .delete(groupMembers)
      .where(
        and(eq(groupMembers.groupId, row.course.groupId), inArray(groupMembers.userId, leaving)),
      )
      .returning({ id: groupMembers.userId });
    await tx.update(ltiContexts).set({ rosterSynced: now }).where(eq(ltiContexts.id, courseId));
    return { active, left: left.length };
  });
}
