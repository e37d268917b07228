import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { appUrl } from './session';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

describe('a visitor opening the site', () => {
  it("is signed in as guest and sees the admin's home board", async () => {
    const { page } = b;
    await page.goto(`${base}/`);
    await page.getByText('Boards you can read, annotate and discuss').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/home');
    await expect(page.getByRole('banner').getByText('guest').first().isVisible()).resolves.toBe(
      true,
    );
    // Lists sit side by side: the second list starts to the right of the first.
    const first = await page.getByRole('region', { name: 'Welcome' }).boundingBox();
    const second = await page.getByRole('region', { name: 'Start here' }).boundingBox();
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(Math.abs(second!.y - first!.y)).toBeLessThan(5);
    await screenshot(page, 'home-desktop');
  });

  it('follows an internal link: the linked board loads beside the first, without a page reload', async () => {
    const { page } = b;
    await page.goto(`${base}/`);
    await page.getByText('Boards you can read, annotate and discuss').waitFor();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByRole('link', { name: 'User guide' }).first().click();
    await page.getByText('Notes on a sentence').waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/admin/home;help');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(
      42,
    );
    await expect(
      page.getByText('Boards you can read, annotate and discuss').isVisible(),
    ).resolves.toBe(true);
  });

  it('resolves /privacy and /terms by the start-path rules', async () => {
    const { page } = b;
    await page.goto(`${base}/privacy`);
    await page.getByText('What we store').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/privacy');
    await page.goto(`${base}/terms`);
    await page.getByText('Post only material you have the right to share.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/terms-of-use');
  });

  it('says so when a board does not exist', async () => {
    const { page } = b;
    await page.goto(`${base}/admin/no-such-board`);
    await page.getByText('Could not find the board admin/no-such-board').waitFor();
  });

  it('says no board is at an address typed with a stray % or with too many parts', async () => {
    const { page } = b;
    for (const [typed, shown] of [
      [`${base}/admin/50%-off`, '/admin/50%-off'],
      [`${base}/admin/home/extra`, '/admin/home/extra'],
    ] as const) {
      await page.goto(typed);
      const missing = page.getByRole('region', { name: 'No board here' });
      await missing.getByText(shown, { exact: true }).waitFor();
      await expect(page.locator('.status-bar .path').textContent()).resolves.toBe(shown);
    }
  });

  it('works on a phone-sized screen', async () => {
    await b.close();
    b = await openPhone('Pixel 7');
    const { page } = b;
    await page.goto(`${base}/author/course`);
    await page.getByText('Who is speaking?').waitFor();
    const list = await page.getByRole('region', { name: 'Week', exact: true }).boundingBox();
    expect(list!.width).toBe(412 - 60);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      412,
    );
    await screenshot(page, 'course-phone');
  });
});
