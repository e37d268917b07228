/**
 * Board rendering in Chromium: the time from the board data arriving (the load_multilists
 * response's last byte) to the first painted lists, and the DOM node count, for boards of 200
 * and 2,000 items. The baseline, measured in the same browser in the same run, paints the same
 * item texts as a plain static HTML list (one <ul> per list, innerHTML at once). Figures are
 * medians of several cold page loads; the ratios are what the board screen costs over the
 * plainest possible page.
 *
 * Needs the built web app (npm run build) and /usr/bin/chromium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../e2e/server';
import { post } from './page-post';

const RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 5);
const SIZES = [200, 2000];
const LISTS = 10;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function itemText(i: number): string {
  // One paragraph: a blank line would start a new item.
  return `**Item ${i + 1}**: some words about it, with *emphasis* and a [link](#x).`;
}

/** Runs in the page before the app: notes when the first list with items is painted. */
const PAINT_PROBE = `
  window.__painted = null;
  new MutationObserver((_, obs) => {
    if (window.__painted !== null || !document.querySelector('.list article')) return;
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__painted = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
`;

async function makeBoard(page: Page, items: number): Promise<{ path: string; texts: string[][] }> {
  const board = await post(page, '/api/forms/insert_multilist', {
    titleText: `Render ${items} ${Date.now()}`,
  });
  const per = Math.ceil(items / LISTS);
  const texts: string[][] = [];
  for (let l = 0; l < LISTS; l++) {
    const mine = Array.from({ length: Math.min(per, items - l * per) }, (_, i) =>
      itemText(l * per + i),
    );
    texts.push(mine);
    await post(page, '/api/forms/insert_list', {
      multilistId: board.multilistId,
      titleText: `List ${l + 1}`,
      itemText: mine.join('\n\n'),
    });
  }
  return { path: `/${board.owner as string}/${board.ptitle as string}`, texts };
}

interface Measured {
  ms: number;
  nodes: number;
  articles: number;
  items: number;
}

/**
 * Page code is written as source text: it runs in the browser, and the bench is compiled
 * without the DOM's types (and a loader would wrap named functions in a helper the page lacks).
 */
const MEASURE_APP = `(() => {
  const arrived = performance
    .getEntriesByType('resource')
    .filter((e) => e.name.includes('/api/dbload/load_multilists'))
    .map((e) => e.responseEnd)
    .pop();
  return {
    ms: window.__painted - arrived,
    nodes: document.querySelectorAll('*').length,
    articles: document.querySelectorAll('article').length,
    items: Math.max(0, ...[...document.querySelectorAll('article[aria-setsize]')].map(
      (a) => Number(a.getAttribute('aria-setsize')))),
  };
})()`;

const MEASURE_BASELINE = (lists: string[][]) => `(async () => {
  const data = ${JSON.stringify(JSON.stringify(lists))};
  const t0 = performance.now();
  const parsed = JSON.parse(data);
  document.body.innerHTML = parsed
    .map((l, i) => '<section><h3>List ' + (i + 1) + '</h3><ul>' +
      l.map((t) => '<li>' + t.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</li>').join('') +
      '</ul></section>')
    .join('');
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return { ms: performance.now() - t0, nodes: document.querySelectorAll('*').length };
})()`;

/** One cold load of the board screen: ms from data arrival to painted lists, and DOM nodes. */
async function measureApp(page: Page, url: string): Promise<Measured> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(
    () => (globalThis as unknown as { __painted: number | null }).__painted !== null,
    undefined,
    { timeout: 60_000 },
  );
  return page.evaluate<Measured>(MEASURE_APP);
}

/** The baseline: the same texts as static HTML lists, from data in hand to paint. */
async function measureBaseline(page: Page, texts: string[][]) {
  await page.goto('about:blank');
  return page.evaluate<{ ms: number; nodes: number }>(MEASURE_BASELINE(texts));
}

export async function renderBench() {
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');
  if (!fs.existsSync(dist)) {
    console.log('render: skipped, run `npm run build` first');
    return undefined;
  }
  const server = await startServer({ SIGNIN_RATE_LIMIT: '1000', LOG_LEVEL: 'silent' });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
    viewport: { width: 1280, height: 800 },
  });
  const results: Record<string, unknown> = {};
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    await page.waitForSelector('.list');
    const signedIn = await post(page, '/api/auth/signin', {
      username: 'author',
      password: 'listboard',
    });
    if (!signedIn.user) throw new Error('render bench: could not sign in as author');
    await context.addInitScript(PAINT_PROBE);
    for (const size of SIZES) {
      await page.goto(server.url);
      const board = await makeBoard(page, size);
      const app: Measured[] = [];
      const base: { ms: number; nodes: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        app.push(await measureApp(page, `${server.url}${board.path}`));
        base.push(await measureBaseline(page, board.texts));
      }
      const r = {
        appMs: median(app.map((x) => x.ms)),
        appNodes: median(app.map((x) => x.nodes)),
        appArticles: median(app.map((x) => x.articles)),
        longestList: median(app.map((x) => x.items)),
        baselineMs: median(base.map((x) => x.ms)),
        baselineNodes: median(base.map((x) => x.nodes)),
      };
      results[`items${size}`] = r;
      console.log(`render, ${size} items in ${LISTS} lists (median of ${RUNS} cold loads):`);
      console.log(
        `  board screen     : ${r.appMs.toFixed(1)} ms from data to painted lists, ${r.appNodes} DOM nodes (${r.appArticles} items drawn, lists of ${r.longestList})`,
      );
      console.log(
        `  static HTML list : ${r.baselineMs.toFixed(1)} ms, ${r.baselineNodes} DOM nodes`,
      );
      console.log(
        `  ratio            : time ${(r.appMs / r.baselineMs).toFixed(2)}×, nodes ${(r.appNodes / r.baselineNodes).toFixed(2)}×`,
      );
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
  return results;
}
