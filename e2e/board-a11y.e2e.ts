import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { list, newBoard } from './board-helpers';
import { appUrl, signIn, tool } from './session';
import { ruleViolations, seriousViolations } from './axe';

const base = appUrl();
let b: Browser | undefined;
afterEach(async () => b?.close());

/** Tabs through the whole page once; every stop must have a name and a visible focus ring. */
async function tabStops(page: Page, most: number) {
  const stops: { name: string; ring: boolean }[] = [];
  // From the top of the page.
  await page.getByRole('link', { name: 'Listboard home' }).focus();
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      // Past the last control focus leaves the page.
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const name = (
        el.getAttribute('aria-label') ??
        el.getAttribute('title') ??
        el.textContent
      ).trim();
      const ring =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
        style.boxShadow !== 'none';
      return { name: name || el.outerHTML.slice(0, 80), ring };
    });
    if (!stop) break;
    stops.push(stop);
  }
  return stops;
}

describe('the board screen is accessible', () => {
  for (const label of ['desktop', 'phone'] as const) {
    it(`has no serious or critical axe violations, and a named, ringed focus at every tab stop (${label})`, async () => {
      // The phone is an emulated iPhone 13 (screen, scale, touch, mobile viewport).
      b = label === 'phone' ? await openPhone('iPhone 13') : await openBrowser();
      const { page } = b;
      // A guest on the home board
      await page.goto(`${base}/`);
      await page.getByText('Boards you can read, annotate and discuss').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // An author on a board with an item selected and a list editor open
      await signIn(page, base, 'author');
      await newBoard(page, `Access ${label} ${Date.now()}`, [
        { title: 'Checks', items: ['## Contrast\n\nText stays *readable*.', 'Labels: names'] },
      ]);
      await list(page, 'Checks').getByRole('article').last().click();
      await list(page, 'Checks').getByRole('button', { name: 'List editor' }).click();
      await list(page, 'Checks').getByRole('button', { name: 'Title', exact: true }).waitFor();
      await screenshot(page, `board-a11y-${label}`);
      expect(await seriousViolations(page)).toEqual([]);

      const stops = await tabStops(page, 200);
      // The toolbar, the list, its editor's modes, the item and its action buttons at least.
      expect(stops.length).toBeGreaterThan(20);
      expect(stops.filter((s) => !s.ring)).toEqual([]);
      expect(stops.every((s) => s.name.length > 0)).toBe(true);
    });
  }
});

describe('the keyboard’s first stop', () => {
  it('skips past the toolbar to the boards, and a long unbroken title wraps inside the screen', async () => {
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'author');
    const word = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen';
    await newBoard(page, `${word}${word}${word} ${Date.now()}`, [
      { title: 'Notes', items: ['The first item.'] },
    ]);
    await page.reload();
    await list(page, 'Notes').waitFor();
    // The page's first Tab stop, shown when reached; Enter goes to the boards.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the boards' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null))
      .toBe(true);
    // The title wraps: none of it runs past the screen's right edge.
    const title = page.getByRole('heading', { level: 2, name: new RegExp(word) });
    const right = await title.evaluate((el) => el.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(page.viewportSize()!.width);
    await screenshot(page, 'board-a11y-skip-link');
  });
});

describe('a menu, by keys', () => {
  it('Down, Up, Home and End move between its entries, round from the last to the first, and Escape gives the keyboard back to its button', async () => {
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'author');
    await page.goto(`${base}/author/course`);
    await list(page, 'Tip').waitFor();
    const button = page.locator('summary', { hasText: 'View' }).first();
    await button.focus();
    await page.keyboard.press('Enter');
    const at = () =>
      page.evaluate(() => {
        const all = [
          ...document.querySelectorAll('details[open] [role^="menuitem"]:not(:disabled)'),
        ];
        return { at: all.indexOf(document.activeElement!), n: all.length };
      });
    const expectAt = async (key: string, index: (n: number) => number) => {
      await page.keyboard.press(key);
      const { at: now, n } = await at();
      expect(n, 'entries in the open menu').toBeGreaterThan(3);
      expect(now, key).toBe(index(n));
    };
    await expectAt('ArrowDown', () => 0);
    await expectAt('ArrowDown', () => 1);
    await expectAt('ArrowUp', () => 0);
    await expectAt('ArrowUp', (n) => n - 1);
    await expectAt('ArrowDown', () => 0);
    await expectAt('End', (n) => n - 1);
    await expectAt('Home', () => 0);
    await page.keyboard.press('Escape');
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(page.locator('details[open]').count()).resolves.toBe(0);
  });
});

describe('a form’s main button stays readable', () => {
  for (const label of ['desktop', 'phone'] as const) {
    it(`under the pointer and after a tap, in every theme: Sign in refused for empty fields (${label})`, async () => {
      b = label === 'phone' ? await openPhone('iPhone 13') : await openBrowser();
      const { page } = b;
      for (const theme of ['dark', 'light', 'white'] as const) {
        // The theme as the Theme form keeps it, for this browser.
        await page.goto(`${base}/`);
        await page.evaluate((t) => localStorage.setItem('listboard.theme', t), theme);
        await page.reload();
        await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
        const form = page.getByRole('form', { name: 'Sign in' });
        const submit = form.getByRole('button', { name: 'Sign in', exact: true });
        // A tap leaves a phone's button as if the pointer were still on it; a click leaves the
        // pointer there.
        if (label === 'phone') await submit.tap();
        else await submit.click();
        await page.getByText('Username or password missing.').first().waitFor();
        if (label === 'desktop') await submit.hover();
        await screenshot(page, `form-button-${label}-${theme}`);
        expect(await seriousViolations(page)).toEqual([]);
      }
    });
  }
});

describe('each page is named', () => {
  it('for its tab and by one top heading: the board the address leads to, or that there is none; headings go board, list, item', async () => {
    b = await openBrowser();
    const { page } = b;
    const named = async (name: string) => {
      await expect.poll(() => page.title()).toBe(`${name} · Listboard`);
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([name]);
    };
    await page.goto(`${base}/`);
    await page.getByText('Boards you can read, annotate and discuss').waitFor();
    // axe's rules for a page's top heading and for headings that go down one level at a time
    // (board, list, then an item's own, whatever marks the author wrote it with).
    const outline = () => ruleViolations(page, ['page-has-heading-one', 'heading-order']);
    await named('home (admin)');
    expect(await outline()).toEqual([]);
    // A link to the course board opens it beside the home: the tab names the course.
    await page
      .getByRole('link', { name: /Sample course/ })
      .first()
      .click();
    await list(page, 'Week').waitFor();
    await named('course (author)');
    // The item's heading, written '### Week 1: …', sits under its list's.
    await list(page, 'Week')
      .getByRole('heading', { name: 'Week 1: Who is speaking?', level: 4 })
      .waitFor();
    expect(await outline()).toEqual([]);
    // Back names the home again.
    await tool(page, 'Back');
    await page.waitForURL(/\/admin\/home$/);
    await named('home (admin)');
    // An address with no board says so in the tab too.
    await page.goto(`${base}/author/no-such-board-${Date.now()}`);
    await page.getByRole('heading', { name: 'No board here' }).waitFor();
    await named('No board here');
  });
});

describe('a page that did not open', () => {
  it('says so under a heading with the reason and a way home; Try again where asking again may help, and it does', async () => {
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'reader');
    // A refusal of what was asked: asking again would not help, so it is not offered.
    await page.goto(`${base}/reader/home?code=nosuch`);
    const failed = page.getByRole('region', { name: 'This page did not open' });
    await failed.getByText('Unknown search code: nosuch').waitFor();
    await expect(page.title()).resolves.toBe('This page did not open · Listboard');
    await expect(failed.getByRole('button', { name: 'Try again' }).count()).resolves.toBe(0);
    await failed.getByRole('link', { name: 'Go to your home board' }).click();
    await page.waitForURL('**/reader/home');
    await page.getByRole('link', { name: 'Discussion' }).first().waitFor();

    // No connection: Try again loads the board once the connection is back.
    await page.route('**/api/dbload/load_multilists**', (route) => route.abort());
    await page.goto(`${base}/admin/help`);
    await failed.getByText('No connection to the server.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'board/did-not-open');
    await page.unroute('**/api/dbload/load_multilists**');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'help', level: 2 }).waitFor();
    await expect(failed.count()).resolves.toBe(0);
  });
});

describe('a refused form, by keys', () => {
  it('keeps the keyboard in the form after the server says no, and Escape then closes it', async () => {
    b = await openBrowser();
    const { page } = b;
    await page.goto(`${base}/`);
    await list(page, 'Welcome').waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('User name').waitFor();
    await page.keyboard.type('author');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    // The form's Sign in button, pressed with Enter.
    await form.getByRole('button', { name: 'Sign in', exact: true }).focus();
    await page.keyboard.press('Enter');
    await form.getByText('Invalid credentials for: author').first().waitFor();
    await expect.poll(() => form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
  });
});
