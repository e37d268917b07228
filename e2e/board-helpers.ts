/** Steps the board e2e tests share, done through the UI as a person would. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
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

export async function chooseIn(page: Page, button: string, field: string, value: string) {
  await tool(page, button);
  await page.getByLabel(field, { exact: true }).selectOption(value);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Apply' }).count()).resolves.toBe(0);
}
