/**
 * When notes are due on the boards a reader reads (ours): the boards whose visits they keep and
 * the boards given to a private group of theirs (a course's board, opened or not), those with a
 * due date not more than a day past (the board's, or a list's own: a course's week), the soonest
 * first, each with how many notes and replies of theirs the board shows them (on that list's
 * items, for a list's date). Only a private group counts, as only its members give it to a
 * board (groups.ts, assignGroup): an open group, anyone's to give, would let a stranger's board
 * onto its members' homes. Read through the load's own rows (prepare and walk): a board they may
 * not open (behind a password this session has not given) is left out, as are the boards whose
 * notes they answer, where the date is theirs to set, not to meet.
 */
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { BOARD_NEWS_VISITS, answersNotes, isGuestUser } from '@listboard/core';
import type { BoardDueEntry } from '@listboard/core/api/contracts/load';
import type { Db } from '../../db/client';
import { groupMembers, groups, lists, multilists, viewStates } from '../../db/schema';
import { policyBoard } from './access';
import type { ItemRow, ListRow } from './rows';
import { boardWithMembers } from './load-queries';
import { prepare, walk, type LoadContext, type Prepared } from './prepared';

/** How long after it has passed a due date still shows. */
const DUE_SHOWN_AFTER_MS = 24 * 60 * 60 * 1000;

/** A board's lists as its load shows them to the caller, each with its items and their notes. */
const shownLists = (p: Prepared) =>
  walk<ItemRow[], { list: ListRow; rows: ItemRow[] }, { list: ListRow; rows: ItemRow[] }[]>(p, {
    item: (row, _list, _at, notes) => [row, ...notes.flat()],
    list: (list, rows) => ({ list, rows: rows.flat() }),
    board: (_board, shown) => shown,
  });

export async function boardsDue(db: Db, ctx: LoadContext): Promise<BoardDueEntry[]> {
  const me = ctx.actor;
  if (!me || isGuestUser(me)) return [];
  // The dates still shown: a day past at the most.
  const since = new Date(Date.now() - DUE_SHOWN_AFTER_MS);
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
          or(
            gt(multilists.notesDue, since),
            sql`exists (select 1 from ${lists} l where l.multilist_id = ${multilists.id}
              and l.notes_due > ${since.toISOString()}::timestamptz)`,
          ),
        ),
      )
  ).filter((b) => !answersNotes(me, policyBoard(b, b.members)));
  if (boards.length === 0) return [];
  const p = await prepare(db, boards, ctx);
  const shown = shownLists(p);
  const mine = (rows: ItemRow[]) =>
    rows.filter((r) => r.annotationClass !== 'none' && r.author === me.username).length;
  return boards
    .flatMap((b, i): BoardDueEntry[] => {
      if (p.locked.has(b.id)) return [];
      const listed = shown[i] ?? [];
      // Each date still shown: the board's, for all it shows, and each list's own, for its items.
      const dates = [
        { at: b.notesDue, list: undefined, rows: listed.flatMap((l) => l.rows) },
        ...listed.map((l) => ({ at: l.list.notesDue, list: l.list.title, rows: l.rows })),
      ].flatMap((d) => (d.at && d.at > since ? [{ ...d, at: d.at }] : []));
      const soonest = dates.sort((x, y) => x.at.getTime() - y.at.getTime())[0];
      if (!soonest) return [];
      return [
        {
          multilistId: b.id,
          owner: b.owner,
          ptitle: b.ptitle,
          title: b.title,
          notesDue: soonest.at.toISOString(),
          ...(soonest.list !== undefined ? { list: soonest.list } : {}),
          wrote: mine(soonest.rows),
        },
      ];
    })
    .sort((x, y) => x.notesDue.localeCompare(y.notesDue));
}
