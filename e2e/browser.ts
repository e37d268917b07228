import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

/** A fresh browser profile per call, so each test starts as a new visitor. */
export async function openBrowser(viewport = { width: 1280, height: 800 }): Promise<Browser> {
  return launch({ viewport });
}

/** Chromium on a fresh profile with the given context options, removed again on close. */
async function launch(options: Parameters<typeof chromium.launchPersistentContext>[1]) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-chrome-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export type Phone = 'iPhone 13' | 'Pixel 7';

/**
 * A fresh profile on an emulated phone: its screen, its device scale, a mobile viewport (the
 * page's viewport meta tag counts) and touch, as Playwright's device list describes it.
 */
export async function openPhone(name: Phone): Promise<Browser> {
  const { defaultBrowserType: _engine, ...device } = devices[name];
  return launch(device);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.resolve(import.meta.dirname, '../test-results', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
