/**
 * Boards are loaded with a GET the browser keeps: reloading an unchanged board costs a 304
 * (headers only), and a changed board comes whole. Measured with the page's own resource
 * timings, which count the bytes that crossed the wire.
 */
import { afterEach, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from './browser';
import { signIn } from './session';

const base = inject('baseUrl');
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
        return { transfer: r.transferSize, body: r.encodedBodySize };
      }),
  );

describe('board loads the browser can keep', () => {
  it('reload an unchanged board without its body, and a changed one whole', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    // A board of its own: every e2e file shares one server.
    const post = async (path: string, data: unknown) =>
      (await (await page.request.post(`${base}${path}`, { data })).json()) as Record<
        string,
        unknown
      >;
    const made = await post('/api/forms/insert_multilist', {
      titleText: 'Conditional loads',
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
      itemText: 'One\n\nTwo',
    });
    await page.goto(`${base}${address}`);
    await page.locator('main [data-board]').first().waitFor();
    await expect.poll(async () => (await loads(page)).length).toBeGreaterThan(0);
    const first = (await loads(page)).at(-1)!;
    expect(first.transfer).toBeGreaterThan(first.body);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(async () => (await loads(page)).length).toBeGreaterThan(1);
    const again = (await loads(page)).at(-1)!;
    // Same body, but only the headers of a 304 came over the wire.
    expect(again.body).toBe(first.body);
    expect(again.transfer).toBeLessThan(first.body / 4);

    // A change arrives live; the load that follows brings the new board whole.
    const [shown] = (await post('/api/dbload/load_multilists', {
      addresses: [address],
    })) as unknown as { lists: { _id: string }[] }[];
    await post('/api/forms/insert_item', {
      listId: shown!.lists[0]!._id,
      text: 'A tip added while the page was open',
    });
    await page.getByText('A tip added while the page was open').waitFor();
    const changed = (await loads(page)).at(-1)!;
    expect(changed.body).toBeGreaterThan(first.body);
    expect(changed.transfer).toBeGreaterThan(changed.body);
  });
});
