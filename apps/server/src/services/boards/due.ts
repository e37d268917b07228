/**
 * When notes are due on the boards a reader reads (ours): the boards whose visits they keep and
 * the boards given to a private group of theirs (a course's board, opened or not), those with a
 * due date not more than a day past, the soonest first, each with how many notes and replies of
 * theirs the board shows them. Only a private group counts, as only its members give it to a
 * board (groups.ts, assignGroup): an open group, anyone's to give, would let a stranger's board
 * onto its members' homes. Read through the load's own rows (prepare and walk): a board they may
 * not open (behind a password this session has not given) is left out, as are the boards whose
 * notes they answer, where the date is theirs to set, not to meet.
 */
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { BOARD_NEWS_VISITS, answersNotes, isGuestUser } from '@listboard/core';
import type { BoardDueEntry } from '@listboard/core/api/contracts/load';
import type { Db } from '../../db/client';
import { groupMembers, groups, multilists, viewStates } from '../../db/schema';
import { policyBoard } from './access';
import { boardWithMembers } from './load-queries';
import { prepare, shownRows, type LoadContext } from './prepared';

/** How long after it has passed a due date still shows. */
const DUE_SHOWN_AFTER = sql`interval '1 day'`;

export async function boardsDue(db: Db, ctx: LoadContext): Promise<BoardDueEntry[]> {
  const me = ctx.actor;
  if (!me || isGuestUser(me)) return [];
  const visits = db
    .select({ id: viewStates.targetId })
    .from(viewStates)
    .where(and(eq(viewStates.userId, me.id), eq(viewStates.kind, 'multilist')))
    .orderBy(desc(viewStates.modified))
    .limit(BOARD_NEWS_VISITS);
  const courseGroups = db
    .select({ name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, me.id), eq(groups.isPrivate, true)));
  const boards = (
    await db
      .select(boardWithMembers)
      .from(multilists)
      .where(
        and(
          or(
            inArray(multilists.id, sql`(${visits})`),
            sql`${multilists.groups} && array(${courseGroups})`,
          ),
          gt(multilists.notesDue, sql`now() - ${DUE_SHOWN_AFTER}`),
        ),
      )
  ).filter((b) => !answersNotes(me, policyBoard(b, b.members)));
  if (boards.length === 0) return [];
  const p = await prepare(db, boards, ctx);
  const shown = shownRows(p);
  return boards
    .flatMap((b, i): BoardDueEntry[] =>
      p.locked.has(b.id) || !b.notesDue
        ? []
        : [
            {
              multilistId: b.id,
              owner: b.owner,
              ptitle: b.ptitle,
              title: b.title,
              notesDue: b.notesDue.toISOString(),
              wrote: (shown[i] ?? []).filter(
                (r) => r.annotationClass !== 'none' && r.author === me.username,
              ).length,
            },
          ],
    )
    .sort((x, y) => x.notesDue.localeCompare(y.notesDue));
}
