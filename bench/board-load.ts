/**
 * The first load of a 50 × 40 board (2,000 items, 4,000 blocks) after a write, as JSON text, on
 * both drivers, against the fastest way to read the same rows: the bare SQL, the same five
 * selects run together. Cold against cold: the app's caches hold nothing the write left valid.
 *
 * - A: the bare SQL for the board's lists, items, blocks and markers.
 * - B: after an edit inside one item: the app reads that item again and patches its cached
 *   board (what each instance does when it hears the change), then answers the load.
 * - C: after an item added to a list: the app reads that list and the board's list rows and
 *   patches its cached board (what each instance does when it hears the change), then answers.
 * - D: after a change elsewhere (one the app does not patch): it reads the whole board.
 * - E: D in the packed form the web asks for (core/api/packed.ts).
 *
 * A, B, C, D and E alternate for ROUNDS rounds of CALLS loads each; each round gives a median, and the
 * figure is the median of the rounds with their spread (lowest to highest).
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { items, multilists } from '../apps/server/src/db/schema';
import { seed } from '../apps/server/src/seed/seed';
import { createBoard } from '../apps/server/src/services/boards/create';
import {
  patchContent,
  patchListsContent,
  readListsContent,
} from '../apps/server/src/services/boards/content';
import { insertItemAt } from '../apps/server/src/services/boards/items';
import { clearContentCache, loadMultilistsJson } from '../apps/server/src/services/boards/load';
import { buildPatch } from '../apps/server/src/realtime/item-patch';
import { itemColumns } from '../apps/server/src/services/boards/rows';
import { onBothDrivers } from './drivers';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ADDRESS = '/author/board-load';

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

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface Spread {
  median: number;
  low: number;
  high: number;
}
/** The median of rounds' figures, with the lowest and highest. */
export const spread = (rounds: number[]): Spread => ({
  median: median(rounds),
  low: Math.min(...rounds),
  high: Math.max(...rounds),
});

/** The median of CALLS timed runs of `fn`, each after `before` (untimed). */
async function round(before: () => Promise<void>, fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    await before();
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

async function measure(database: Database) {
  const { db } = database;
  await database.migrate();
  await seed(db);
  await createBoard(db, board50x40());
  const ctx = { actor: null, appVersion: 'PRODUCTION' as const };
  const [board] = await db.select().from(multilists).where(eq(multilists.ptitle, 'board-load'));
  const id = board!.id;
  const [edited] = await db
    .select({ id: items.id, listId: items.listId })
    .from(items)
    .where(eq(items.multilistId, id))
    .limit(1);
  const bump = () =>
    db
      .update(multilists)
      .set({ version: sql`${multilists.version} + 1` })
      .where(eq(multilists.id, id))
      .returning({ version: multilists.version });
  const loadJson = () => loadMultilistsJson(db, [ADDRESS], ctx);
  const loadPacked = () => loadMultilistsJson(db, [ADDRESS], { ...ctx, form: 'packed' });
  const first = await loadJson();
  const bytes = 'json' in first ? first.json.length : 0;

  // The columns of items the app reads (not the search vector, nor Insight's counts).
  const itemList = sql.raw(
    Object.values(itemColumns)
      .map((c) => `"${c.name}"`)
      .join(', '),
  );
  const bare = () =>
    Promise.all([
      db.execute(sql`select * from lists where multilist_id = ${id} order by index`),
      db.execute(
        sql`select ${itemList} from items where multilist_id = ${id} order by list_id, index`,
      ),
      db.execute(
        sql`select b.* from blocks b where b.item_id in (select id from items where multilist_id = ${id}) order by b.item_id, b.index`,
      ),
      db.execute(
        sql`select m.* from media_markers m where m.item_id in (select id from items where multilist_id = ${id}) order by m.time`,
      ),
      db.execute(
        sql`select t.* from text_markers t where t.item_id in (select id from items where multilist_id = ${id}) order by t.cursor_index`,
      ),
    ]);
  // An edit inside one item: its text changes and the board's version moves on.
  let n = 0;
  const editOne = async () => {
    await loadJson();
    await db
      .update(items)
      .set({ text: `### Edited ${++n}`, version: sql`${items.version} + 1` })
      .where(eq(items.id, edited!.id));
    return (await bump())[0]!.version;
  };
  let version = 0;
  const patched = async () => {
    const built = await buildPatch(db, edited!.id);
    if (!built || !patchContent(db, id, version, built.content)) throw new Error('not patched');
    return loadJson();
  };
  // An item added to a list (the one added before goes, so the board keeps its size).
  let added: string | undefined;
  const addOne = async () => {
    await loadJson();
    if (added) await db.delete(items).where(eq(items.id, added));
    added = (
      await insertItemAt(db, {
        listId: edited!.listId,
        multilistId: id,
        owner: 'author',
        author: 'author',
        isPrivate: false,
        text: `### Added ${++n}`,
      })
    ).itemId;
    return (await bump())[0]!.version;
  };
  const listPatched = async () => {
    const rows = await readListsContent(db, id, [edited!.listId]);
    if (!patchListsContent(db, id, version, rows)) throw new Error('not patched');
    return loadJson();
  };
  // A change elsewhere: nothing cached is valid any more.
  const elsewhere = async () => {
    await bump();
    clearContentCache(db);
  };

  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  const d: number[] = [];
  const e: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(await round(() => Promise.resolve(), bare));
    b.push(
      await round(async () => {
        version = await editOne();
      }, patched),
    );
    c.push(
      await round(async () => {
        version = await addOne();
      }, listPatched),
    );
    d.push(await round(elsewhere, loadJson));
    e.push(await round(elsewhere, loadPacked));
  }
  return {
    bytes,
    bare: spread(a),
    afterItemEdit: spread(b),
    afterItemAdded: spread(c),
    afterOtherChange: spread(d),
    afterOtherChangePacked: spread(e),
  };
}

export async function boardLoadBench() {
  const results = await onBothDrivers(measure);
  const ms = (s: Spread) => `${s.median.toFixed(1)} ms (${s.low.toFixed(1)}–${s.high.toFixed(1)})`;
  for (const [driver, r] of Object.entries(results)) {
    console.log(
      `board-load on ${driver}: 2,000 items, ${(r.bytes / 1024).toFixed(0)} KiB of JSON, ` +
        `${ROUNDS} rounds of ${CALLS} loads, medians with spread`,
    );
    console.log(`  A bare SQL (same rows)       : ${ms(r.bare)}`);
    console.log(
      `  B after an edit in one item  : ${ms(r.afterItemEdit)} = ${(r.afterItemEdit.median / r.bare.median).toFixed(2)}× A`,
    );
    console.log(
      `  C after an item added        : ${ms(r.afterItemAdded)} = ${(r.afterItemAdded.median / r.bare.median).toFixed(2)}× A`,
    );
    console.log(
      `  D after a change elsewhere   : ${ms(r.afterOtherChange)} = ${(r.afterOtherChange.median / r.bare.median).toFixed(2)}× A`,
    );
    console.log(
      `  E D, packed form             : ${ms(r.afterOtherChangePacked)} = ${(r.afterOtherChangePacked.median / r.bare.median).toFixed(2)}× A`,
    );
  }
  return results;
}
