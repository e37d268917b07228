/**
 * A wide board in Chromium: 50 lists of 40 items against 5 lists of 40, each a cold page load
 * timed from navigation start. For each load: the DOM node count once the board has settled,
 * the total blocking time (the sum over long tasks of their time past 50 ms, from a 'longtask'
 * PerformanceObserver registered before the app's scripts run), and when the first list with
 * items was painted. The two boards are loaded in turn (A, B, A, B, …), and the figures are
 * medians with their min–max. Targets: nodes ≤ 1.5×, TBT < 100 ms, first list painted ≤ 1.2×.
 *
 * Needs the built web app (npm run build) and /usr/bin/chromium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../e2e/server';
import { post } from './page-post';

const RUNS = Number(process.env.BENCH_WIDE_RUNS ?? 7);
const ITEMS = 40;
const WIDE = 50;
const NARROW = 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How long after the first paint the page is left to settle before it is counted. */
const SETTLE_MS = 1500;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${sorted(xs)[0]!.toFixed(digits)}–${sorted(xs).at(-1)!.toFixed(digits)})`;

/**
 * Runs in the page before the app: notes when the first list with items is painted, and every
 * long task from navigation start.
 */
const PROBE = `
  window.__painted = null;
  window.__long = [];
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  new MutationObserver((_, obs) => {
    if (window.__painted !== null || !document.querySelector('.list article')) return;
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__painted = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
`;

const MEASURE = `(() => ({
  painted: window.__painted,
  tbt: window.__long.reduce((s, [, d]) => s + Math.max(0, d - 50), 0),
  longTasks: window.__long.length,
  nodes: document.querySelectorAll('*').length,
  lists: document.querySelectorAll('section.list[data-list-id]').length,
  articles: document.querySelectorAll('article').length,
}))()`;

interface Load {
  painted: number;
  tbt: number;
  longTasks: number;
  nodes: number;
  lists: number;
  articles: number;
}

async function makeBoard(page: Page, lists: number): Promise<string> {
  const board = await post(page, '/api/forms/insert_multilist', {
    titleText: `Wide ${lists} ${Date.now()}`,
  });
  for (let l = 0; l < lists; l++) {
    const texts = Array.from(
      { length: ITEMS },
      (_, i) =>
        `**Item ${l + 1}.${i + 1}**: some words about it, with *emphasis* and a [link](#x).`,
    );
    await post(page, '/api/forms/insert_list', {
      multilistId: board.multilistId,
      titleText: `Week ${l + 1}`,
      itemText: texts.join('\n\n'),
    });
  }
  return `/${board.owner as string}/${board.ptitle as string}`;
}

async function load(page: Page, url: string): Promise<Load> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(
    () => (globalThis as unknown as { __painted: number | null }).__painted !== null,
    undefined,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(SETTLE_MS);
  return page.evaluate<Load>(MEASURE);
}

export async function renderWideBench() {
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');
  if (!fs.existsSync(dist)) {
    console.log('render-wide: skipped, run `npm run build` first');
    return undefined;
  }
  const server = await startServer({ SIGNIN_RATE_LIMIT: '1000', LOG_LEVEL: 'silent' });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    await page.waitForSelector('.list');
    const signedIn = await post(page, '/api/auth/signin', {
      username: 'author',
      password: 'listboard',
    });
    if (!signedIn.user) throw new Error('render-wide bench: could not sign in as author');
    const wide = await makeBoard(page, WIDE);
    const narrow = await makeBoard(page, NARROW);
    await context.addInitScript(PROBE);
    // One load of each first, uncounted: the server's cache and the browser's code cache warm.
    await load(page, `${server.url}${wide}`);
    await load(page, `${server.url}${narrow}`);
    const a: Load[] = [];
    const b: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      a.push(await load(page, `${server.url}${wide}`));
      b.push(await load(page, `${server.url}${narrow}`));
    }
    const pick = (xs: Load[], k: keyof Load) => xs.map((x) => x[k]);
    const ratios = (k: keyof Load) => a.map((x, i) => x[k] / b[i]![k]);
    console.log(
      `render-wide, ${WIDE}×${ITEMS} against ${NARROW}×${ITEMS}, ${RUNS} alternations, median (min–max):`,
    );
    for (const [name, xs] of [
      [`${WIDE} lists`, a],
      [`${NARROW} lists`, b],
    ] as const) {
      console.log(
        `  ${name.padEnd(9)}: ${spread(pick(xs, 'nodes'))} DOM nodes, ${spread(pick(xs, 'lists'))} lists and ${spread(pick(xs, 'articles'))} items drawn, TBT ${spread(pick(xs, 'tbt'))} ms (${spread(pick(xs, 'longTasks'))} long tasks), first list painted at ${spread(pick(xs, 'painted'))} ms`,
      );
    }
    console.log(
      `  ratio    : nodes ${spread(ratios('nodes'), 2)}×, first list painted ${spread(ratios('painted'), 2)}×`,
    );
    return {
      wide: a,
      narrow: b,
      nodesRatio: median(ratios('nodes')),
      paintedRatio: median(ratios('painted')),
      wideTbt: median(pick(a, 'tbt')),
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}
