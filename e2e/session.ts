/**
 * Steps nearly every browser test takes, done as a person would: signing in and out through
 * the forms, opening the More menu; and, for setting up data, a client of the API that keeps
 * its own session cookie.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';

export const PASSWORD = 'listboard';

/** The app this test file has taken, and the folder that claims it. */
let taken: { url: string; claim: string } | null = null;

/**
 * This test file's app. Browser files run two at a time, each on an app of its own
 * (global-setup.ts), so one file's users, boards and notes never show in another's pages. A file
 * takes the first app no other file holds (a folder made for it is the claim: making a folder
 * either succeeds or finds it there, so two files never take the same one) and lets it go as it
 * ends (setup.ts). Vitest's VITEST_POOL_ID cannot name the app: every file reads 1 in it here,
 * so every file took the first app and two running at once shared it.
 */
export function appUrl(): string {
  if (taken) return taken.url;
  const urls = inject('baseUrls');
  const claims = inject('appClaims');
  for (const [i, url] of urls.entries()) {
    const claim = path.join(claims, String(i));
    try {
      fs.mkdirSync(claim);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    taken = { url, claim };
    return url;
  }
  throw new Error(
    `Each of the ${urls.length} apps is taken by another file: more browser files run at once than the e2e project starts apps for (global-setup.ts).`,
  );
}

/** Lets this file's app go to the next file (setup.ts, as the file ends). */
export function releaseApp() {
  if (!taken) return;
  fs.rmSync(taken.claim, { recursive: true, force: true });
  taken = null;
}

/** Signs in through the sign-in form and waits until the header names the user at home. */
export async function signIn(page: Page, base: string, username: string, password = PASSWORD) {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('User name').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('.user-name', { hasText: username }).waitFor();
  await page.waitForURL(`**/${username}/home`);
}

/** Signs out through the sign-out form; the browser is guest again. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
  await page
    .getByRole('form', { name: 'Sign out' })
    .getByRole('button', { name: 'Sign out', exact: true })
    .click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
}

/**
 * Runs a command from the toolbar's menus: opens the group menu that holds it (on a phone, the
 * one Menu, and the group in it) and picks the entry.
 */
export async function more(page: Page, item: string) {
  // A closed menu's entries are found by their label: their accessible names are computed once
  // the menu is open.
  const label = page.locator('.menu-label').getByText(item, { exact: true });
  const menu = page.locator('nav.controls-bar details.tool-menu').filter({ has: label });
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open)))
    await menu.locator('summary').first().click();
  // A phone's Menu folds each group under its name: the entry's group is opened first.
  const group = menu.locator('details.tool-menu-section').filter({ has: label });
  if ((await group.count()) > 0 && !(await group.evaluate((d) => (d as HTMLDetailsElement).open)))
    await group.locator('summary').click();
  await menu
    .getByRole('menuitem', { name: item, exact: true })
    .or(menu.getByRole('menuitemcheckbox', { name: item, exact: true }))
    .click();
}

/** A toggle's entry in the toolbar's menus, open or not (its aria-checked says whether it is on). */
export const toggleEntry = (page: Page, name: string) =>
  page
    .locator('nav.controls-bar [role=menuitemcheckbox]')
    .filter({ has: page.locator('.menu-label').getByText(name, { exact: true }) });

/** Runs a command by its toolbar button where the bar has one, else from its group's menu. */
export async function tool(page: Page, name: string) {
  const button = page
    .getByRole('navigation', { name: 'Board tools' })
    .getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) await button.first().click();
  else await more(page, name);
}

export interface Api {
  cookie: string;
  /** POSTs JSON and expects success. */
  post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T>;
  get<T = Record<string, unknown>>(path: string): Promise<T>;
}

/** An API client signed in as the user at the given address (an instance, or the app). */
export async function apiAs(base: string, username: string, password = PASSWORD): Promise<Api> {
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status, `sign-in of ${username}`).toBe(200);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return {
    cookie,
    async post<T>(path: string, body: unknown = {}) {
      const r = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      return answer(path, r.status, await r.text()) as T;
    },
    async get<T>(path: string) {
      const r = await fetch(`${base}${path}`, { headers: { cookie } });
      return answer(path, r.status, await r.text()) as T;
    },
  };
}

/** A successful answer's JSON; a failed call fails the test, saying what the server said. */
function answer(path: string, status: number, text: string): unknown {
  expect(status, `${path}: ${text.slice(0, 300)}`).toBeLessThan(300);
  return JSON.parse(text);
}

/** POSTs JSON as the page's own session (the browser's cookies go along), and expects success. */
export async function postAsPage<T = Record<string, unknown>>(
  page: Page,
  base: string,
  path: string,
  body: unknown = {},
): Promise<T> {
  const r = await page.request.post(`${base}${path}`, { data: body });
  return answer(path, r.status(), await r.text()) as T;
}

/** The author's new board with one list holding one item, made through the API. */
export async function itemOnNewBoard(
  base: string,
  spec: { title: string; list: string; item: string },
): Promise<{ multilistId: string; ptitle: string; listId: string; itemId: string }> {
  const author = await apiAs(base, 'author');
  const made = await author.post<{ multilistId: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    { titleText: spec.title },
  );
  const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
    multilistId: made.multilistId,
    titleText: spec.list,
  });
  const { itemId } = await author.post<{ itemId: string }>('/api/forms/insert_item', {
    listId,
    text: spec.item,
  });
  return { multilistId: made.multilistId, ptitle: made.ptitle, listId, itemId };
}

/**
 * The author's new board with one list holding one item, and a reader's note on that item: where
 * the screens for notes (Discussion, an item's notes) start from.
 */
export async function notedItem(
  base: string,
  spec: { title: string; list: string; item: string; note: string },
): Promise<{ ptitle: string }> {
  const { ptitle, listId, itemId } = await itemOnNewBoard(base, spec);
  const reader = await apiAs(base, 'reader');
  await reader.post('/api/forms/insert_note', { listId, itemId, noteSpec: { text: spec.note } });
  return { ptitle };
}

/** The controls on the board's toolbar itself: its buttons and its menus' summaries. */
export const toolbarControls = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Board tools' })
    .locator(':scope > button, :scope > details > summary, :scope > [role=group] > button');
