/**
 * Boards are loaded with a GET the browser keeps: reloading an unchanged board costs a 304
 * (headers only), and a changed board comes whole. Measured with the page's own resource
 * timings, which count the bytes that crossed the wire.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from './browser';
import { appUrl, signIn } from './session';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

const loads = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/dbload/load_multilists'))
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        return { transfer: r.transferSize, wire: r.encodedBodySize, body: r.decodedBodySize };
      }),
  );

describe('board loads the browser can keep', () => {
  it('reload an unchanged board without its body, and a changed one whole; an edited item comes alone', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    // A board of its own: every e2e file shares one server.
    const post = async (path: string, data: unknown) =>
      (await (await page.request.post(`${base}${path}`, { data })).json()) as Record<
        string,
        unknown
      >;
    const made = await post('/api/forms/insert_multilist', {
      titleText: `Conditional loads ${Date.now()}`,
      descText: '',
      listed: false,
    });
    const address = `/${made.owner as string}/${made.ptitle as string}`;
    const [board] = (await post('/api/dbload/load_multilists', {
      addresses: [address],
    })) as unknown as { _id: string }[];
    await post('/api/forms/insert_list', {
      multilistId: board!._id,
      titleText: 'Tips',
      // Enough items that the board's compressed body outweighs a response's headers.
      itemText: Array.from(
        { length: 80 },
        (_, i) => `Tip ${i}: check source ${(i * 7919) % 1000} against claim ${i * 31}`,
      ).join('\n\n'),
    });
    // A first visit keeps what it was shown in the board's view state (whatsNew), which changes
    // the board as this user gets it once: the loads are measured from the next visit on.
    const kept = page.waitForResponse((r) => r.url().includes('/api/display/update_multilistvs'));
    await page.goto(`${base}${address}`);
    await page.locator('main [data-board]').first().waitFor();
    await kept;
    await page.reload();
    await page.locator('main [data-board]').first().waitFor();
    await expect.poll(async () => (await loads(page)).length).toBeGreaterThan(0);
    const first = (await loads(page)).at(-1)!;
    // Compressed on the wire: fewer bytes crossed than the board's JSON holds.
    expect(first.wire).toBeLessThan(first.body);
    expect(first.transfer).toBeGreaterThan(first.wire);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(async () => (await loads(page)).length).toBeGreaterThan(1);
    const again = (await loads(page)).at(-1)!;
    // The browser answered from what it kept: a 304 brought headers only, fewer bytes than the
    // first load's compressed body alone, and the page has the same board.
    expect(again.body).toBe(first.body);
    expect(again.transfer).toBeLessThan(first.wire);

    // A change arrives live; the load that follows brings the new board whole.
    const [shown] = (await post('/api/dbload/load_multilists', {
      addresses: [address],
    })) as unknown as { lists: { _id: string }[] }[];
    await post('/api/forms/insert_item', {
      listId: shown!.lists[0]!._id,
      text: 'A tip added while the page was open',
    });
    // It lands at the end of a long list, which draws only the rows in view: scroll down to it.
    await page.getByRole('region', { name: 'Tips', exact: true }).hover();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000);
        return page.getByText('A tip added while the page was open').count();
      })
      .toBe(1);
    const changed = (await loads(page)).at(-1)!;
    expect(changed.body).toBeGreaterThan(first.body);
    expect(changed.transfer).toBeGreaterThan(changed.wire);
    expect(changed.wire).toBeGreaterThan(again.transfer);

    // An edit inside one item arrives as that item: the page shows it without loading the
    // board again.
    const before = (await loads(page)).length;
    const [now] = (await post('/api/dbload/load_multilists', {
      addresses: [address],
    })) as unknown as { lists: { items: { _id: string }[] }[] }[];
    await post('/api/forms/edit_item', {
      itemId: now!.lists[0]!.items.at(-1)!._id,
      text: 'A tip reworded while the page was open',
    });
    await page.getByText('A tip reworded while the page was open').waitFor();
    expect(await page.getByText('A tip added while the page was open').count()).toBe(0);
    expect((await loads(page)).length).toBe(before);

    // The author's own note, made on the page, comes back the same way: the page does not load
    // the board again after the server agrees (it would wait 1.5 s for the live change first).
    await page.getByText('A tip reworded while the page was open').click();
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    await page.getByLabel('Your note').fill('Check this one first.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('list', { name: 'Notes' }).getByText('Check this one first.').waitFor();
    await page.getByRole('form', { name: 'Note' }).waitFor({ state: 'detached' });
    await page.waitForTimeout(2500);
    expect((await loads(page)).length).toBe(before);
  });
});

describe('a slow network', () => {
  it('shows the loading screen while the script is still on its way, then the app in its place', async () => {
    const { page } = b;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The page's script is held back, as a phone on a slow network waits for it.
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${base}/`, { waitUntil: 'commit' });
    const loading = page.getByRole('status', { name: 'Loading Listboard' });
    await expect.poll(() => loading.isVisible(), { timeout: 10_000 }).toBe(true);
    release();
    await page.locator('main').first().waitFor();
    await expect.poll(() => loading.count(), { timeout: 10_000 }).toBe(0);
  });
});
