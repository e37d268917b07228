/**
 * load_multilists on a 50 × 40 board (2,000 items, 4,000 blocks), 200 calls, against the bare
 * SQL that reads the same rows, on both drivers. The ratio is what the service adds on top of
 * the database: assembly, policy, view states.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/seed';
import { createBoard } from '../apps/server/src/services/boards/create';
import { clearContentCache, loadMultilists } from '../apps/server/src/services/boards/load';
import { onBothDrivers } from './drivers';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);

function board50x40() {
  return {
    owner: 'author',
    title: 'board-load',
    lists: Array.from({ length: 50 }, (_, li) => ({
      title: `List ${li}`,
      items: Array.from(
        { length: 40 },
        (_, ii) => `### Item ${li}.${ii}\n\nSome words about item ${ii}, with *emphasis*.`,
      ),
    })),
  };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 10; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

async function measure(database: Database) {
  await database.migrate();
  await seed(database.db);
  await createBoard(database.db, board50x40());
  const ctx = { actor: null, appVersion: 'PRODUCTION' as const };
  const [b] = await loadMultilists(database.db, ['/author/board-load'], ctx);
  const blockCount = b!.lists.reduce(
    (n, l) => n + l.items.reduce((m, i) => m + i.blocks.length, 0),
    0,
  );
  const service = await time(() => loadMultilists(database.db, ['/author/board-load'], ctx));
  const cold = await time(() => {
    clearContentCache(database.db);
    return loadMultilists(database.db, ['/author/board-load'], ctx);
  });
  const bare = await time(async () => {
    const r = await database.db.execute(
      sql`select id from multilists where owner = 'author' and ptitle = 'board-load'`,
    );
    const id = (r as { rows: { id: string }[] }).rows[0]!.id;
    await database.db.execute(sql`select * from lists where multilist_id = ${id} order by index`);
    await database.db.execute(
      sql`select * from items where multilist_id = ${id} order by list_id, index`,
    );
    await database.db.execute(
      sql`select b.* from blocks b join items i on i.id = b.item_id where i.multilist_id = ${id} order by b.item_id, b.index`,
    );
  });
  return {
    items: b!.lists.reduce((n, l) => n + l.items.length, 0),
    blocks: blockCount,
    service,
    cold,
    bare,
  };
}

export async function boardLoadBench() {
  const results = await onBothDrivers(measure);
  for (const [driver, r] of Object.entries(results)) {
    console.log(`board-load on ${driver}: ${r.items} items, ${r.blocks} blocks, ${CALLS} calls`);
    console.log(
      `  load_multilists : p50 ${r.service.p50.toFixed(1)} ms, p95 ${r.service.p95.toFixed(1)} ms`,
    );
    console.log(
      `  … cold (no cache): p50 ${r.cold.p50.toFixed(1)} ms, p95 ${r.cold.p95.toFixed(1)} ms`,
    );
    console.log(
      `  bare SQL        : p50 ${r.bare.p50.toFixed(1)} ms, p95 ${r.bare.p95.toFixed(1)} ms`,
    );
    console.log(`  ratio (p50)     : ${(r.service.p50 / r.bare.p50).toFixed(2)}×`);
  }
  return results;
}
