/**
 * Every shortcut of the spec pressed with its real key, each checked by what it does on screen;
 * together with the other browser tests, none of the spec's keys goes unpressed. Keys a real
 * browser keeps for itself (ctrl+n, ctrl+shift+n) are pressed with their alternatives too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { list, newBoard } from './board-helpers';
import { appUrl, more, postAsPage, signIn, tool } from './session';

const base = appUrl();
let b: Browser;
let page: Page;
beforeEach(async () => {
  b = await openBrowser();
  page = b.page;
  await signIn(page, base, 'author');
});
afterEach(async () => b.close());

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-keys-e2e-'));
  // A 3-second test pattern, VP8 in WebM, which Chromium plays everywhere.
  execFileSync(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=320x180:rate=10:duration=3', '-c:v', 'libvpx', '-b:v', '200k'],
      path.join(dir, 'keys-clip.webm'),
    ],
    { timeout: 60_000 },
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const item = (name: string) => page.getByRole('article', { name, exact: true });
const listButton = (name: string) =>
  list(page, name).getByRole('button', { name, exact: true }).first();
/** The name of the item shown selected, if any. */
const selectedItem = () =>
  page
    .locator('article[aria-current="true"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')).join(','));
const selectedList = async () => {
  for (const name of ['Alpha', 'Beta', 'Gamma'])
    if ((await listButton(name).getAttribute('aria-pressed')) === 'true') return name;
  return null;
};
const order = (name: string) =>
  list(page, name)
    .getByRole('article')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
/** What has focus: an item's name, or a button's words. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.textContent.trim() ?? null;
  });
const listWidth = () =>
  page.locator('.app').evaluate((el) => (el as HTMLElement).style.getPropertyValue('--list-width'));

async function keysLab() {
  await newBoard(page, `Keys Lab ${Date.now()}`, [
    { title: 'Alpha', items: ['a one', 'a two', 'a three'] },
    { title: 'Beta', items: ['b one', 'b two'] },
    { title: 'Gamma', items: ['g one'] },
  ]);
}

describe('the spec’s keyboard shortcuts, pressed', () => {
  it('zoom, collapse, and moving the selection between lists and items', async () => {
    await keysLab();

    // ctrl+y zooms out, ctrl+z back in.
    expect(await listWidth()).toBe('325px');
    await page.keyboard.press('Control+y');
    await expect.poll(listWidth).toBe('275px');
    await page.keyboard.press('Control+z');
    await expect.poll(listWidth).toBe('325px');

    // ctrl+g collapses every item to its headline and back; ctrl+h every list.
    await page.keyboard.press('Control+g');
    await expect.poll(() => item('a two').getAttribute('class')).toContain('closed');
    await page.keyboard.press('Control+g');
    await expect.poll(() => item('a two').getAttribute('class')).not.toContain('closed');
    await page.keyboard.press('Control+h');
    await item('a two').waitFor({ state: 'detached' });
    // A closed list says what it holds, and opens by a button of its own, the others staying so.
    const alpha = page.locator('section.list[aria-label="Alpha"]');
    await expect(alpha.locator('.list-closed').innerText()).resolves.toBe('3 items Open the list');
    await alpha.getByRole('button', { name: 'Open the list' }).focus();
    await page.keyboard.press('Enter');
    await item('a two').waitFor();
    await expect(item('b one').count()).resolves.toBe(0);
    await page.keyboard.press('Control+h');
    await item('b one').waitFor();

    // Lists: ctrl+f next, ctrl+b previous, ctrl+shift+e last, ctrl+shift+a first.
    await listButton('Alpha').click();
    await expect.poll(selectedList).toBe('Alpha');
    await page.keyboard.press('Control+f');
    await expect.poll(selectedList).toBe('Beta');
    // Focus goes with the selection.
    await expect.poll(focused).toBe('Beta');
    await page.keyboard.press('Control+b');
    await expect.poll(selectedList).toBe('Alpha');
    await page.keyboard.press('Control+Shift+e');
    await expect.poll(selectedList).toBe('Gamma');
    await page.keyboard.press('Control+Shift+a');
    await expect.poll(selectedList).toBe('Alpha');

    // Items: ctrl+n next, ctrl+p previous, ctrl+alt+e last, ctrl+alt+a first; ctrl+↓ and ctrl+↑
    // do what ctrl+n and ctrl+p do where the browser keeps ctrl+n for a new window.
    await item('a one').click();
    await expect.poll(selectedItem).toBe('a one');
    await page.keyboard.press('Control+n');
    await expect.poll(selectedItem).toBe('a two');
    await page.keyboard.press('Control+p');
    await expect.poll(selectedItem).toBe('a one');
    await page.keyboard.press('Control+Alt+e');
    await expect.poll(selectedItem).toBe('a three');
    await page.keyboard.press('Control+Alt+a');
    await expect.poll(selectedItem).toBe('a one');
    await page.keyboard.press('Control+ArrowDown');
    await expect.poll(selectedItem).toBe('a two');
    await page.keyboard.press('Control+ArrowUp');
    await expect.poll(selectedItem).toBe('a one');
    // Focus goes with the selection, and a form opened on the item gives it back to that item.
    await page.keyboard.press('Control+n');
    await expect.poll(focused).toBe('a two');
    await page.keyboard.press('i');
    await page.getByRole('form', { name: 'Edit item' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('form', { name: 'Edit item' }).waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('a two');

    // ctrl+0 clears the selection.
    await page.keyboard.press('Control+0');
    await expect.poll(selectedItem).toBe('');
    await expect.poll(selectedList).toBeNull();
  });

  it('ctrl+shift+e and ctrl+shift+a bring the list they select on screen, whole', async () => {
    const made = await postAsPage<{ multilistId: string; ptitle: string }>(
      page,
      base,
      '/api/forms/insert_multilist',
      { titleText: `Wide Keys ${Date.now().toString(36)}` },
    );
    const names = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    for (const name of names)
      await postAsPage(page, base, '/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: name,
        itemText: `${name} item`,
      });
    await page.goto(`${base}/author/${made.ptitle}`);
    await listButton('One').click();
    const wholly = (name: string) =>
      list(page, name).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= 0 && r.right <= window.innerWidth;
      });
    expect(await wholly('Six')).toBe(false);
    await page.keyboard.press('Control+Shift+e');
    await expect.poll(() => listButton('Six').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => wholly('Six')).toBe(true);
    await screenshot(page, 'keys-last-list');
    await page.keyboard.press('Control+Shift+a');
    await expect.poll(() => wholly('One')).toBe(true);
  });

  it('moving, splitting and deleting with keys; the menus and the sheet show the alternatives', async () => {
    await keysLab();

    // ctrl+shift+n moves the item down; ctrl+shift+↓ and ctrl+shift+↑ do the same as
    // ctrl+shift+n and ctrl+shift+p.
    await item('a one').click();
    await page.keyboard.press('Control+Shift+n');
    await expect.poll(() => order('Alpha')).toEqual(['a two', 'a one', 'a three']);
    await page.keyboard.press('Control+Shift+ArrowDown');
    await expect.poll(() => order('Alpha')).toEqual(['a two', 'a three', 'a one']);
    await page.keyboard.press('Control+Shift+ArrowUp');
    await expect.poll(() => order('Alpha')).toEqual(['a two', 'a one', 'a three']);

    // ctrl+shift+i opens the split form of the selected item.
    await page.keyboard.press('Control+Shift+i');
    const split = page.getByRole('form', { name: 'Split at text markers' });
    await split.waitFor();
    await split.getByRole('button', { name: 'Cancel' }).click();
    await split.waitFor({ state: 'detached' });

    // alt+l edits the selected list's description.
    await listButton('Beta').click();
    await page.keyboard.press('Alt+l');
    const description = page.getByRole('form', { name: 'Edit list description' });
    await description.getByLabel('Description', { exact: true }).fill('The second list.');
    await description.getByRole('button', { name: 'Submit' }).click();
    await list(page, 'Beta').getByText('The second list.').waitFor();

    // ctrl+shift+l shows the selected list in two panes, and one again.
    await page.keyboard.press('Control+Shift+l');
    await expect
      .poll(() => list(page, 'Beta').getByRole('group', { name: /pane/ }).count())
      .toBe(2);
    await page.keyboard.press('Control+Shift+l');
    await expect
      .poll(() => list(page, 'Beta').getByRole('group', { name: /pane/ }).count())
      .toBe(0);

    // ctrl+alt+l asks to delete the selected list.
    await listButton('Gamma').click();
    await page.keyboard.press('Control+Alt+l');
    const ask = page.getByRole('form', { name: 'Delete this list and all its items?' });
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await list(page, 'Gamma').waitFor({ state: 'detached' });

    // Menus show the spec's key and the one that does the same; so does the sheet.
    await page.locator('nav.controls-bar summary', { hasText: 'Navigate' }).click();
    const next = page.getByRole('menuitem', { name: 'Next item', exact: true });
    await expect(next.getAttribute('aria-keyshortcuts')).resolves.toBe(
      'Control+N Control+ArrowDown',
    );
    await expect(next.locator('kbd').innerText()).resolves.toBe('Ctrl+N / Ctrl+↓');
    await expect(next.locator('kbd').isVisible()).resolves.toBe(true);
    await screenshot(page, 'shortcuts-menu-alternatives');
    await page.keyboard.press('Escape');
    await more(page, 'Keyboard shortcuts');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(
      sheet.getByRole('row').filter({ hasText: 'Move item down' }).innerText(),
    ).resolves.toMatch(/Ctrl\+Shift\+N or Ctrl\+Shift\+↓/);
    await sheet.getByText(/Browsers keep Ctrl\+N and Ctrl\+Shift\+N/).waitFor();
    await screenshot(page, 'shortcuts-sheet');
    await sheet.getByRole('button', { name: 'Close' }).click();
  });

  it('ctrl+shift+o closes the selected board of a chain', async () => {
    await keysLab();
    const lab = new URL(page.url()).pathname.split('/')[2]!;
    await page.goto(`${base}/author/home;${lab}`);
    await listButton('Alpha').click();
    await page.keyboard.press('Control+Shift+o');
    await page.waitForURL(`${base}/author/home`);
    await list(page, 'Alpha').waitFor({ state: 'detached' });
  });

  it('space, s and n play, rewind and skip the selected video', async () => {
    await newBoard(page, `Keys Media ${Date.now()}`, [{ title: 'Clips', items: ['A note'] }]);
    await listButton('Clips').click();
    await tool(page, 'Insert with files');
    const f = page.getByRole('form', { name: 'Insert item with files' });
    await f.getByLabel('Files').setInputFiles(path.join(dir, 'keys-clip.webm'));
    await f.getByRole('button', { name: 'Upload and insert' }).click();
    await f.waitFor({ state: 'detached' });
    const clip = list(page, 'Clips').locator('article', { has: page.locator('video') });
    await clip.waitFor();
    const video = clip.locator('video');
    await clip.getByRole('button', { name: 'Play Video' }).waitFor();
    await clip.click({ position: { x: 10, y: 5 } });
    await expect.poll(() => clip.getAttribute('aria-current')).toBe('true');
    // Space on a focused item selects it; with the focus away from it, space is the play key.
    await page.getByRole('heading', { level: 2, name: /^Keys Media/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    const state = () =>
      video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, t: v.currentTime }));

    // space plays the selected video, and pauses it again.
    await page.keyboard.press('Space');
    await expect.poll(async () => (await state()).paused).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await state()).paused).toBe(true);
    // n skips forward 10 s: past the end of a 3 s clip, it stops at the end.
    await page.keyboard.press('n');
    await expect.poll(async () => (await state()).t).toBeGreaterThan(2.5);
    // s goes back to the start of the range (the whole clip: 0).
    await page.keyboard.press('s');
    await expect.poll(async () => (await state()).t).toBe(0);
  });
});
