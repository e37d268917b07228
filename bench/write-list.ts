/**
 * Writing a pasted list of 40 items (insert_list's service, in a transaction) on both drivers,
 * against the fastest way to write the same rows: the bare SQL, the list's row and then its items
 * and their blocks each in one statement over arrays (`unnest`), with the blocks' types worked out
 * beforehand, untimed. The app also splits the text, parses each item's markup and counts the
 * board's lists to place the new one.
 *
 * A and B alternate for ROUNDS rounds of CALLS lists each (the order flips each round); each round
 * gives a median, and the figure is the median of the rounds with their spread. Each list written
 * is removed again, untimed, so the board keeps its size.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { must, textToBlocks } from '@listboard/core';
import type { Database } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows-of';
import { lists, multilists } from '../apps/server/src/db/schema';
import { seed } from '../apps/server/src/seed/seed';
import { createBoard } from '../apps/server/src/services/boards/create';
import { insertList, splitItemText } from '../apps/server/src/services/boards/lists';
import { median, spread, type Spread } from './board-load';
import { onBothDrivers } from './drivers';

const CALLS = Number(process.env.BENCH_CALLS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ITEMS = 40;

/** What an author pastes: 40 items of a few lines of light markup. */
const PASTED = Array.from(
  { length: ITEMS },
  (_, i) =>
    `### Point ${i + 1}\nSome words about point ${i + 1}, with *emphasis* and a [link](#Week 2).`,
).join('\n\n');

async function measure(database: Database) {
  const { db } = database;
  await database.migrate();
  await seed(db);
  await createBoard(db, {
    owner: 'author',
    title: 'write-list',
    lists: Array.from({ length: 10 }, (_, li) => ({
      title: `Week ${li + 1}`,
      items: Array.from({ length: ITEMS }, (_, ii) => `Item ${li}.${ii}`),
    })),
  });
  const [board] = await db.select().from(multilists).where(eq(multilists.ptitle, 'write-list'));
  const boardId = must(board, 'the bench board').id;
  const texts = splitItemText(PASTED);
  const parsed = texts.map((t) => textToBlocks(t, { owner: 'author' }));
  const blockItem = parsed.flatMap((bs, i) => bs.map(() => i + 1));
  const blockIndex = parsed.flatMap((bs) => bs.map((_, j) => j));
  const blockText = parsed.flatMap((bs) => bs.map((b) => b.text));
  const blockType = parsed.flatMap((bs) => bs.map((b) => b.type));

  const bare = () =>
    db.transaction(async (tx) => {
      const [list] = await rowsOf<{ id: string }>(
        tx,
        sql`insert into lists (multilist_id, index, title, description, author)
          values (${boardId}, 10, 'Pasted', '', 'author') returning id`,
      );
      const listId = must(list, 'the new list').id;
      await tx.execute(sql`
        with made as (
          insert into items (list_id, multilist_id, index, owner, author, text)
          select ${listId}, ${boardId}, n - 1, 'author', 'author', t
          from unnest(${sql.param(texts)}::text[]) with ordinality as u(t, n)
          returning id, index)
        insert into blocks (item_id, index, text, type)
        select made.id, b.i, b.t, b.ty
        from unnest(${sql.param(blockItem)}::int[], ${sql.param(blockIndex)}::int[],
          ${sql.param(blockText)}::text[], ${sql.param(blockType)}::text[]) as b(n, i, t, ty)
        join made on made.index = b.n - 1`);
      return listId;
    });
  const app = () =>
    db.transaction(
      async (tx) =>
        (
          await insertList(tx, {
            multilistId: boardId,
            owner: 'author',
            author: 'author',
            title: 'Pasted',
            itemTexts: splitItemText(PASTED),
          })
        ).listId,
    );

  const round = async (write: () => Promise<string>) => {
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      const listId = await write();
      samples.push(performance.now() - t0);
      await db.delete(lists).where(eq(lists.id, listId));
    }
    return median(samples);
  };
  // Both write the same rows (checked once): as many items and blocks, the same texts.
  const counts = async (listId: string) =>
    rowsOf<{ items: number; blocks: number; texts: string }>(
      db,
      sql`select count(distinct i.id)::int as items, count(b.id)::int as blocks,
          string_agg(b.text, '|' order by i.index, b.index) as texts
        from items i left join blocks b on b.item_id = i.id where i.list_id = ${listId}`,
    );
  const bareList = await bare();
  const appList = await app();
  const [x, y] = [await counts(bareList), await counts(appList)];
  if (JSON.stringify(x) !== JSON.stringify(y))
    throw new Error(`the two sides wrote different rows: ${JSON.stringify([x, y])}`);
  for (const listId of [bareList, appList]) await db.delete(lists).where(eq(lists.id, listId));

  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      a.push(await round(bare));
      b.push(await round(app));
    } else {
      b.push(await round(app));
      a.push(await round(bare));
    }
  }
  return { items: texts.length, blocks: blockText.length, bare: spread(a), app: spread(b) };
}

export async function writeListBench() {
  const results = await onBothDrivers(measure);
  const ms = (s: Spread) => `${s.median.toFixed(1)} ms (${s.low.toFixed(1)}–${s.high.toFixed(1)})`;
  for (const [driver, r] of Object.entries(results)) {
    console.log(
      `write-list on ${driver}: a list of ${r.items} items, ${r.blocks} blocks, ` +
        `${ROUNDS} rounds of ${CALLS} lists, medians with spread`,
    );
    console.log(`  A bare SQL (same rows) : ${ms(r.bare)}`);
    console.log(
      `  B insert_list          : ${ms(r.app)} = ${(r.app.median / r.bare.median).toFixed(2)}× A`,
    );
  }
  return results;
}
