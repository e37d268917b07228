/** Steps the board e2e tests share, done through the UI as a person would. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { tool } from './session';

export const list = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A new board from the toolbar, with lists inserted through the Insert list form. */
export async function newBoard(
  page: Page,
  title: string,
  lists: { title: string; items: string[] }[],
) {
  await tool(page, 'New board');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('This board has no lists yet.').waitFor();
  for (const l of lists) {
    await tool(page, 'Insert list');
    await page.getByLabel('Title', { exact: true }).fill(l.title);
    await pasteInto(page.getByRole('textbox', { name: /^Items/ }), l.items.join('\n\n'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await list(page, l.title).waitFor({ timeout: 60_000 });
  }
}

/**
 * Puts text into a field as a paste would, in one input event. Typing or `fill` is very slow for
 * the 70 kB of a 2,000-item list; shorter text is filled as usual.
 */
export async function pasteInto(field: ReturnType<Page['locator']>, text: string) {
  if (text.length < 5000) return field.fill(text);
  await field.evaluate((el, value) => {
    // The prototype's own setter, as the browser's paste uses it (React watches that one).
    Reflect.set(HTMLTextAreaElement.prototype, 'value', value, el);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/** Holds the mouse down on an element for `ms`, as a long press. */
export async function longPress(page: Page, target: ReturnType<Page['locator']>, ms: number) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + 8, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

type Point = { x: number; y: number };

/**
 * Presses the mouse at `from` and carries it through `stops` a few pixels at a time with short
 * pauses, as a hand drags: Chromium tells the page where a drag is only every few moves. The
 * mouse stays down at the last stop; `tremble` then moves it a pixel to and fro there, as a hand
 * holding still does, so the page keeps hearing where the drag is (call it in each poll).
 */
export async function carry(page: Page, from: Point, ...stops: Point[]) {
  let at = from;
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  for (const stop of stops) {
    const start = at;
    for (let i = 1; i <= 8; i++) {
      at = { x: start.x + ((stop.x - start.x) * i) / 8, y: start.y + ((stop.y - start.y) * i) / 8 };
      await page.mouse.move(at.x, at.y);
      await page.waitForTimeout(25);
    }
  }
  let shake = 1;
  return { tremble: () => page.mouse.move(at.x, at.y + (shake = -shake)) };
}

/**
 * Presses the mouse on `card`'s grip and carries the item, past a first nudge, over the upper
 * part of `onto`; the mouse is still down. Answers the hand (to tremble it) and where `onto` is.
 */
export async function carryByGrip(page: Page, card: Locator, onto: Locator) {
  const at = (await card.locator('.item-grip').boundingBox())!;
  const to = (await onto.boundingBox())!;
  const hand = await carry(
    page,
    { x: at.x + at.width / 2, y: at.y + at.height / 2 },
    { x: at.x + at.width / 2 + 30, y: at.y + at.height / 2 + 30 },
    { x: to.x + to.width / 2, y: to.y + 6 },
  );
  return { hand, to };
}

export async function chooseIn(page: Page, button: string, field: string, value: string) {
  await tool(page, button);
  await page.getByLabel(field, { exact: true }).selectOption(value);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Apply' }).count()).resolves.toBe(0);
}

type Spot = { x1: number; y1: number; x2: number; y2: number };

/**
 * Drags the mouse across `words` inside `within` (its first `.block`, or the element itself), as a
 * person selects them. The words are scrolled into view first; a board that is still settling
 * (a restored scroll position, a list growing) can move them under the pointer, so the drag is
 * made again until the page's selection reads exactly those words.
 */
export async function dragAcross(page: Page, within: Locator, words: string) {
  await expect
    .poll(
      async () => {
        const spot = await within.evaluate(async (el, words): Promise<Spot | null> => {
          const root = el.querySelector('.block') ?? el;
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          const nodes: Text[] = [];
          for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
          const at = nodes
            .map((n) => n.data)
            .join('')
            .indexOf(words);
          if (at < 0) return null;
          const point = (offset: number): [Text, number] => {
            let pos = 0;
            for (const n of nodes) {
              if (offset <= pos + n.length) return [n, offset - pos];
              pos += n.length;
            }
            throw new Error('past the end');
          };
          const r = document.createRange();
          r.setStart(...point(at));
          r.setEnd(...point(at + words.length));
          r.startContainer.parentElement?.scrollIntoView({ block: 'center' });
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          const rects = r.getClientRects();
          const first = rects[0]!;
          const last = rects[rects.length - 1]!;
          return {
            x1: first.left + 1,
            y1: first.top + first.height / 2,
            x2: last.right - 1,
            y2: last.top + last.height / 2,
          };
        }, words);
        if (!spot) return `"${words}" is not in the element`;
        await page.mouse.move(spot.x1, spot.y1);
        await page.mouse.down();
        await page.mouse.move(spot.x2, spot.y2, { steps: 8 });
        await page.mouse.up();
        return page.evaluate(() => String(getSelection()));
      },
      { timeout: 15_000 },
    )
    .toBe(words);
}

/** Two frames pass: what a board does right after it is drawn (its kept selection) is done. */
export const settled = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/**
 * Clicks `target` unless `done` holds already, then waits for it to hold. Each person's selection
 * on a board is kept and comes back when the board opens (a first try of the test may have left
 * one), and a click on what is selected deselects it. The board takes its kept selection up in
 * the frames after it is drawn, so those pass first.
 */
async function clickUnless(
  target: Locator,
  done: () => Promise<boolean>,
  click: () => Promise<void>,
) {
  await target.waitFor();
  await settled(target.page());
  if (!(await done())) await click();
  // A busy machine may take longer than the poll's default second to draw the selection.
  await expect.poll(done, { timeout: 5_000 }).toBe(true);
}

/** Selects an item with a click (a tap with `tap`), on `via` if given, unless it is selected. */
export function selectItem(
  item: Locator,
  how: { via?: Locator; tap?: boolean; position?: { x: number; y: number } } = {},
) {
  const target = how.via ?? item;
  return clickUnless(
    item,
    async () => (await item.getAttribute('aria-current')) === 'true',
    () =>
      how.tap ? target.tap({ position: how.position }) : target.click({ position: how.position }),
  );
}

/** Selects a list, none of its items, by a click on its title, unless that is so already. */
export function selectList(page: Page, name: string) {
  const column = list(page, name);
  const title = column.getByRole('button', { name, exact: true });
  return clickUnless(
    title,
    async () =>
      (await title.getAttribute('aria-pressed')) === 'true' &&
      (await column.locator('article[aria-current="true"]').count()) === 0,
    () => title.click(),
  );
}

/** The words under `within` that are drawn broken across lines, as a reader would see them cut. */
export const brokenWords = (within: Locator) =>
  within.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });

/**
 * What a page shows, for a failed wait's message: its address, its headings and alerts, and
 * each list drawn, with how far it is scrolled and the first words of the entries drawn in it.
 */
export async function shows(page: Page): Promise<string> {
  return page.evaluate(() => {
    const words = (el: Element | null, n = 80) =>
      (el?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, n);
    const lists = [...document.querySelectorAll('[role=region], section[aria-label]')].map((r) => {
      const box = r.getBoundingClientRect();
      const entries = [...r.querySelectorAll('article')].slice(0, 4).map((a) => words(a, 60));
      return `${r.getAttribute('aria-label') ?? '?'} at x ${Math.round(box.x)} (scrolled ${r.scrollTop}): ${r.querySelectorAll('article').length} drawn [${entries.join(' | ')}]`;
    });
    return [
      `address ${location.href}`,
      `scrolled ${scrollX}, ${scrollY}`,
      `headings: ${[...document.querySelectorAll('h1, h2')].map((h) => words(h)).join(' | ')}`,
      `alerts: ${[...document.querySelectorAll('[role=alert], [role=status]')].map((a) => words(a)).join(' | ')}`,
      ...lists,
    ].join('\n');
  });
}

/** Waits for `target` to show; if it does not, the failure says what the page shows instead. */
export async function waitShowing(target: Locator, timeout?: number) {
  try {
    await target.waitFor({ timeout });
  } catch (e) {
    throw new Error(`${(e as Error).message}\nThe page shows:\n${await shows(target.page())}`);
  }
}
