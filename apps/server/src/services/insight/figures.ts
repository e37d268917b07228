/**
 * A board's Insight figures, counted in the database in one pass over its notes and replies
 * (GROUP BY GROUPING SETS: per item, per list, per writer, per writer and group, per group, per
 * day and in all). What is counted: the notes and replies on the content items the caller can see
 * (contentSeenBy, the SQL form of canSee for content), private ones included; for a caller who is
 * not one of the board's authors, only their own. No note's text leaves this module: only counts, and the
 * quotes of passages (confusion.ts) and the tags (tags.ts) taken from notes the caller may see.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { headlineOf } from '@listboard/core';
import type {
  BoardInsight,
  InsightFigures,
  ListInsight,
} from '@listboard/core/api/contracts/insight';
import type { Db } from '../../db/client';
import { items, lists } from '../../db/schema';
import { contentSeenBy } from '../notes/visibility';
import { confusedPassages } from './confusion';
import { noteTags } from './tags';
import { rowsOf } from '../../db/rows-of';
import { countedNotes, type InsightAsk } from './counted';
import { groupRosters } from './roster';

/** Every figure in one query: one row per grouping set, told apart by which columns it groups. */
export function figuresQuery(ask: Pick<InsightAsk, 'board' | 'username' | 'scope'>): SQL {
  // Written after the notes on its list were due; none is late with no due date.
  const late = sql`count(*) filter (where n.created > n.due)`;
  return sql`with n as (${countedNotes(ask)})
    select grouping(n.item) as g_item, grouping(n.list) as g_list, grouping(n.author) as g_author,
      grouping(n.grp) as g_grp, grouping(n.day) as g_day,
      n.item, n.list, n.author, n.grp, n.day,
      count(*) filter (where n.is_note)::int as notes,
      count(*) filter (where n.q)::int as questions,
      count(*) filter (where n.is_note and n.status = 'pending')::int as pending,
      count(*) filter (where n.is_note and n.status = 'answered')::int as answered,
      count(*) filter (where n.is_note and n.status = 'dismissed')::int as dismissed,
      count(*) filter (where not n.is_note)::int as replies,
      count(distinct n.author) filter (where n.is_note)::int as readers,
      coalesce(sum(n.words), 0)::int as words, (${late})::int as late,
      coalesce(sum(n.votes), 0)::int as helpful,
      max(n.created) as last, max(n.hint) as hint
    from n
    group by grouping sets ((n.list, n.item), (n.list), (n.author), (n.author, n.grp), (n.grp),
      (n.day), ())`;
}

interface FigureRow extends InsightFigures {
  g_item: number;
  g_list: number;
  g_author: number;
  g_grp: number;
  g_day: number;
  item: string | null;
  list: string | null;
  author: string | null;
  grp: string | null;
  day: string | null;
  words: number;
  late: number;
  helpful: number;
  last: Date | string | null;
  hint: string | null;
}

const NONE: InsightFigures = {
  notes: 0,
  questions: 0,
  pending: 0,
  answered: 0,
  dismissed: 0,
  replies: 0,
  readers: 0,
};
const figuresOf = (r: InsightFigures | undefined): InsightFigures => ({
  notes: r?.notes ?? 0,
  questions: r?.questions ?? 0,
  pending: r?.pending ?? 0,
  answered: r?.answered ?? 0,
  dismissed: r?.dismissed ?? 0,
  replies: r?.replies ?? 0,
  readers: r?.readers ?? 0,
});
const iso = (d: Date | string | null) => (d === null ? '' : new Date(d).toISOString());

/**
 * For the board's authors: the groups given to the board join those with notes, and each group
 * whose roster is the caller's (roster.ts) has it: who in it has written nothing here yet.
 */
async function withRosters(
  db: Db,
  ask: InsightAsk,
  groups: BoardInsight['groups'],
  readers: BoardInsight['readers'],
) {
  for (const name of ask.board.groups) {
    if (!groups.some((g) => g.group === name))
      groups.push({ group: name, notes: 0, replies: 0, readers: 0, roster: null });
  }
  const wrote = new Set(readers.map((r) => r.username));
  const rosters = await groupRosters(
    db,
    ask,
    groups.map((g) => g.group),
    wrote,
  );
  for (const g of groups) g.roster = rosters.get(g.group) ?? null;
}

/** The Insight answer for this caller. */
export async function boardInsight(db: Db, ask: InsightAsk): Promise<BoardInsight> {
  const { board } = ask;
  const listRows = await db
    .select({ id: lists.id, title: lists.title, notesDue: lists.notesDue })
    .from(lists)
    .where(eq(lists.multilistId, board.id))
    .orderBy(asc(lists.index));
  const content = await db
    .select({ id: items.id, listId: items.listId, start: sql<string>`left(${items.text}, 400)` })
    .from(items)
    .where(
      and(
        eq(items.multilistId, board.id),
        eq(items.annotationClass, 'none'),
        contentSeenBy(ask.username),
      ),
    )
    .orderBy(asc(items.index));
  const rows = await rowsOf<FigureRow>(db, figuresQuery(ask));
  const byItem = new Map<string, FigureRow>();
  const byList = new Map<string, FigureRow>();
  let total: FigureRow | undefined;
  const readers: BoardInsight['readers'] = [];
  const groups: BoardInsight['groups'] = [];
  const timeline: BoardInsight['timeline'] = [];
  /** Each writer's groups, by user name. */
  const groupsOf = new Map<string, string[]>();
  for (const r of rows) {
    if (r.g_item === 0 && r.item) byItem.set(r.item, r);
    else if (r.g_list === 0 && r.list) byList.set(r.list, r);
    else if (r.g_author === 0 && r.g_grp === 0) {
      if (r.author && r.grp) groupsOf.set(r.author, [...(groupsOf.get(r.author) ?? []), r.grp]);
    } else if (r.g_author === 0 && r.author) {
      readers.push({
        username: r.author,
        fullname: r.hint,
        notes: r.notes,
        replies: r.replies,
        words: r.words,
        lastActivity: iso(r.last),
        late: r.late,
        helpful: r.helpful,
        groups: [],
      });
    } else if (r.g_grp === 0) {
      if (r.grp)
        groups.push({
          group: r.grp,
          notes: r.notes,
          replies: r.replies,
          readers: r.readers,
          roster: null,
        });
    } else if (r.g_day === 0 && r.day) {
      timeline.push({ day: r.day, notes: r.notes, replies: r.replies });
    } else total = r;
  }
  const listOrder = new Map(listRows.map((l, i) => [l.id, i]));
  const headlines = new Map(content.map((c) => [c.id, headlineOf([], c.start)]));
  const itemsOut = content
    .filter((c) => byItem.has(c.id))
    .sort((a, b) => (listOrder.get(a.listId) ?? 0) - (listOrder.get(b.listId) ?? 0))
    .map((c) => ({
      itemId: c.id,
      listId: c.listId,
      headline: headlines.get(c.id) ?? '',
      ...figuresOf(byItem.get(c.id)),
      late: byItem.get(c.id)?.late ?? 0,
    }));
  const itemCounts = new Map<string, number>();
  for (const c of content) itemCounts.set(c.listId, (itemCounts.get(c.listId) ?? 0) + 1);
  const listsOut: ListInsight[] = listRows.map((l) => ({
    listId: l.id,
    title: l.title,
    items: itemCounts.get(l.id) ?? 0,
    ...figuresOf(byList.get(l.id)),
    late: byList.get(l.id)?.late ?? 0,
    notesDue: l.notesDue?.toISOString() ?? null,
  }));
  for (const r of readers) r.groups = (groupsOf.get(r.username) ?? []).sort();
  readers.sort(
    (a, b) => b.notes + b.replies - (a.notes + a.replies) || (a.username < b.username ? -1 : 1),
  );
  // The passages and the tags read notes apart from the figures, and from each other.
  const [confusion, tags] = await Promise.all([
    confusedPassages(db, ask, headlines),
    noteTags(db, ask),
  ]);
  if (ask.scope === 'board') await withRosters(db, ask, groups, readers);
  groups.sort((a, b) => (a.group < b.group ? -1 : 1));
  timeline.sort((a, b) => (a.day < b.day ? -1 : 1));
  return {
    multilistId: board.id,
    owner: board.owner,
    title: board.title,
    ptitle: board.ptitle,
    scope: ask.scope,
    totals: total ? figuresOf(total) : NONE,
    items: itemsOut,
    lists: listsOut,
    readers,
    groups,
    confusion,
    tags,
    timeline,
  };
}
