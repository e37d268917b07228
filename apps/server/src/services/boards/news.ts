/**
 * What is new on the boards a user has visited (ours): for each of the boards they visited most
 * recently, what a load of the board would show them now that others wrote after the last thing
 * their last visit showed (its view state's `seenUpTo`, kept by the web's whatsNew), and how many
 * of those are replies under the caller's own notes and replies (core answersTo). Counted from the
 * load's own rows (prepare and walk), so it counts nothing the caller may not see.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { BOARD_NEWS_VISITS, answersTo, isGuestUser } from '@listboard/core';
import type { BoardNewsEntry } from '@listboard/core/api/contracts/load';
import type { Db } from '../../db/client';
import { multilists, viewStates } from '../../db/schema';
import { boardWithMembers } from './load-queries';
import { prepare, shownRows, type LoadContext } from './prepared';

export async function boardNews(db: Db, ctx: LoadContext): Promise<BoardNewsEntry[]> {
  const me = ctx.actor;
  if (!me || isGuestUser(me)) return [];
  const seenUpTo = sql<string | null>`${viewStates.state}->>'seenUpTo'`;
  const visits = await db
    .select({ id: viewStates.targetId, since: seenUpTo })
    .from(viewStates)
    .where(and(eq(viewStates.userId, me.id), eq(viewStates.kind, 'multilist'), isNotNull(seenUpTo)))
    .orderBy(desc(viewStates.modified))
    .limit(BOARD_NEWS_VISITS);
  if (visits.length === 0) return [];
  const boards = await db
    .select(boardWithMembers)
    .from(multilists)
    .where(
      inArray(
        multilists.id,
        visits.map((v) => v.id),
      ),
    );
  if (boards.length === 0) return [];
  const shown = shownRows(await prepare(db, boards, ctx));
  const since = new Map(visits.map((v) => [v.id, Date.parse(v.since ?? '')]));
  return boards
    .flatMap((b, i): BoardNewsEntry[] => {
      const from = since.get(b.id);
      // A board the caller may not open walks as no rows: nothing of it is counted.
      if (from === undefined || Number.isNaN(from)) return [];
      const rows = shown[i] ?? [];
      const fresh = rows.filter((r) => r.author !== me.username && r.created.getTime() > from);
      if (fresh.length === 0) return [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      const items = fresh.filter((r) => r.annotationClass === 'none').length;
      const newest = Math.max(...fresh.map((r) => r.created.getTime()));
      return [
        {
          multilistId: b.id,
          owner: b.owner,
          ptitle: b.ptitle,
          title: b.title,
          items,
          notes: fresh.length - items,
          toYou: fresh.filter((r) => answersTo(r, me.username, byId)).length,
          newest: new Date(newest).toISOString(),
        },
      ];
    })
    .sort((x, y) => y.newest.localeCompare(x.newest));
}
