/**
 * Stored XSS through every text field one person writes and another sees: board, list and item
 * titles, descriptions and text, labels, captions, annotations, notes and replies, marker
 * titles, group names, a full name, and a search string echoed back in results. The pages that
 * show them are opened by other people, and must neither run anything nor carry a live element
 * (the CSP forbids inline script, so a page is also searched for the elements that would have
 * carried it: handlers, inline scripts, javascript: links, srcdoc frames).
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser } from './browser';
import { apiAs, appUrl, signIn } from './session';

const base = appUrl();

const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload="window.__xss=1"></svg>',
  '<script>window.__xss=1</script>',
  '<a href="javascript:window.__xss=1">click me</a>',
  '[click too](javascript:window.__xss=1)',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '{{constructor.constructor("window.__xss=1")()}}',
];
const ALL = PAYLOADS.join(' ');

/** Nothing ran, nothing live was written into the page. */
async function expectInert(page: Page, where: string) {
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), where).toBeUndefined();
  const live = await page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'main [onerror], main [onload], main [onclick], main script, main iframe[srcdoc], main a[href^="javascript:" i], main svg[onload]',
      ),
    ].map((e) => e.outerHTML.slice(0, 120)),
  );
  expect(live, where).toEqual([]);
}

describe('stored XSS', () => {
  it('no field written by one person runs or lives in another person’s page', async () => {
    const author = await apiAs(base, 'author');
    // The other person is demo, whose groups and name no other test relies on; the name is
    // put back when the test ends, passed or failed, since every test shares one server (and a
    // retry would take a name left changed for demo's own).
    const reader = await apiAs(base, 'demo');
    const { user } = await reader.get<{ user: { fullname: string } }>('/api/auth/session');
    onTestFinished(async () => {
      await reader.post('/api/forms/edit_profile', { profile: { fullname: user.fullname } });
    });
    // The board's title and the group's name are new on each try: a retry would find the first
    // try's there.
    const run = Date.now().toString(36);
    const title = `XSS board ${run} ${PAYLOADS[0]}`;
    const board = await author.post<{ owner: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: title, descText: ALL, listed: true },
    );
    const address = `/${board.owner}/${board.ptitle}`;
    const [b] = (await author.post('/api/dbload/load_multilists', {
      addresses: [address],
    })) as unknown as { _id: string }[];
    await author.post('/api/forms/insert_list', {
      multilistId: b!._id,
      titleText: `List ${PAYLOADS[1]}`,
      itemText: `${ALL}\n\nSecond item\n\n/media/lecture.webm ~ A clip`,
    });
    const [full] = (await author.post('/api/dbload/load_multilists', {
      addresses: [address],
    })) as unknown as { lists: { _id: string; items: { _id: string }[] }[] }[];
    const list = full!.lists[0]!;
    const item = list.items[0]!._id;
    await author.post('/api/forms/edit_list', { listId: list._id, descText: ALL });
    await author.post('/api/forms/edit_item_labels', {
      itemId: item,
      labels: [{ name: PAYLOADS[0]!, value: PAYLOADS[2]! }],
    });
    await author.post('/api/forms/add_caption', {
      itemId: item,
      text: ALL,
      annoLabel: PAYLOADS[1],
    });
    await author.post('/api/forms/insert_anno', {
      listId: list._id,
      itemId: item,
      annoSpec: { text: ALL, label: PAYLOADS[0] },
    });
    await author.post('/api/forms/add_media_marker', {
      itemId: list.items[2]!._id,
      title: PAYLOADS[0],
      description: PAYLOADS[2],
      timecode: '00:00:01',
    });
    await reader.post('/api/forms/edit_profile', { profile: { fullname: PAYLOADS[0] } });
    await reader.post('/api/forms/create_group', {
      name: `g ${run} ${PAYLOADS[3]!.slice(0, 60)}`,
      description: ALL,
    });
    const note = await reader.post<{ itemId: string }>('/api/forms/insert_note', {
      listId: list._id,
      itemId: item,
      noteSpec: { text: ALL },
    });
    await author.post('/api/forms/insert_note', {
      listId: list._id,
      itemId: item,
      noteSpec: { text: ALL, parentId: note.itemId },
    });

    const pages: [string, string][] = [
      ['author', address],
      ['author', `/author/home?code=pending&username=author`],
      ['author', `/author/home?code=annos&username=author`],
      ['demo', address],
      ['demo', `/demo/home?code=notes&username=demo`],
      ['guest', address],
      [
        'guest',
        `/admin/home;results?--searched--&searchStr=${encodeURIComponent(PAYLOADS[0]!)}&users=all`,
      ],
    ];
    for (const who of ['author', 'demo', 'guest']) {
      const b = await openBrowser();
      const { page } = b;
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      if (who !== 'guest') await signIn(page, base, who);
      for (const [, url] of pages.filter(([w]) => w === who)) {
        await page.goto(`${base}${url}`);
        await page.locator('main').waitFor();
        await page.waitForLoadState('networkidle');
        await expectInert(page, `${who} at ${url}`);
        if (url === address) {
          // The hostile text is there, shown as text.
          await page.getByRole('heading', { name: title, level: 2 }).waitFor();
          await page.getByText(`List ${PAYLOADS[1]}`).first().waitFor();
        }
        // Clicking every link in the hostile text does nothing either.
        for (const link of await page.locator('main a', { hasText: /click/ }).all()) {
          await link.click({ modifiers: [], trial: false }).catch(() => {});
          await expectInert(page, `${who} clicked a link at ${url}`);
          if (!page.url().startsWith(base)) await page.goBack();
        }
      }
      expect(dialogs, who).toEqual([]);
      await b.close();
    }
  }, 180_000);
});
