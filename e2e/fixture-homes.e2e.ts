/**
 * On a fresh install every fixture user who signs in has a home board from the start: a visitor
 * opening /demo sees demo's home, before demo has ever signed in. A server of its own, so no
 * other test has signed in as demo first.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from './browser';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
let b: Browser;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => (server as RunningServer | undefined)?.stop());
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

describe('a fresh install', () => {
  it('opens /demo and /reader for a visitor, each at its owner’s home board', async () => {
    const { page } = b;
    for (const [name, fullname] of [
      ['demo', 'Demo Reader'],
      ['reader', 'Sam Lee'],
    ] as const) {
      await page.goto(`${server.url}/${name}`);
      await page.waitForURL(`**/${name}/home`);
      const home = page.getByRole('region', { name: `Board ${name}/home`, exact: true });
      await home.getByText(`${fullname}: home board.`).waitFor();
      await page.getByRole('region', { name: 'My boards' }).waitFor();
      await expect(page.getByText(`Could not find the board ${name}/home`).count()).resolves.toBe(
        0,
      );
    }
    await screenshot(page, 'fixture-home-reader');
  });
});
