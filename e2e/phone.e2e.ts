/**
 * The app on phones, as Playwright's device list emulates them (screen, device scale, a mobile
 * viewport that obeys the page's viewport meta tag, touch): no page is wider than the screen,
 * lists are the screen less 60 px, the header names the user only, a swipe moves list by list,
 * and a guest, a reader and an author do their work by tapping.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser, type Phone } from './browser';
import { apiAs, appUrl, notedItem, signIn, tool, toolbarControls } from './session';
import { seriousViolations } from './axe';
import { selectItem, settled, waitShowing } from './board-helpers';

const base = appUrl();
let b: Browser | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

const WIDTH: Record<Phone, number> = { 'iPhone 13': 390, 'Pixel 7': 412 };
const list = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const bar = (page: Page) => page.getByRole('navigation', { name: 'Board tools' });

interface Shown {
  name: string;
  path: string;
  ready(page: Page): Locator;
}

const board: Shown = {
  name: 'board',
  path: '/author/course',
  ready: (p) => list(p, 'Tip'),
};
const help: Shown = {
  name: 'help',
  path: '/admin/help',
  ready: (p) => p.locator('main [data-board]').first(),
};
const search = (user: string): Shown => ({
  name: 'search',
  path: `/author/course;${user}/results?--searched--&searchStr=week&by=text`,
  ready: (p) => p.getByRole('navigation', { name: 'Search results' }),
});
/** A named page's tabs, once its entries have come (its loading placeholder gone). */
const loadedPage = (p: Page) => p.locator('body:not(:has(.board.skeleton)) .page-tabs');
const page = (user: string, code: string, name: string, ready: (p: Page) => Locator): Shown => ({
  name,
  path: `/${user}/home?code=${code}&username=${user}`,
  ready,
});
const signedInPages = (user: string): Shown[] => [
  { name: 'home', path: `/${user}/home`, ready: (p) => p.locator('main [data-board]').first() },
  board,
  search(user),
  page(user, 'myBoards', 'listings', loadedPage),
  page(user, 'pending', 'discussion', loadedPage),
  {
    name: 'profile',
    path: `/${user}/home?code=profile`,
    ready: (p) => p.getByRole('main').getByRole('button', { name: 'Edit profile' }),
  },
  help,
];

/** The page is exactly the screen wide: nothing sticks out to make it scroll sideways. */
async function fitsScreen(p: Page, width: number, label: string) {
  const m = await p.evaluate(() => ({
    inner: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(m.inner, `${label}: innerWidth`).toBe(width);
  expect(m.scroll, `${label}: document scrollWidth`).toBeLessThanOrEqual(width);
  expect(m.body, `${label}: body scrollWidth`).toBeLessThanOrEqual(width);
}

/** Visits each page, checks it fits, and keeps a screenshot of it under test-results/phone/. */
async function visitAll(p: Page, who: string, pages: Shown[], width: number) {
  for (const shown of pages) {
    await p.goto(`${base}${shown.path}`);
    await shown.ready(p).waitFor();
    await p.waitForTimeout(300);
    await fitsScreen(p, width, `${who} ${shown.name}`);
    // A home opens at its start: a signed-in user's dashboard in view.
    if (shown.name === 'home') await startsAtFirstList(p, width);
    const firstList = p.locator('main .list').first();
    if (shown === board)
      expect((await firstList.boundingBox())!.width, `${who} list width`).toBe(width - 60);
    await screenshot(p, `phone/${who}-${shown.name}`);
  }
}

/** Every control on the toolbar is in view and at least 44 px square. */
async function toolbarTargets(p: Page, width: number) {
  const boxes = await toolbarControls(p).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.textContent, left: r.left, right: r.right, w: r.width, h: r.height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(2);
  for (const box of boxes) {
    expect(box.right, `${box.name} in view`).toBeLessThanOrEqual(width);
    expect(box.left, `${box.name} in view`).toBeGreaterThanOrEqual(0);
    expect(Math.round(box.w), `${box.name} width`).toBeGreaterThanOrEqual(44);
    expect(Math.round(box.h), `${box.name} height`).toBeGreaterThanOrEqual(44);
  }
}

/**
 * Each field of the form to type in or choose from is a finger's height, with text of 16 px or
 * more: iOS Safari zooms the page into a field with smaller text as it takes focus (Chromium's
 * emulation does not, so the test reads the size that decides it).
 */
async function fieldsForFingers(form: Locator, what: string) {
  const fields = await form
    .locator('input:not([type=checkbox]):not([type=file]), textarea, select')
    .evaluateAll((els) =>
      els.map((e) => ({
        name: e.id,
        font: parseFloat(getComputedStyle(e).fontSize),
        h: Math.round(e.getBoundingClientRect().height),
      })),
    );
  expect(fields.length, `${what}: fields`).toBeGreaterThan(0);
  for (const f of fields) {
    expect(f.font, `${what} ${f.name}: text size`).toBeGreaterThanOrEqual(16);
    expect(f.h, `${what} ${f.name}: height`).toBeGreaterThanOrEqual(44);
  }
}

/** A finger drawn across the screen from one point to another, as touch events. */
async function fingerDrawn(p: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await p.context().newCDPSession(p);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(at.x), y: Math.round(at.y) }],
    });
  await touch('touchStart', from);
  for (let i = 1; i <= 10; i++) {
    const f = i / 10;
    await touch('touchMove', { x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f });
    await p.waitForTimeout(16);
  }
  await touch('touchEnd', to);
  await cdp.detach();
}

/** A finger drawn sideways across the screen. */
const swipe = (p: Page, fromX: number, toX: number, y: number) =>
  fingerDrawn(p, { x: fromX, y }, { x: toX, y });

/** Taps an item on its padding, clear of any link or button inside it. */
/** Where an item is tapped: its corner, off any link or button inside it. */
const CORNER = { x: 4, y: 4 };

describe('a guest on a phone', () => {
  it('sees every page fit the screen, the phone header, and signs in by tapping (iPhone 13)', async () => {
    b = await openPhone('iPhone 13');
    const p = b.page;
    const width = WIDTH['iPhone 13'];
    await visitAll(
      p,
      'guest',
      [
        {
          name: 'home',
          path: '/',
          ready: (q) => q.getByText('Boards you can read, annotate and discuss'),
        },
        board,
        search('guest'),
        help,
      ],
      width,
    );
    // Sign in and Sign up are on the bar, in view, big enough to tap.
    await p.goto(`${base}/author/course`);
    await list(p, 'Tip').waitFor();
    await toolbarTargets(p, width);
    await bar(p).getByRole('button', { name: 'Sign up', exact: true }).waitFor();
    await bar(p).getByRole('button', { name: 'Sign in', exact: true }).tap();
    const form = p.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('User name').fill('reader');
    await form.getByLabel('Password').fill('listboard');
    await screenshot(p, 'phone/guest-sign-in');
    await fitsScreen(p, width, 'sign-in form');
    await fieldsForFingers(form, 'sign-in form');
    await form.getByRole('button', { name: 'Sign in', exact: true }).tap();
    // The phone header: the user's name, not the e-mail.
    await p.locator('.status-bar .user-name', { hasText: 'reader' }).waitFor();
    await expect(p.locator('.status-bar .user-email').count()).resolves.toBe(0);
    await fitsScreen(p, width, 'signed in');
  });

  it('finds a recording’s step buttons finger-sized in two even rows, back above forward, the time under them (iPhone 13)', async () => {
    b = await openPhone('iPhone 13');
    const p = b.page;
    await p.goto(`${base}/author/course`);
    const controls = list(p, 'Week').getByRole('group', { name: 'Lecture 1: sources controls' });
    await controls.scrollIntoViewIfNeeded();
    const boxes = await controls.getByRole('button').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        const name = e.getAttribute('aria-label') ?? e.textContent;
        return { name, x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    const rows = [...new Set(boxes.map((r) => Math.round(r.y)))];
    const names = (y: number) => boxes.filter((r) => Math.round(r.y) === y).map((r) => r.name);
    expect(rows.length, 'rows of buttons').toBe(2);
    expect(names(rows[0]!)).toEqual([
      'Back to start',
      'Jump back 3 s',
      'Skip back 1 s',
      'Nudge back ¼ s',
    ]);
    expect(names(rows[1]!)).toEqual([
      'Nudge forward ¼ s',
      'Skip forward 1 s',
      'Jump forward 3 s',
      'Trim',
    ]);
    for (const r of boxes) {
      expect(r.width, r.name).toBeGreaterThanOrEqual(44);
      expect(r.height, r.name).toBeGreaterThanOrEqual(44);
      // Even: each as wide as the first, and each column under the one above.
      expect(Math.abs(r.width - boxes[0]!.width), r.name).toBeLessThan(1);
    }
    for (let i = 0; i < 4; i++) expect(Math.abs(boxes[i + 4]!.x - boxes[i]!.x)).toBeLessThan(1);
    const time = (await controls.getByLabel('Time').boundingBox())!;
    expect(time.y).toBeGreaterThanOrEqual(boxes[4]!.y + boxes[4]!.height);
    await screenshot(p, 'phone/recording-controls');
  });
});

/**
 * The row of boards is at its start, give or take the phone's snap padding: the first list (or
 * the home's dashboard before it) begins at the screen's left edge, not off to the left of it.
 */
async function startsAtFirstList(p: Page, width: number) {
  const first = p.locator('main .dashboard, main [data-board] .list').first();
  await first.waitFor();
  const at = async () => {
    const { x } = (await first.boundingBox())!;
    const scrolled = await p.locator('main.boards').evaluate((e) => e.scrollLeft);
    return x >= 0 && x < width / 10 && scrolled < width / 10
      ? 'at the start'
      : `first list at ${String(x)}, row scrolled by ${String(scrolled)}`;
  };
  await expect.poll(at, { message: 'the first list at the left edge' }).toBe('at the start');
}

describe('boards opened afresh on a phone', () => {
  it('start at their first list: Home from a board further along, and the home after signing in (iPhone 13)', async () => {
    b = await openPhone('iPhone 13');
    const p = b.page;
    const width = WIDTH['iPhone 13'];
    const row = p.locator('main.boards');
    const scrolled = () => row.evaluate((e) => e.scrollLeft);
    await p.goto(`${base}/`);
    const welcome = p.getByText('Boards you can read, annotate and discuss');
    await welcome.waitFor();
    // A link on the home board opens the author's home beside it, and the row moves to it.
    await p.locator('main a[href="/author/home"]').first().tap();
    await p.waitForURL('**/admin/home;author/home');
    await expect.poll(scrolled, { timeout: 5000 }).toBeGreaterThan(width);
    // Where it comes to rest (a read of the new board, before going on).
    let last = -1;
    await expect
      .poll(async () => last === (last = await scrolled()), { interval: 200, timeout: 5000 })
      .toBe(true);
    // Home (from the Menu, as a guest's phone bar has no room for it): the home board alone,
    // from its first list.
    await tool(p, 'Home');
    await p.waitForURL(/\/admin\/home$/);
    await expect.poll(() => p.locator('main [data-board]').count()).toBe(1);
    await startsAtFirstList(p, width);
    await expect(welcome.isVisible()).resolves.toBe(true);
    await screenshot(p, 'phone/guest-home-again');

    // Signing in opens the reader's home at its start: the dashboard, not the list after it.
    await bar(p).getByRole('button', { name: 'Sign in', exact: true }).tap();
    const form = p.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('User name').fill('reader');
    await form.getByLabel('Password').fill('listboard');
    await form.getByRole('button', { name: 'Sign in', exact: true }).tap();
    await p.waitForURL('**/reader/home');
    await welcome.waitFor({ state: 'detached' });
    const dashboard = p.getByRole('navigation', { name: 'Dashboard' });
    await dashboard.waitFor();
    await p.locator('main [data-board]').first().waitFor();
    await startsAtFirstList(p, width);
    const box = (await dashboard.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // The dashboard is a strip of its links above the home board, which has the phone's list
    // width from the screen's left edge, not a column the board starts beside.
    const firstList = (await p.locator('main [data-board] .list').first().boundingBox())!;
    expect(box.y + box.height, 'the dashboard above the board').toBeLessThanOrEqual(firstList.y);
    expect(firstList.x).toBeLessThan(width / 10);
    expect(firstList.width).toBe(width - 60);
    const links = dashboard.getByRole('link');
    await expect(links.allInnerTexts()).resolves.toEqual([
      'Profile',
      'Listings',
      'Discussion',
      'Home',
    ]);
    for (const link of [...(await links.all()), dashboard.getByRole('button', { name: 'Help' })]) {
      const target = (await link.boundingBox())!;
      expect(target.height, 'a dashboard link takes a finger').toBeGreaterThanOrEqual(44);
    }
    await screenshot(p, 'phone/reader-home-signed-in');
    // A board opened from the home, beside it, has the screen's height without the strip; back
    // at the home alone, the strip is there again.
    await p.locator('main a[href="/author/course"]').first().tap();
    await p.waitForURL(/;author\/course$/);
    await dashboard.waitFor({ state: 'detached' });
    await p.goBack();
    await p.waitForURL(/\/reader\/home$/);
    await dashboard.waitFor();
    // A tap on one of the strip's links opens its page.
    await dashboard.getByRole('link', { name: 'Discussion' }).tap();
    await p.waitForURL(/code=pending/);
    await p.getByRole('navigation', { name: 'Discussion' }).waitFor();
  });
});

describe('a search that finds nothing, on a phone', () => {
  it('brings its results board into view, saying so, as it would one with results, under a results bar with one row of buttons (iPhone 13)', async () => {
    b = await openPhone('iPhone 13');
    const p = b.page;
    await signIn(p, base, 'reader');
    await p.goto(`${base}/author/course`);
    await list(p, 'Tip').waitFor();
    await bar(p).getByRole('button', { name: 'Search', exact: true }).tap();
    const form = p.getByRole('form', { name: 'Search' });
    await form.getByLabel('Search for').fill(`nothing${Date.now().toString(36)}`);
    await form.getByRole('button', { name: 'Submit' }).tap();
    const results = p.locator('main [data-board]').last();
    await results.getByText('No results.').waitFor();
    await expect.poll(() => p.locator('main [data-board]').count()).toBe(2);
    // Where the row comes to rest: the results board wholly on the screen.
    let last = -1;
    const row = p.locator('main.boards');
    await expect
      .poll(async () => last === (last = await row.evaluate((e) => e.scrollLeft)), {
        interval: 200,
        timeout: 5000,
      })
      .toBe(true);
    await inView(results.locator('.board-header'), WIDTH['iPhone 13'], 'the results board');
    // The results bar's buttons keep to one row under its count.
    const tops = await p
      .getByRole('navigation', { name: 'Search results' })
      .getByRole('button')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(4);
    expect(new Set(tops).size, 'rows of buttons').toBe(1);
    await screenshot(p, 'phone/search-found-nothing');
  });
});

/** The element is wholly on the screen, left to right. */
/**
 * The target comes to rest within the screen's width (a strip of tabs scrolls its open tab into
 * view once it is drawn, which a busy machine may take a moment over).
 */
async function inView(target: Locator, width: number, label: string) {
  const where = async () => {
    const box = (await target.boundingBox())!;
    return box.x >= 0 && box.x + box.width <= width
      ? 'on screen'
      : `from ${String(box.x)} to ${String(box.x + box.width)}`;
  };
  await expect.poll(where, { message: label }).toBe('on screen');
}

describe('Discussion and Listings on a phone', () => {
  it('open at their first entry with the open tab in view, in a strip of tabs that switch by tapping (iPhone 13)', async () => {
    const question = `Which edition? ${Date.now()}`;
    await notedItem(base, {
      title: `Pocket reading ${Date.now()}`,
      list: 'Week 1',
      item: 'Read the first chapter before class.',
      note: question,
    });

    // A reader owns no board, so nothing waits on Discussion: the page says so once, and does
    // not call it a board with no lists.
    b = await openPhone('iPhone 13');
    await signIn(b.page, base, 'reader');
    await b.page.goto(`${base}/reader/home?code=dismissed&username=reader`);
    await b.page.getByText('No dismissed notes: a pending note dismissed shows here.').waitFor();
    await expect(b.page.getByText('This board has no lists yet.').count()).resolves.toBe(0);
    await b.close();

    b = await openPhone('iPhone 13');
    const p = b.page;
    const width = WIDTH['iPhone 13'];
    await signIn(p, base, 'author');
    await p.goto(`${base}/author/home?code=pending&username=author`);
    const tabs = p.getByRole('navigation', { name: 'Discussion' });
    const entry = p.getByRole('listitem').filter({ hasText: question });
    await waitShowing(entry);
    await p.waitForTimeout(300);
    await fitsScreen(p, width, 'discussion');
    // The results start at the screen's left edge; the tabs are above them, not a column that
    // the row scrolls past.
    await startsAtFirstList(p, width);
    await inView(entry, width, 'the pending note');
    await inView(tabs.locator('[aria-current=page]'), width, 'the open tab');
    expect((await tabs.boundingBox())!.y).toBeLessThan((await entry.boundingBox())!.y);
    await screenshot(p, 'phone/author-discussion');

    // Reply opens its form above the results, away from the note: the form quotes the note it
    // answers, and the quote and the field to type in are both on the screen.
    await entry.getByRole('button', { name: 'Reply', exact: true }).tap();
    const reply = p.getByRole('form', { name: 'Reply' });
    const answered = reply.getByRole('blockquote');
    await expect(answered.innerText()).resolves.toBe(question);
    await expect(answered.getAttribute('aria-label')).resolves.toMatch(/^Note by \S/);
    const field = reply.getByLabel('Your reply');
    await inView(answered, width, 'the quoted note');
    await inView(field, width, 'the reply field');
    const height = await p.evaluate(() => window.innerHeight);
    expect((await answered.boundingBox())!.y, 'the quote below the top').toBeGreaterThanOrEqual(0);
    const typing = (await field.boundingBox())!;
    expect(typing.y + typing.height, 'the field above the bottom').toBeLessThanOrEqual(height);
    await screenshot(p, 'phone/author-reply');
    await reply.getByRole('button', { name: 'Cancel' }).tap();

    await tabs.getByRole('link', { name: 'Answered notes' }).tap();
    await p.waitForURL(/code=answered/);
    await p.getByRole('heading', { name: 'Answered notes', level: 2 }).waitFor();
    await inView(tabs.locator('[aria-current=page]'), width, 'the answered tab');
    await fitsScreen(p, width, 'answered notes');

    // Listings has eight tabs: the strip scrolls sideways by itself and opens at the open one.
    await p.goto(`${base}/author/home?code=groupNotes&username=author`);
    const listings = p.getByRole('navigation', { name: 'Listings' });
    const open = listings.locator('[aria-current=page]');
    await expect(open.innerText()).resolves.toBe('Group notes');
    await p.waitForTimeout(300);
    await inView(open, width, 'the Group notes tab');
    await fitsScreen(p, width, 'listings');
    await screenshot(p, 'phone/author-listings-last-tab');
  });

  it('the Discussion of one board says which under the strip, in view, and taps back to all boards (iPhone 13)', async () => {
    b = await openPhone('iPhone 13');
    const p = b.page;
    const width = WIDTH['iPhone 13'];
    await signIn(p, base, 'author');
    await p.goto(`${base}/author/home?code=pending&username=author&board=course`);
    await p.getByRole('heading', { name: 'Pending notes: course', exact: true }).waitFor();
    const all = p.getByRole('link', { name: 'All boards' });
    await inView(all, width, 'All boards');
    const strip = (await p.getByRole('navigation', { name: 'Discussion' }).boundingBox())!;
    expect((await all.boundingBox())!.y).toBeGreaterThanOrEqual(strip.y + strip.height);
    await fitsScreen(p, width, 'discussion of one board');
    await all.tap();
    await p.waitForURL(/code=pending&username=author$/);
    await p.getByRole('heading', { name: 'Pending notes', exact: true }).waitFor();
  });
});

describe('a reader on a phone', () => {
  it('sees every page fit, swipes between lists, and notes selected words by touch (Pixel 7)', async () => {
    b = await openPhone('Pixel 7');
    const p = b.page;
    const width = WIDTH['Pixel 7'];
    await signIn(p, base, 'reader');
    await visitAll(p, 'reader', signedInPages('reader'), width);

    await p.goto(`${base}/author/course`);
    const tips = list(p, 'Tip');
    await tips.waitFor();
    await toolbarTargets(p, width);

    // A swipe to the left brings the next list to the screen's edge, one list at a time; a
    // swipe to the right brings the first back.
    const boards = p.locator('main.boards');
    const lists = p.locator('main .list');
    // The board opens at the list the reader last selected in (a first try of this test left
    // one): the swipes start from the first list.
    await settled(p);
    await boards.evaluate((e) => e.scrollTo({ left: 0 }));
    await expect.poll(() => boards.evaluate((e) => e.scrollLeft)).toBe(0);
    const firstX = (await lists.nth(0).boundingBox())!.x;
    await swipe(p, width * 0.8, width * 0.2, 500);
    await expect
      .poll(async () => Math.round((await lists.nth(1).boundingBox())!.x), { timeout: 5000 })
      .toBe(Math.round(firstX));
    await screenshot(p, 'phone/reader-swiped');
    await swipe(p, width * 0.2, width * 0.8, 500);
    await expect.poll(() => boards.evaluate((e) => e.scrollLeft), { timeout: 5000 }).toBe(0);

    // Tap selects an item.
    const item = tips.getByRole('article').nth(1);
    await selectItem(item, { tap: true, position: CORNER });
    // Words chosen as a phone does it (a long press, then the handles: Playwright cannot drag
    // the handles, so the range is set the way they leave it).
    const words = await item.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && (node.textContent ?? '').trim().split(/\s+/).length < 3)
        node = walker.nextNode();
      const text = node!.textContent!;
      const start = text.search(/\S/);
      const end = text.indexOf(' ', text.indexOf(' ', start) + 1);
      const range = document.createRange();
      range.setStart(node!, start);
      range.setEnd(node!, end);
      const sel = document.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      return range.toString();
    });
    expect(words.split(' ').length).toBe(2);
    // Note is offered beside the words, as with a mouse.
    await p
      .getByRole('toolbar', { name: 'Selected words' })
      .getByRole('button', { name: 'Note the selected words' })
      .waitFor();
    // The item's Actions, then Note: no keyboard needed.
    const actions = item.locator('summary', { hasText: 'Actions' });
    const box = (await actions.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await actions.tap();
    await screenshot(p, 'phone/reader-item-actions');
    await item.getByRole('menuitem', { name: 'Note', exact: true }).tap();
    const note = `A phone note ${Date.now()}`;
    await p.getByLabel('Your note').fill(note);
    await p.getByRole('button', { name: 'Submit' }).tap();
    const saved = tips.getByRole('listitem').filter({ hasText: note });
    await saved.waitFor({ timeout: 10_000 });
    // The note quotes the words that were selected.
    await expect(saved.locator('.quote').innerText()).resolves.toContain(words);
    await screenshot(p, 'phone/reader-note');
    await fitsScreen(p, width, 'after the note');
  });
});

describe('an alert while a form is open on a phone', () => {
  it('comes at the top, never over the form’s Submit (iPhone 13)', async () => {
    b = await openPhone('iPhone 13');
    const p = b.page;
    await signIn(p, base, 'reader');
    await p.goto(`${base}/author/course`);
    const item = list(p, 'Tip').getByRole('article').first();
    await selectItem(item, { tap: true, position: CORNER });
    const actions = item.getByRole('toolbar', { name: 'Item actions' });
    await actions.getByText('Actions', { exact: true }).tap();
    await actions.getByRole('menuitem', { name: 'Note', exact: true }).tap();
    await p.getByLabel('Your note').fill('A note the server will not take.');
    // The server says no: the words go under the form and, as every refusal, in an alert.
    const refusal = 'You may not add notes to this board.';
    await p.route('**/api/forms/insert_note', (r) =>
      r.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: refusal }),
      }),
    );
    const submit = p.getByRole('button', { name: 'Submit', exact: true });
    await submit.tap();
    const alert = p.locator('.alert', { hasText: refusal });
    await alert.waitFor();
    const [a, s] = [(await alert.boundingBox())!, (await submit.boundingBox())!];
    const apart = a.y + a.height <= s.y || s.y + s.height <= a.y;
    expect(apart, 'the alert and Submit do not overlap').toBe(true);
    await screenshot(p, 'phone/alert-over-form');
    await p.getByRole('button', { name: 'Cancel', exact: true }).tap();
  });
});

describe('a finger held on an item (iPhone 13)', () => {
  it('selecting words does not fold the item; a hold let go with nothing selected does', async () => {
    b = await openPhone('iPhone 13');
    const p = b.page;
    await signIn(p, base, 'reader');
    await p.goto(`${base}/author/course`);
    const item = list(p, 'Tip').getByRole('article').first();
    await item.waitFor();
    await settled(p);
    const closed = async () => (await item.getAttribute('class'))?.includes('closed') ?? false;
    const cdp = await p.context().newCDPSession(p);
    const hold = async (x: number, y: number, ms: number, meanwhile?: () => Promise<unknown>) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      await p.waitForTimeout(ms);
      await meanwhile?.();
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const at = async () => {
      await item.scrollIntoViewIfNeeded();
      const box = (await item.locator('p').first().boundingBox())!;
      return [Math.round(box.x + 20), Math.round(box.y + box.height / 2)] as const;
    };
    // Open to start with (a first try of this test may have left it folded).
    if (await closed()) {
      await hold(...(await at()), 500);
      await expect.poll(closed).toBe(false);
    }

    // Held past the half second after which the phone starts selecting words (done here by
    // script, as the emulated phone selects nothing itself), then let go: the words stay
    // selected and the item open.
    await hold(...(await at()), 700, () =>
      item
        .locator('p')
        .first()
        .evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          getSelection()?.removeAllRanges();
          getSelection()?.addRange(range);
        }),
    );
    await p.waitForTimeout(300);
    expect(await closed()).toBe(false);
    expect(await p.evaluate(() => getSelection()?.toString().length ?? 0)).toBeGreaterThan(0);

    // Held and let go with nothing selected: the spec's long press folds it, and another opens
    // it again.
    await p.evaluate(() => getSelection()?.removeAllRanges());
    await hold(...(await at()), 500);
    await expect.poll(closed).toBe(true);
    await hold(...(await at()), 500);
    await expect.poll(closed).toBe(false);
    await cdp.detach();
  });
});

describe('an author on a phone', () => {
  it('sees every page fit and edits and moves an item by touch (iPhone 13)', async () => {
    const api = await apiAs(base, 'author');
    const title = `Pocket ${Date.now()}`;
    const made = await api.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: title },
    );
    const { listId } = await api.post<{ listId: string }>('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Errands',
    });
    for (const text of ['Buy bread', 'Post the letter', 'Water the plants'])
      await api.post('/api/forms/insert_item', { listId, text });
    await api.post('/api/forms/insert_list', { multilistId: made.multilistId, titleText: 'Later' });

    b = await openPhone('iPhone 13');
    const p = b.page;
    const width = WIDTH['iPhone 13'];
    await signIn(p, base, 'author');
    await visitAll(p, 'author', signedInPages('author'), width);

    await p.goto(`${base}/author/${made.ptitle}`);
    const errands = list(p, 'Errands');
    await errands.waitFor();
    await toolbarTargets(p, width);
    // The Menu is for tapping: no key hints beside its entries, which keep their shortcuts for a
    // screen reader.
    await p.locator('nav.controls-bar summary', { hasText: 'Menu' }).tap();
    await p.locator('summary.tool-menu-group', { hasText: 'Navigate' }).tap();
    const nextList = p.getByRole('menuitem', { name: 'Next list', exact: true });
    await nextList.waitFor();
    await expect(nextList.locator('kbd').isVisible()).resolves.toBe(false);
    await expect(nextList.getAttribute('aria-keyshortcuts')).resolves.toBe('Control+F');
    await p.locator('nav.controls-bar summary', { hasText: 'Menu' }).tap();
    await nextList.waitFor({ state: 'hidden' });
    // The search form is three screens long: Submit and Cancel stay at the screen's bottom.
    await bar(p).getByRole('button', { name: 'Search', exact: true }).tap();
    const searchForm = p.getByRole('form', { name: 'Search' });
    const screenHeight = await p.evaluate(() => window.innerHeight);
    expect((await searchForm.boundingBox())!.height).toBeGreaterThan(screenHeight);
    const cancel = searchForm.getByRole('button', { name: 'Cancel' });
    const cancelBox = (await cancel.boundingBox())!;
    expect(cancelBox.y + cancelBox.height, 'Cancel on the screen').toBeLessThanOrEqual(
      screenHeight,
    );
    await cancel.tap();
    await expect.poll(() => searchForm.count()).toBe(0);
    const first = errands.getByRole('article').first();
    await selectItem(first, { tap: true, position: CORNER });
    // The item's own Edit button, sized for a finger.
    const edit = first.getByRole('button', { name: 'Edit', exact: true });
    expect((await edit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(p, 'phone/author-item-selected');
    await edit.tap();
    const field = p.getByRole('textbox', { name: 'Text' });
    await field.fill('Buy bread and milk');
    await fitsScreen(p, width, 'edit form');
    await fieldsForFingers(p.getByRole('form', { name: 'Edit item' }), 'edit form');
    await screenshot(p, 'phone/author-edit-form');
    await p.getByRole('button', { name: 'Submit' }).tap();
    await errands.getByText('Buy bread and milk').waitFor();

    // Moving it down, from the item's Actions.
    const edited = errands.getByRole('article').filter({ hasText: 'Buy bread and milk' });
    await selectItem(edited, { tap: true, position: CORNER });
    await edited.locator('summary', { hasText: 'Actions' }).tap();
    await screenshot(p, 'phone/author-item-actions');
    await edited.getByRole('menuitem', { name: 'Move item down', exact: true }).tap();
    await expect
      .poll(() => errands.getByRole('article').nth(1).innerText())
      .toContain('Buy bread and milk');
    await fitsScreen(p, width, 'after the move');
  });

  it('reaches the Submit of a list editor’s form with a finger, the form taller than the list (iPhone 13)', async () => {
    const api = await apiAs(base, 'author');
    const made = await api.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: `Pocket editor ${Date.now()}` },
    );
    const { listId } = await api.post<{ listId: string }>('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Errands',
    });
    for (let i = 1; i <= 8; i++)
      await api.post('/api/forms/insert_item', { listId, text: `Errand ${i}` });
    b = await openPhone('iPhone 13');
    const p = b.page;
    await signIn(p, base, 'author');
    await p.goto(`${base}/author/${made.ptitle}`);
    const errands = list(p, 'Errands');
    await errands.getByRole('article').first().waitFor();
    await errands.getByRole('button', { name: 'List editor' }).tap();
    const editor = errands.getByRole('group', { name: 'List editor modes' });
    await editor.getByRole('button', { name: 'Insert item', exact: true }).tap();
    const form = errands.getByRole('form', { name: 'Insert item' });
    await form.getByRole('textbox', { name: 'Text' }).fill('Errand 9');
    // The keyboard put away, as a person would, the finger draws the form up inside the list.
    await form.getByRole('textbox', { name: 'Text' }).blur();
    const submit = form.getByRole('button', { name: 'Submit' });
    const onScreen = () =>
      submit.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        return y < window.innerHeight && el.contains(document.elementFromPoint(x, y));
      });
    const box = (await editor.boundingBox())!;
    const x = box.x + box.width / 2;
    const screen = await p.evaluate(() => window.innerHeight);
    for (let tries = 0; tries < 4 && !(await onScreen()); tries++) {
      const bottom = Math.min(box.y + box.height, screen) - 10;
      await fingerDrawn(p, { x, y: bottom }, { x, y: Math.max(box.y + 10, bottom - 250) });
      await p.waitForTimeout(300);
    }
    await screenshot(p, 'phone/list-editor-form');
    await expect(onScreen(), 'Submit under the finger').resolves.toBe(true);
    const at = (await submit.boundingBox())!;
    await p.touchscreen.tap(at.x + at.width / 2, at.y + at.height / 2);
    await errands.getByText('Errand 9').waitFor();
  });
});

describe('the Menu on a phone', () => {
  it('folds its hundred commands under their groups, which fit the screen, opens one group at a time and opens again where it was left (iPhone 13)', async () => {
    const api = await apiAs(base, 'author');
    const made = await api.post<{ ptitle: string }>('/api/forms/insert_multilist', {
      titleText: `Pocket menu ${Date.now()}`,
    });
    b = await openPhone('iPhone 13');
    const p = b.page;
    await signIn(p, base, 'author');
    await p.goto(`${base}/author/${made.ptitle}`);
    const menuButton = p.locator('nav.controls-bar summary', { hasText: 'Menu' });
    await menuButton.tap();
    const panel = p.locator('.phone-menu .tool-menu-panel');
    const groups = panel.locator('summary.tool-menu-group');
    await expect
      .poll(() => groups.allInnerTexts())
      .toEqual(['Navigate', 'View', 'Edit', 'Annotate', 'Help', 'Account']);
    await expect(panel.locator('[role^=menuitem]:visible').count()).resolves.toBe(0);
    const scrolls = () => panel.evaluate((el) => el.scrollHeight > el.clientHeight);
    await expect(scrolls(), 'the folded groups need no scrolling').resolves.toBe(false);
    await fingerSizedRows(groups);

    await groups.filter({ hasText: 'Annotate' }).tap();
    const note = panel.getByRole('menuitem', { name: 'Note', exact: true });
    await note.waitFor();
    await groups.filter({ hasText: 'Edit' }).tap();
    const share = panel.getByRole('menuitem', { name: 'Share board', exact: true });
    await share.waitFor();
    await note.waitFor({ state: 'hidden' });
    await expect(seriousViolations(p)).resolves.toEqual([]);
    await screenshot(p, 'phone/menu-edit-group');
    // With a keyboard (a tablet's, say), Down goes from a group's name to its first entry, past
    // the folded groups' entries, and Up comes back.
    const focused = () => p.evaluate(() => document.activeElement?.textContent);
    await groups.filter({ hasText: 'Edit' }).focus();
    await p.keyboard.press('ArrowDown');
    await expect(focused()).resolves.toBe('New board');
    await p.keyboard.press('ArrowUp');
    await expect(focused()).resolves.toBe('Edit');

    await menuButton.tap();
    await share.waitFor({ state: 'hidden' });
    await menuButton.tap();
    await share.tap();
    await p.getByRole('form', { name: 'Share board' }).waitFor();
  });
});

/** Every row is at least 44 px tall, for a finger. */
async function fingerSizedRows(rows: Locator) {
  for (const box of await rows.evaluateAll((els) =>
    els.map((e) => ({ h: e.getBoundingClientRect().height, name: e.textContent })),
  ))
    expect(box.h, `${box.name} row`).toBeGreaterThanOrEqual(44);
}

describe('the main pages pass axe', () => {
  for (const device of ['phone', 'desktop'] as const) {
    it(`has no serious or critical violation on home, a board, search, listings, discussion, profile and help (${device})`, async () => {
      // Discussion names each item a note is on by its words: here a formula, a picture with no
      // words, HTML and code, as readers' notes find them.
      const author = await apiAs(base, 'author');
      const reader = await apiAs(base, 'reader');
      const made = await author.post<{ multilistId: string }>('/api/forms/insert_multilist', {
        titleText: `Marked up <b>$$x$$</b> ${device} ${Date.now()}`,
      });
      const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: 'Items',
      });
      for (const text of [
        '$$\\int_0^1 x^2\\,dx$$',
        '\\(a^2 + b^2 = c^2\\)',
        '<img src=x>',
        '![](/media/pattern.jpg)',
        '```js\nconst answer = 42;\n```',
      ]) {
        const { itemId } = await author.post<{ itemId: string }>('/api/forms/insert_item', {
          listId,
          text,
        });
        await reader.post('/api/forms/insert_note', { listId, itemId, noteSpec: { text: 'Why?' } });
      }
      b = device === 'phone' ? await openPhone('iPhone 13') : await openBrowser();
      const p = b.page;
      await p.goto(`${base}/`);
      await p.getByText('Boards you can read, annotate and discuss').waitFor();
      expect(await seriousViolations(p), 'guest home').toEqual([]);
      await signIn(p, base, 'author');
      for (const shown of signedInPages('author')) {
        await p.goto(`${base}${shown.path}`);
        await shown.ready(p).waitFor();
        await p.waitForTimeout(200);
        if (shown === board) {
          // With an item selected and its Actions open, and a toolbar menu open.
          const item = list(p, 'Tip').getByRole('article').nth(1);
          await selectItem(item, { tap: device === 'phone', position: CORNER });
          await item.locator('summary', { hasText: 'Actions' }).click();
          await bar(p).locator('summary').first().click();
        }
        expect(await seriousViolations(p), `author ${shown.name}`).toEqual([]);
      }
    });
  }
});
