/**
 * The app on a tablet, as Playwright's device list emulates an iPad Mini (768 px wide, touch, a
 * finger for a pointer): the wide layout, with every target a finger meets at least 44 px, and a
 * note answered by tapping.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openPhone, screenshot, type Browser } from './browser';
import { apiAs, appUrl, notedItem, signIn, toolbarControls } from './session';
import { selectItem } from './board-helpers';

const base = appUrl();
let b: Browser | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

/** The author's board (the sample course) on the device, signed in as `user`, once its toolbar is drawn. */
async function openCourse(device: Parameters<typeof openPhone>[0], user: string, board = 'course') {
  b = await openPhone(device);
  const p = b.page;
  await signIn(p, base, user);
  await p.goto(`${base}/author/${board}`);
  const bar = p.getByRole('navigation', { name: 'Board tools' });
  await bar.getByRole('button', { name: 'Home', exact: true }).waitFor();
  return { p, bar };
}

/** Each of the targets is at least 44 px square, named by its text in the failure. */
async function fingerSized(targets: Locator, what: string) {
  const boxes = await targets.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return {
        name: e.textContent.trim() || e.getAttribute('aria-label'),
        w: r.width,
        h: r.height,
      };
    }),
  );
  expect(boxes.length, `${what}: some shown`).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(Math.round(box.w), `${what} “${box.name}” width`).toBeGreaterThanOrEqual(44);
    expect(Math.round(box.h), `${what} “${box.name}” height`).toBeGreaterThanOrEqual(44);
  }
}

/**
 * A board of a tip and a prompt, its first item tapped by its author on `device`: the item's words
 * show whole above its buttons, which keep to one row, scrolled sideways under the Actions menu at
 * its end; the last one, reached by scrolling, works.
 */
async function buttonsInOneRow(
  device: Parameters<typeof openPhone>[0],
  titleText: string,
  shotName: string,
): Promise<Page> {
  // A board of its own, as the sample course's first week is, so no other test's selection
  // meets this one's.
  const author = await apiAs(base, 'author');
  const made = await author.post<{ multilistId: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    {
      titleText: `${titleText} ${Date.now()}`,
      descText:
        'Reading the News — four weeks on sources, framing and evidence. Each week has a lecture, a tip and a prompt.',
    },
  );
  const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
    multilistId: made.multilistId,
    titleText: 'Tip',
  });
  await author.post('/api/forms/insert_item', {
    listId,
    text: 'Before you read an article, find out **who published it** and who paid for it.',
  });
  await author.post('/api/forms/insert_item', { listId, text: 'Quote exactly, and link to it.' });
  const { p } = await openCourse(device, 'author', made.ptitle);
  const tip = p.getByRole('region', { name: 'Tip', exact: true });
  const item = tip.getByRole('article').first();
  await item.tap({ position: { x: 40, y: 12 } });
  await expect.poll(() => item.getAttribute('aria-current')).toBe('true');
  const actions = item.getByRole('toolbar', { name: 'Item actions' });
  const menu = actions.getByText('Actions', { exact: true });
  await menu.waitFor();
  // An author's seven buttons: one row, scrolled sideways under the Actions menu at its end.
  const bar = (await actions.boundingBox())!;
  const button = (await actions
    .getByRole('button', { name: 'Annotate', exact: true })
    .boundingBox())!;
  expect(bar.height, 'the buttons’ height').toBeLessThan(button.height * 2);
  const strip = actions.locator('.item-action-buttons');
  const row = await strip.evaluate((e) => ({ scroll: e.scrollWidth, width: e.clientWidth }));
  expect(row.scroll, 'the row runs on sideways').toBeGreaterThan(row.width);
  const menuBox = (await menu.boundingBox())!;
  expect(menuBox.x + menuBox.width, 'the Actions menu within the row').toBeLessThanOrEqual(
    bar.x + bar.width + 1,
  );
  // The menu is beside the buttons that scroll, not over them.
  const stripBox = (await strip.boundingBox())!;
  const menuSpot = (await actions.locator('.item-menu').boundingBox())!;
  expect(stripBox.x + stripBox.width, 'no button under the Actions menu').toBeLessThanOrEqual(
    menuSpot.x,
  );
  // The item's words show whole above them, in the list.
  const words = (await item.locator('.block').first().boundingBox())!;
  const list = (await tip.locator('.list-items').boundingBox())!;
  expect(words.y, 'the words start in the list').toBeGreaterThanOrEqual(list.y);
  expect(words.y + words.height, 'the words end above the buttons').toBeLessThanOrEqual(bar.y + 1);
  await screenshot(p, shotName);

  // The last button, reached by scrolling the row, works.
  const edit = actions.getByRole('button', { name: 'Edit', exact: true });
  await edit.scrollIntoViewIfNeeded();
  await edit.tap();
  const form = p.getByRole('form', { name: 'Edit item' });
  await form.waitFor();
  await p.keyboard.press('Escape');
  await expect.poll(() => form.count()).toBe(0);
  return p;
}

describe('a teacher on a tablet', () => {
  it('meets 44 px targets on the toolbar, an item, a player and Discussion, and answers a note by tapping (iPad Mini)', async () => {
    const question = `Does the preface count? ${Date.now()}`;
    const made = await notedItem(base, {
      title: `Tablet reading ${Date.now()}`,
      list: 'Week 1',
      item: 'Read the opening chapter and bring one question.',
      note: question,
    });

    // The wide layout: the toolbar's groups, not the phone's one Menu.
    const { p, bar } = await openCourse('iPad Mini', 'author');
    await expect(bar.locator('summary', { hasText: /^Menu$/ }).count()).resolves.toBe(0);
    await fingerSized(toolbarControls(p), 'toolbar');
    // The Account group beside the user's name in the header's row, a finger's size too; the
    // board's tools in two rows below it, not three with Account alone on the last.
    const account = p.getByRole('navigation', { name: 'Account' });
    const header = (await p.locator('.status-bar').boundingBox())!;
    const accountBox = (await account.boundingBox())!;
    expect(accountBox.y + accountBox.height, 'Account within the header’s row').toBeLessThanOrEqual(
      header.y + header.height,
    );
    await fingerSized(account.locator('summary, button'), 'Account');
    await fingerSized(p.getByRole('link', { name: 'Listboard home' }), 'the home link');
    const rows = await toolbarControls(p).evaluateAll(
      (els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size,
    );
    expect(rows, 'rows of board tools').toBe(2);
    await account.getByText('Account', { exact: true }).tap();
    await account.getByRole('menuitem', { name: 'Edit profile' }).waitFor();
    await screenshot(p, 'tablet/account-menu');
    await account.getByText('Account', { exact: true }).tap();
    // A recording's player.
    const player = p.locator('.player-bar').first();
    await player.waitFor();
    await fingerSized(player.getByRole('button'), 'player');

    // An item selected by a tap: its own buttons and its Actions.
    await p.goto(`${base}/author/${made.ptitle}`);
    const item = p
      .getByRole('region', { name: 'Week 1', exact: true })
      .getByRole('article')
      .first();
    await selectItem(item, { tap: true, position: { x: 4, y: 4 } });
    await fingerSized(item.locator('.item-action, summary'), 'item');
    // The note's actions keep their words whole, a line of their own each if need be.
    await fingerSized(item.locator('.note-actions button'), 'note on the item');
    // Lines of words: the tops of its text's boxes (an icon beside the words is no line).
    const lines = await item.locator('.note-actions button').evaluateAll((els) =>
      els.map((e) => {
        const tops: number[] = [];
        const texts = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
        for (let n = texts.nextNode(); n; n = texts.nextNode()) {
          if (!n.textContent?.trim()) continue;
          const words = document.createRange();
          words.selectNodeContents(n);
          for (const r of words.getClientRects()) tops.push(r.top);
        }
        // A new line starts where a box sits lower than the one before by more than a few px.
        const sorted = tops.sort((a, b) => a - b);
        const count = sorted.filter((t, i) => i === 0 || t - sorted[i - 1]! > 6).length;
        return `${e.textContent.trim()}: ${count}`;
      }),
    );
    expect(lines).toEqual(lines.map((l) => l.replace(/\d+$/, '1')));
    await screenshot(p, 'tablet/author-item-selected');

    // Discussion: the note's Reply, Mark answered and Dismiss.
    await p.goto(`${base}/author/home?code=pending&username=author`);
    const entry = p.getByRole('listitem').filter({ hasText: question });
    await entry.waitFor();
    await fingerSized(entry.locator('.note-actions button'), 'note');
    await screenshot(p, 'tablet/author-discussion');
    await entry.getByRole('button', { name: 'Reply' }).tap();
    await p.getByLabel('Your reply').fill('Yes: it says who the book is for.');
    await p.getByRole('button', { name: 'Submit' }).tap();
    await entry.waitFor({ state: 'detached', timeout: 10_000 });
    await p.getByRole('link', { name: 'Answered notes' }).tap();
    await p.getByRole('listitem').filter({ hasText: question }).getByText('answered').waitFor();
  });
});

describe('a student on a tablet', () => {
  it('sees the note they add to a tall item come into sight, above the item’s buttons (iPad gen 7)', async () => {
    // An item taller than its list: its notes come below the list's fold.
    const paragraphs = Array.from(
      { length: 14 },
      (_, i) => `Paragraph ${i + 1}: how the two front pages frame the same event, line by line.`,
    ).join('\n\n');
    const made = await notedItem(base, {
      title: `Tablet notes ${Date.now()}`,
      list: 'Readings',
      item: paragraphs,
      note: 'An earlier note.',
    });
    const { p } = await openCourse('iPad (gen 7)', 'reader', made.ptitle);
    const readings = p.getByRole('region', { name: 'Readings', exact: true });
    const item = readings.getByRole('article').first();
    await selectItem(item, { tap: true });
    const actions = item.getByRole('toolbar', { name: 'Item actions' });
    await actions.waitFor();
    await actions.getByText('Actions', { exact: true }).tap();
    await actions.getByRole('menuitem', { name: 'Note', exact: true }).tap();
    const words = `Mine, just written ${Date.now()}`;
    await p.getByRole('textbox', { name: 'Your note' }).fill(words);
    await p.getByRole('button', { name: 'Submit', exact: true }).tap();
    const note = item.getByRole('listitem').filter({ hasText: words });
    await note.waitFor();
    // All of it shows in the list, above the buttons that stay at the list's bottom.
    const rows = readings.locator('.list-items');
    await expect
      .poll(
        async () => {
          const [box, bar, list] = await Promise.all(
            [note, actions, rows].map(async (l) => (await l.boundingBox())!),
          );
          // (The note's last pixels may meet the bar's top rule.)
          return box!.y >= list!.y && box!.y + box!.height <= bar!.y + 4;
        },
        { timeout: 10_000, message: 'the new note in sight above the Actions bar' },
      )
      .toBe(true);
    await screenshot(p, 'tablet/new-note-in-sight');
  });
});

describe('a phone held upright', () => {
  it('keeps a selected item’s buttons in one row under its whole words, not three rows over them (iPhone 13)', async () => {
    await buttonsInOneRow('iPhone 13', 'Upright', 'tablet/phone-upright-author-item');
  });

  it('keeps a list editor’s modes in one row, and its form’s Submit in sight inside the list (iPhone 13)', async () => {
    const author = await apiAs(base, 'author');
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: `Upright editor ${Date.now()}` },
    );
    const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Composers',
    });
    await author.post('/api/forms/insert_item', { listId, text: 'Dvořák' });
    const { p } = await openCourse('iPhone 13', 'author', made.ptitle);
    const list = p.getByRole('region', { name: 'Composers', exact: true });
    await list.getByRole('button', { name: 'List editor', exact: true }).tap();
    const modes = list.getByRole('group', { name: 'List editor modes' });
    await modes.getByRole('button', { name: 'Insert item', exact: true }).tap();
    const form = list.getByRole('form', { name: 'Insert item' });
    await form.getByLabel('Text').waitFor();
    const strip = modes.locator('.list-editor-modes');
    const row = (await strip.boundingBox())!;
    const title = (await modes.getByRole('button', { name: 'Title', exact: true }).boundingBox())!;
    expect(row.height, 'the modes in one row').toBeLessThan(title.height * 2);
    // The close button is beside the row that scrolls, not over its buttons: the last mode,
    // scrolled to, ends before it.
    const close = (await modes
      .getByRole('button', { name: 'Close the list editor' })
      .boundingBox())!;
    expect(close.x, 'the close button beside the modes').toBeGreaterThanOrEqual(row.x + row.width);
    await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const last = (await strip.getByRole('button').last().boundingBox())!;
    expect(last.x + last.width, 'the last mode clear of the close button').toBeLessThanOrEqual(
      close.x,
    );
    await strip.evaluate((el) => el.scrollTo({ left: 0 }));
    // The form starts below the row, not under it.
    const heading = (await form.locator('.form-label').first().boundingBox())!;
    expect(heading.y, 'the form below the modes').toBeGreaterThanOrEqual(row.y + row.height);
    const editor = (await modes.boundingBox())!;
    const submit = form.getByRole('button', { name: 'Submit' });
    const box = (await submit.boundingBox())!;
    const screenHeight = await p.evaluate(() => window.innerHeight);
    expect(box.y + box.height, 'Submit inside the list editor').toBeLessThanOrEqual(
      editor.y + editor.height + 1,
    );
    expect(box.y + box.height, 'Submit on the screen').toBeLessThanOrEqual(screenHeight);
    await screenshot(p, 'tablet/phone-upright-list-editor');
    await form.getByLabel('Text').fill('Smetana');
    await submit.tap();
    await list.getByRole('article').filter({ hasText: 'Smetana' }).waitFor();
  });
});

describe('a phone turned sideways', () => {
  it('opens every toolbar menu inside the screen, the Help menu too when the bar wraps it to a row’s start (iPad gen 7, guest)', async () => {
    b = await openPhone('iPad (gen 7)');
    const p = b.page;
    await p.goto(`${base}/`);
    const bar = p.getByRole('navigation', { name: 'Board tools' });
    await bar.getByRole('button', { name: 'Home', exact: true }).waitFor();
    const width = await p.evaluate(() => document.documentElement.clientWidth);
    const menus = bar.locator('details.tool-menu');
    const count = await menus.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const menu = menus.nth(i);
      await menu.locator('summary').tap();
      const panel = menu.locator('.tool-menu-panel');
      await panel.waitFor();
      const name = await menu.locator('summary').innerText();
      // Placed as it opens (its toggle event), a frame after it shows.
      const edges = async () => {
        const box = (await panel.boundingBox())!;
        return { left: box.x >= 0, right: box.x + box.width <= width };
      };
      await expect
        .poll(edges, { message: `${name}: on the screen`, timeout: 5_000 })
        .toEqual({ left: true, right: true });
      if (name.includes('Help')) await screenshot(p, 'tablet/guest-help-menu');
      await menu.locator('summary').tap();
      await panel.waitFor({ state: 'hidden' });
    }
  });

  it('keeps the phone’s few tools in the header’s row, so the board has the height, and its Menu works by tapping (iPhone 13 landscape)', async () => {
    const { p, bar } = await openCourse('iPhone 13 landscape', 'author');
    await p.getByRole('region', { name: 'Tip', exact: true }).waitFor();
    const height = await p.evaluate(() => window.innerHeight);
    expect(height).toBeLessThan(500);
    // The header with the tools in it: one row, not a header and a bar of two rows below it.
    const header = (await p.getByRole('banner').boundingBox())!;
    expect(header.height, 'the header’s height, tools and all').toBeLessThanOrEqual(height / 6);
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height, 'the tools end within the header').toBeLessThanOrEqual(
      header.y + header.height,
    );
    await fingerSized(toolbarControls(p), 'toolbar control');
    await fingerSized(p.getByRole('link', { name: 'Listboard home' }), 'the home link');
    await screenshot(p, 'tablet/phone-sideways-board');

    // Every group is in the one Menu, which opens on the screen and works by tapping.
    await bar.getByText('Menu', { exact: true }).tap();
    const panel = bar.locator('.tool-menu-panel');
    const shown = (await panel.boundingBox())!;
    const width = await p.evaluate(() => window.innerWidth);
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(width);
    expect(shown.y + shown.height).toBeLessThanOrEqual(height);
    for (const group of ['Navigate', 'View', 'Edit', 'Annotate', 'Help']) {
      await expect.poll(() => panel.locator('summary', { hasText: group }).count()).toBe(1);
    }
    await screenshot(p, 'tablet/phone-sideways-menu');
    await panel.locator('summary', { hasText: 'Navigate' }).tap();
    await panel.getByRole('menuitem', { name: 'Home', exact: true }).tap();
    await p.waitForURL('**/author/home');
  });

  it('keeps a tapped item’s actions in its list, and opens its menu from the top (iPhone 13 landscape)', async () => {
    const { p } = await openCourse('iPhone 13 landscape', 'reader');
    const tip = p.getByRole('region', { name: 'Tip', exact: true });
    const rows = tip.locator('.list-items');
    const item = tip.getByRole('article').first();
    await selectItem(item, { tap: true });
    const actions = item.getByRole('toolbar', { name: 'Item actions' });
    const menu = actions.getByText('Actions', { exact: true });
    await menu.waitFor();
    /** Whether all of the target is inside the list's scrolled box, where a finger can reach it. */
    const inList = async (target: Locator) => {
      const [box, list] = [(await target.boundingBox())!, (await rows.boundingBox())!];
      return box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
    };
    // The item runs on below the list's bottom; its buttons stay at that bottom, over it.
    const itemBox = (await item.boundingBox())!;
    const listBox = (await rows.boundingBox())!;
    expect(itemBox.y + itemBox.height).toBeGreaterThan(listBox.y + listBox.height);
    expect(await inList(menu), 'the Actions button is in the list').toBe(true);
    await screenshot(p, 'tablet/phone-sideways-item-actions');

    await menu.tap();
    const entries = actions.getByRole('menu', { name: 'Actions on this item' });
    await expect
      .poll(() => inList(menu), { message: 'the open menu’s button in the list' })
      .toBe(true);
    expect(await inList(entries.getByRole('menuitem').first()), 'its first entry').toBe(true);
    await screenshot(p, 'tablet/phone-sideways-item-menu');
    await entries.getByRole('menuitem', { name: 'Note', exact: true }).tap();
    await p.getByRole('textbox', { name: 'Your note' }).waitFor();
  });

  it('shows a selected item’s words above its buttons, in one row, the board’s title in one line, and a long form’s Submit on the screen (iPhone 13 landscape)', async () => {
    const p = await buttonsInOneRow(
      'iPhone 13 landscape',
      'Sideways',
      'tablet/phone-sideways-author-item',
    );

    // The search form, screens long here: Submit and Cancel stay at the screen's bottom.
    await p
      .getByRole('navigation', { name: 'Board tools' })
      .getByRole('button', { name: 'Search', exact: true })
      .tap();
    const search = p.getByRole('form', { name: 'Search' });
    const screenHeight = await p.evaluate(() => window.innerHeight);
    expect((await search.boundingBox())!.height).toBeGreaterThan(screenHeight);
    for (const name of ['Submit', 'Cancel']) {
      const box = (await search.getByRole('button', { name }).boundingBox())!;
      expect(box.y + box.height, `${name} on the screen`).toBeLessThanOrEqual(screenHeight);
    }
    await search.getByRole('button', { name: 'Cancel' }).tap();
    await expect.poll(() => search.count()).toBe(0);

    // The board's owner and description: on the title's line, cut, and whole when tapped.
    const title = (await p.getByRole('heading', { name: /^Sideways/, level: 2 }).boundingBox())!;
    const meta = p.getByRole('button', { name: /Reading the News/ });
    expect(await meta.getAttribute('aria-expanded')).toBe('false');
    const cut = (await meta.boundingBox())!;
    expect(
      Math.round(cut.height),
      'a finger’s height for the cut description',
    ).toBeGreaterThanOrEqual(44);
    expect(
      Math.abs(cut.y + cut.height / 2 - (title.y + title.height / 2)),
      'on the title’s line',
    ).toBeLessThan(8);
    expect(
      await meta.evaluate((e) => e.scrollWidth > e.clientWidth),
      'the description is cut',
    ).toBe(true);
    await meta.tap();
    await expect.poll(() => meta.getAttribute('aria-expanded')).toBe('true');
    expect(
      await meta.evaluate((e) => e.scrollWidth > e.clientWidth),
      'the description shows whole',
    ).toBe(false);
    expect((await meta.boundingBox())!.height).toBeGreaterThan(cut.height);
  });
});
