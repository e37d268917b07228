import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  devices,
  type Browser as PwBrowser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

/**
 * `CHROMIUM_PATH` when set (the app's own setting), else Debian's headless shell (package
 * `chromium-headless-shell`): the same Chromium build without the desktop browser around it,
 * which is what Playwright itself runs headless. It draws the same pages for about two thirds of
 * the processor time of `/usr/bin/chromium --headless`, the largest share of the browser tests'
 * cost. Without it the tests run on the full browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * One Chromium process per test file, started at the first call; each call gets a browser
 * context of its own (its own cookies, storage and cache), so each test starts as a new visitor
 * without the cost of starting Chromium again.
 */
let chromiumProcess: Promise<PwBrowser> | null = null;

/** Ends the file's Chromium process (e2e/setup.ts, after each file). */
export async function closeChromium(): Promise<void> {
  const running = chromiumProcess;
  chromiumProcess = null;
  if (running) await (await running).close();
}

/** A new visitor's browser. */
export async function openBrowser(viewport = { width: 1280, height: 800 }): Promise<Browser> {
  return launch({ viewport });
}

/** A browser context with the given options on the file's Chromium, closed again on close. */
async function launch(options: BrowserContextOptions): Promise<Browser> {
  chromiumProcess ??= chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const context = await (await chromiumProcess).newContext(options);
  const page = await context.newPage();
  return { context, page, close: () => context.close() };
}

export type Phone = 'iPhone 13' | 'Pixel 7';
export type Tablet = 'iPad Mini' | 'iPad (gen 7)';
export type Sideways = 'iPhone 13 landscape';

/**
 * A new visitor on an emulated phone (or tablet): its screen, its device scale, a mobile viewport
 * (the page's viewport meta tag counts) and touch, as Playwright's device list describes it.
 */
export async function openPhone(name: Phone | Tablet | Sideways): Promise<Browser> {
  const { defaultBrowserType: _engine, ...device } = devices[name];
  return launch(device);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.resolve(import.meta.dirname, '../test-results', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
