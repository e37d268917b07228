/**
 * board_insight on a board of 2,000 items (50 lists × 40) and 20,000 notes and replies, against
 * its baseline, the bare aggregate SQL (the one GROUPING SETS query the service runs), on both
 * drivers. A and B are interleaved over ROUNDS alternations (the order flips each round); each
 * round times the first call of each side after a write to the board (cold against cold), then
 * CALLS warm calls. Reported: the median of the rounds' medians and their spread (min–max).
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/seed';
import { createBoard } from '../apps/server/src/services/boards/create';
import { policyBoardOf } from '../apps/server/src/services/boards/access';
import { viewerFor } from '../apps/server/src/services/notes/visibility';
import { boardInsight, figuresQuery } from '../apps/server/src/services/insight/figures';
import type { InsightAsk } from '../apps/server/src/services/insight/counted';
import { rowsOf } from '../apps/server/src/db/rows-of';
import { multilists, users } from '../apps/server/src/db/schema';
import { onBothDrivers } from './drivers';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CALLS = Number(process.env.BENCH_CALLS ?? 15);
const NOTES = 18_000;
const REPLIES = 2_000;

function board50x40() {
  return {
    owner: 'author',
    title: 'insight-bench',
    lists: Array.from({ length: 50 }, (_, li) => ({
      title: `List ${li}`,
      items: Array.from(
        { length: 40 },
        (_, ii) => `Item ${li}.${ii}: passage 1, passage 2, passage 3.`,
      ),
    })),
  };
}

/**
 * 18,000 notes spread over the items and 200 readers (one in seven tagged), then 2,000 replies
 * to them (one in five tagged).
 */
async function addNotes(db: Database['db'], boardId: string) {
  await db.execute(sql`
    with c as (
      select id, list_id, row_number() over (order by id) - 1 as rn
      from items where multilist_id = ${boardId} and annotation_class = 'none'
    )
    insert into items (list_id, multilist_id, index, owner, author, hint, text, highlight,
      annotation_class, reply_level, parent_id, root_item_id, note_status, is_private,
      group_name, created)
    select c.list_id, ${boardId}, 0, 'author', 'reader' || (g % 200), 'Reader ' || (g % 200),
      case when g % 3 = 0 then 'Why does point ' || g || ' hold?'
        else 'A remark on point ' || g || ' with a few more words' end
        || case when g % 8 = 0 then ' #evidence' when g % 20 = 1 then ' #confused' else '' end,
      case when g % 4 = 0 then jsonb_build_object('block', null, 'version', 1, 'selector',
        jsonb_build_array(jsonb_build_object('type', 'TextQuoteSelector',
          'exact', 'passage ' || (g % 3 + 1), 'prefix', '', 'suffix', ''))) end,
      'note', 0, c.id, c.id,
      case when g % 10 = 0 then null when g % 5 = 0 then 'answered'
        when g % 7 = 0 then 'dismissed' else 'pending' end,
      g % 10 = 0, case when g % 6 = 0 then 'Group ' || (g % 3) end,
      now() - (g % 90) * interval '1 day'
    from generate_series(1, ${NOTES}) g join c on c.rn = (g * 7919) % 2000`);
  await db.execute(
    sql`update items set thread_id = id where multilist_id = ${boardId} and annotation_class = 'note'`,
  );
  await db.execute(sql`
    with n as (
      select id, list_id, root_item_id, row_number() over (order by id) as rn
      from items where multilist_id = ${boardId} and annotation_class = 'note'
    )
    insert into items (list_id, multilist_id, index, owner, author, text, annotation_class,
      reply_level, parent_id, root_item_id, thread_id, created)
    select n.list_id, ${boardId}, 0, 'author', 'reader' || (g % 150),
      'Me too, ' || g || case when g % 5 = 0 then ' #resolved' else '' end, 'reply', 1,
      n.id, n.root_item_id, n.id, now() - (g % 60) * interval '1 day'
    from generate_series(1, ${REPLIES}) g join n on n.rn = (g * 131) % ${NOTES} + 1`);
  await db.execute(sql`analyze items`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Side {
  cold: number[];
  warm: number[];
}

async function measure(database: Database) {
  await database.migrate();
  await seed(database.db);
  const db = database.db;
  const boardId = await createBoard(db, board50x40());
  await addNotes(db, boardId);
  const [board] = await db.select().from(multilists).where(eq(multilists.id, boardId));
  const [author] = await db.select().from(users).where(eq(users.username, 'author'));
  const actor = { id: author!.id, username: 'author', roles: author!.roles };
  const ask: InsightAsk = {
    board: board!,
    policy: await policyBoardOf(db, board!),
    viewer: await viewerFor(db, actor as never, null),
    username: 'author',
    scope: 'board',
  };
  const service = () => boardInsight(db, ask);
  const bare = () => rowsOf(db, figuresQuery(ask));
  const first = await service();
  const sides: Record<'service' | 'bare', Side> = {
    service: { cold: [], warm: [] },
    bare: { cold: [], warm: [] },
  };
  const time = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['bare', 'service'] as const) : (['service', 'bare'] as const);
    for (const name of order) {
      // A write to the board first: each side's first call meets a changed table.
      await db.execute(
        sql`update items set modified = now() where id = (select id from items where multilist_id = ${boardId} and annotation_class = 'note' limit 1)`,
      );
      const fn = name === 'service' ? service : bare;
      sides[name].cold.push(await time(fn));
      const warm: number[] = [];
      for (let i = 0; i < CALLS; i++) warm.push(await time(fn));
      sides[name].warm.push(median(warm));
    }
  }
  const summary = (xs: number[]) => ({
    median: median(xs),
    min: Math.min(...xs),
    max: Math.max(...xs),
  });
  return {
    items: first.lists.reduce((n, l) => n + l.items, 0),
    notes: first.totals.notes,
    replies: first.totals.replies,
    readers: first.readers.length,
    service: { cold: summary(sides.service.cold), warm: summary(sides.service.warm) },
    bare: { cold: summary(sides.bare.cold), warm: summary(sides.bare.warm) },
  };
}

export async function insightBench() {
  const results = await onBothDrivers(measure);
  const f = (s: { median: number; min: number; max: number }) =>
    `median ${s.median.toFixed(1)} ms (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;
  for (const [driver, r] of Object.entries(results)) {
    console.log(
      `insight on ${driver}: ${r.items} items, ${r.notes} notes, ${r.replies} replies, ${r.readers} writers; ${ROUNDS} A/B rounds × ${CALLS} calls`,
    );
    console.log(`  board_insight cold : ${f(r.service.cold)}`);
    console.log(`  bare SQL cold      : ${f(r.bare.cold)}`);
    console.log(`  board_insight warm : ${f(r.service.warm)}`);
    console.log(`  bare SQL warm      : ${f(r.bare.warm)}`);
    console.log(
      `  ratio (warm median): ${(r.service.warm.median / r.bare.warm.median).toFixed(2)}×`,
    );
  }
  return results;
}
