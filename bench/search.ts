/**
 * Text search on 1,000,000 items in PostgreSQL: the search service (full text on the GIN index,
 * visibility rules, ranking, one page of 50, the results board) against the bare query on the
 * same index, the same words, alternating query by query: the newest MAX_HITS matches ranked, one
 * page of ids, which is the least a competent engineer would run for the same page. Common words,
 * which the service reads a week at a time from the week index, are also timed against the bare
 * query on that index, read the same way (the faster of the two baselines). A sequential
 * ILIKE scan is printed as well, for scale only. Items are made by one INSERT … SELECT
 * generate_series; their words follow a skewed (Zipf-like) distribution over a 20,000-word
 * vocabulary, so a few words are in a third of all items and most are rare, as in real text.
 * PostgreSQL runs with its default settings (shared_buffers 128 MB) unless BENCH_SHARED_BUFFERS
 * says otherwise. `npm run bench -- search`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/seed';
import { runSearch } from '../apps/server/src/services/search/search';
import { readSearchArgs } from '../apps/server/src/services/search/args';
import { MAX_HITS, type SearchContext } from '../apps/server/src/services/search/query';
import { weeksSql } from '../apps/server/src/services/search/weeks';
import { SEARCH_PAGE_SIZE } from '@listboard/core';
import { startPostgres } from '../apps/server/test/postgres-server';

const ITEMS = Number(process.env.BENCH_SEARCH_ITEMS ?? 1_000_000);
const BOARDS = 1000;
const VOCABULARY = 20_000;
const WORDS_PER_ITEM = 12;
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 100);

interface Timing {
  p50: number;
  p95: number;
  max: number;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function timing(samples: number[]): Timing {
  samples.sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(2));
  return {
    p50: round(quantile(samples, 0.5)),
    p95: round(quantile(samples, 0.95)),
    max: round(samples[samples.length - 1]!),
  };
}

async function timeEach(
  inputs: string[],
  fn: (input: string) => Promise<unknown>,
): Promise<Timing> {
  for (const input of inputs.slice(0, 5)) await fn(input);
  const samples: number[] = [];
  for (const input of inputs) {
    const start = performance.now();
    await fn(input);
    samples.push(performance.now() - start);
  }
  return timing(samples);
}

/**
 * Each function on each input in turn, the first of them taking turns from input to input: like
 * against like. Timings in the order of `fns`.
 */
async function timeInterleaved(
  inputs: string[],
  fns: ((input: string) => Promise<unknown>)[],
): Promise<Timing[]> {
  for (const input of inputs.slice(0, 5)) await Promise.all(fns.map((fn) => fn(input)));
  const samples = fns.map((): number[] => []);
  for (const [i, input] of inputs.entries()) {
    for (let j = 0; j < fns.length; j++) {
      const k = (i + j) % fns.length;
      const start = performance.now();
      await fns[k]!(input);
      samples[k]!.push(performance.now() - start);
    }
  }
  return samples.map(timing);
}

const ratio = (a: Timing, b: Timing) => ({
  p50: Number((a.p50 / b.p50).toFixed(2)),
  p95: Number((a.p95 / b.p95).toFixed(2)),
});

/** Word k of the vocabulary; word 0 is the most frequent. */
const word = (k: number) => `w${k}`;

/** Search words from a range of frequency ranks, with a fixed seed so runs compare. */
function pickWords(n: number, from: number, to: number): string[] {
  let x = 12345;
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return word(from + (x % (to - from)));
  });
}

/**
 * Boards (one in ten unlisted), one list each, and the items, all made in SQL. The text indexes
 * are built after the rows are in, as a bulk import would; the trigram index on item text is
 * left out, so the ILIKE baseline is a true sequential scan.
 */
export async function makeSearchData(db: Db, itemCount: number) {
  const t0 = performance.now();
  await db.execute(sql`drop index items_search_idx`);
  await db.execute(sql`drop index items_text_trgm_idx`);
  await db.execute(sql`drop index items_week_terms_idx`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into multilists (owner, title, ptitle, listed)
    select 'author', 'bench ' || b, 'bench-' || b, b % 10 <> 0
    from generate_series(1, ${BOARDS}) b`);
  await db.execute(sql`
    insert into lists (multilist_id, index, title, author)
    select id, 0, 'All', 'author' from multilists where ptitle like 'bench-%'`);
  await db.execute(sql`
    insert into items (list_id, multilist_id, index, owner, author, text, created)
    select l.id, l.multilist_id, g / ${BOARDS}, 'author', 'author', w.text,
           -- A year of writing, one item every 30 seconds, stored in the order written.
           timestamptz '2025-01-01' + g * interval '30 seconds'
    from generate_series(0, ${itemCount - 1}) g
    join (select row_number() over () - 1 as n, id, multilist_id from lists
          where title = 'All' and author = 'author') l on l.n = g % ${BOARDS}
    cross join lateral (
      select string_agg('w' || floor(power(random(), 3) * ${VOCABULARY})::int, ' ') as text
      from generate_series(1, ${WORDS_PER_ITEM}) k where g >= 0
    ) w`);
  const loaded = performance.now();
  await db.execute(sql`create index items_search_idx on items using gin (search_vector)`);
  await db.execute(
    sql`create index items_week_terms_idx on items using gin (items_week_terms(search_vector, created))`,
  );
  await db.execute(sql`vacuum analyze items`);
  await db.execute(sql`analyze multilists`);
  const indexed = performance.now();
  const counted = await db.execute(sql`select count(*)::int as count from items`);
  return {
    items: (counted as { rows: { count: number }[] }).rows[0]?.count ?? 0,
    loadSeconds: Number(((loaded - t0) / 1000).toFixed(1)),
    indexSeconds: Number(((indexed - loaded) / 1000).toFixed(1)),
  };
}

/** A reader searching everyone's boards: the widest visibility check there is. */
export const READER: SearchContext = {
  actor: { id: '00000000-0000-0000-0000-000000000000', username: 'reader', roles: ['reader'] },
  sessionId: null,
  appVersion: 'PRODUCTION',
  groups: [],
};

/**
 * The timed part of the bench, on a database that holds its items (`makeSearchData`): the
 * service and the bare queries alternating word by word, after a warm-up.
 */
export async function timeSearches(db: Db) {
  const search = (searchStr: string, extra: Record<string, string> = {}) =>
    runSearch(
      db,
      readSearchArgs(new URLSearchParams({ searchStr, users: 'all', bucket: 'none', ...extra })),
      READER,
    );
  // The same question without the index: every row read and matched with ILIKE.
  const ilike = (w: string) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return tx.execute(sql`
        select id from items where text ilike ${`%${w}%`} order by created desc limit 51`);
    });

  // The bare query on the same index: the newest MAX_HITS matches, ranked, one page of ids.
  const bare = (w: string) =>
    db.execute(sql`
      select id from (
        select id, search_vector from items
        where search_vector @@ to_tsquery('listboard_search', ${w})
        order by created desc limit ${MAX_HITS}) k
      order by ts_rank(search_vector, to_tsquery('listboard_search', ${w})) desc, id
      limit ${SEARCH_PAGE_SIZE + 1}`);
  // The same from the week index the service reads a common word from (services/search/
  // weeks.ts): each week that has items, newest first, its matches in date order, until the
  // newest MAX_HITS; then ranked, one page of ids. Nothing about who may see what.
  const bareByWeek = (w: string) =>
    db.execute(sql`
      select id from (
        select k.id, k.search_vector from ${weeksSql(false, sql`true`)} cross join lateral (
          select id, search_vector from items
          where items_week_terms(search_vector, created) @@ quote_literal(weeks.wk || ' ' || ${w})::tsquery
          order by created desc) k
        limit ${MAX_HITS}) kept
      order by ts_rank(search_vector, to_tsquery('listboard_search', ${w})) desc, id
      limit ${SEARCH_PAGE_SIZE + 1}`);

  const rare = pickWords(QUERIES, 1000, VOCABULARY);
  const common = pickWords(Math.min(QUERIES, 50), 0, 50);
  // A word and the longer words it begins (w1500* is w1500 and w15000 to w15009).
  const prefixes = pickWords(Math.min(QUERIES, 50), 1000, 2000).map((w) => `${w}*`);
  const phrases = rare.slice(0, 50).map((w, i) => `"${w} ${rare[(i + 1) % rare.length]}"`);
  // Code warmed up as a running server's is: 30 searches and bare queries for words that are
  // not timed (so no timed word's pages are read ahead), before any timing.
  for (const w of pickWords(30, 500, 1000)) await Promise.all([search(w), bare(w)]);
  const [rareSearch, rareBare] = (await timeInterleaved(rare, [(w) => search(w), bare])) as [
    Timing,
    Timing,
  ];
  const [commonSearch, commonBare, commonByWeek] = (await timeInterleaved(common, [
    (w) => search(w),
    bare,
    bareByWeek,
  ])) as [Timing, Timing, Timing];
  const textDay = await timeEach(rare, (w) => search(w, { bucket: 'day' }));
  const prefix = await timeEach(prefixes, (w) => search(w));
  const phrase = await timeEach(phrases, (w) => search(w));
  const scan = await timeEach(rare.slice(0, 20), (w) => ilike(` ${w} `));

  return {
    textSearchRareWord: rareSearch,
    bareRareWord: rareBare,
    rareRatio: ratio(rareSearch, rareBare),
    textSearchCommonWord: commonSearch,
    bareCommonWord: commonBare,
    commonRatio: ratio(commonSearch, commonBare),
    bareCommonWordByWeek: commonByWeek,
    commonRatioByWeek: ratio(commonSearch, commonByWeek),
    textSearchDayBuckets: textDay,
    prefixSearch: prefix,
    phraseSearch: phrase,
    ilikeSequentialScan: scan,
  };
}

/** PostgreSQL's default, or what BENCH_SHARED_BUFFERS says (docs/deployment.md advises more). */
const SHARED_BUFFERS = process.env.BENCH_SHARED_BUFFERS ?? '128MB';

export async function searchBench() {
  const server = await startPostgres();
  const url = server.url('postgres');
  {
    const setup = await openDatabase({ databaseUrl: url, dataDir: '' });
    await setup.db.execute(sql.raw(`alter system set shared_buffers = '${SHARED_BUFFERS}'`));
    await setup.close();
    server.halt();
    server.resume();
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  try {
    await database.migrate();
    await seed(database.db);
    const db = database.db;
    const data = await makeSearchData(db, ITEMS);
    // As a running server's would be, the table and its indexes are in memory before timing
    // starts (pg_prewarm's autoprewarm does the same for a server after a restart).
    await db.execute(sql`create extension if not exists pg_prewarm`);
    await db.execute(
      sql`select pg_prewarm('items'), pg_prewarm('items_search_idx'), pg_prewarm('items_created_idx'),
        pg_prewarm('items_week_terms_idx')`,
    );
    const timings = await timeSearches(db);

    const result = {
      date: new Date().toISOString(),
      ...data,
      sharedBuffers: SHARED_BUFFERS,
      boards: BOARDS,
      ...timings,
    };
    const {
      textSearchRareWord: rareSearch,
      bareRareWord: rareBare,
      textSearchCommonWord: commonSearch,
      bareCommonWord: commonBare,
      bareCommonWordByWeek: commonByWeek,
    } = timings;
    const ms = (x: Timing) => `p50 ${x.p50} ms, p95 ${x.p95} ms`;
    console.log(
      `search, ${data.items.toLocaleString('en-US')} items on PostgreSQL, shared_buffers ${SHARED_BUFFERS} (made in ${data.loadSeconds} s, indexed in ${data.indexSeconds} s):`,
    );
    const vs = (x: Timing, base: Timing) => {
      const r = ratio(x, base);
      return `${ms(base)} → ${r.p50}× (p50), ${r.p95}× (p95)`;
    };
    console.log(`  text, rare word          : ${ms(rareSearch)}`);
    console.log(`  … bare query, same index: ${vs(rareSearch, rareBare)}`);
    console.log(`  text, common word        : ${ms(commonSearch)}`);
    console.log(`  … bare query, text index: ${vs(commonSearch, commonBare)}`);
    console.log(`  … bare query, week index: ${vs(commonSearch, commonByWeek)}`);
    console.log(`  text, rare, day buckets  : ${ms(timings.textSearchDayBuckets)}`);
    console.log(`  prefix (word*)           : ${ms(timings.prefixSearch)}`);
    console.log(`  phrase ("a b")           : ${ms(timings.phraseSearch)}`);
    console.log(`  ILIKE sequential scan    : ${ms(timings.ilikeSequentialScan)} (for scale)`);
    const dir = path.resolve(import.meta.dirname, 'results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'search.json'), JSON.stringify(result, null, 2));
    return result;
  } finally {
    await database.close();
    server.stop();
  }
}
