/**
 * Controls of the board screen as each person gets them: the edit, mark and note operation
 * toggles; what a contributor may do; the selection kept through a reload; and a board shown one
 * section at a time, each section loaded by itself.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { list, newBoard } from './board-helpers';
import { apiAs, appUrl, more, signIn, signOut, toggleEntry, tool } from './session';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

/** The selected item's own buttons, by name (the Actions menu aside). */
const itemButtons = (page: Page) =>
  page.getByRole('toolbar', { name: 'Item actions' }).locator('button.item-action').allInnerTexts();

/** The entries of the selected item's Actions menu, opened and closed again. */
async function itemMenu(page: Page): Promise<string[]> {
  const menu = page.getByRole('toolbar', { name: 'Item actions' }).locator('details.item-menu');
  await menu.locator('summary').click();
  const names = await menu.locator('.menu-label').allInnerTexts();
  await menu.locator('summary').click();
  return names;
}

const menuHas = (page: Page, name: string) =>
  page.locator('nav.controls-bar .menu-label').getByText(name, { exact: true }).count();

describe('the board screen’s controls', () => {
  it('the edit, mark and note operation toggles hide the item’s operations of their kind, as left after a reload; a reader has none', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    const title = `Ops Lab ${Date.now()}`;
    await newBoard(page, title, [{ title: 'Drafts', items: ['First draft', 'Second draft'] }]);
    const address = new URL(page.url()).pathname;
    const drafts = list(page, 'Drafts');
    await drafts.getByRole('article', { name: 'Second draft' }).click();
    await expect
      .poll(() => itemButtons(page))
      .toEqual(['Annotate', 'Delete', 'Label', 'Duplicate', 'Insert after', 'Edit']);
    const all = await itemMenu(page);
    expect(all).toEqual(expect.arrayContaining(['Edit item', 'Add text marker', 'Note']));

    // Each toggle is on to start with, in the Edit and Annotate menus.
    for (const name of ['Edit operations', 'Mark operations', 'Note operations'])
      await expect(toggleEntry(page, name).getAttribute('aria-checked')).resolves.toBe('true');

    await more(page, 'Edit operations');
    await expect.poll(() => itemButtons(page)).toEqual(['Annotate']);
    let entries = await itemMenu(page);
    expect(entries).not.toContain('Edit item');
    expect(entries).not.toContain('Move item up');
    expect(entries).toEqual(expect.arrayContaining(['Add text marker', 'Note', 'Annotate']));

    await more(page, 'Mark operations');
    entries = await itemMenu(page);
    expect(entries).not.toContain('Add text marker');
    expect(entries).not.toContain('Set poster frame');
    expect(entries).toContain('Note');
    await more(page, 'Note operations');
    await expect.poll(() => itemButtons(page)).toEqual([]);
    expect(await itemMenu(page)).not.toContain('Note');
    await screenshot(page, 'ops-toggles-off');

    // Kept in the board's view state: after a reload the item is still selected, its
    // operations still hidden.
    await page.reload();
    const again = list(page, 'Drafts').getByRole('article', { name: 'Second draft' });
    await expect.poll(() => again.getAttribute('aria-current')).toBe('true');
    await expect.poll(() => itemButtons(page)).toEqual([]);
    await expect(toggleEntry(page, 'Edit operations').getAttribute('aria-checked')).resolves.toBe(
      'false',
    );
    for (const name of ['Edit operations', 'Mark operations', 'Note operations'])
      await more(page, name);
    await expect
      .poll(() => itemButtons(page))
      .toEqual(['Annotate', 'Delete', 'Label', 'Duplicate', 'Insert after', 'Edit']);

    // A reader gets no edit or mark buttons, so no toggles either.
    await signOut(page);
    await signIn(page, base, 'reader');
    await page.goto(`${base}${address}`);
    await list(page, 'Drafts').waitFor();
    for (const name of ['Edit operations', 'Mark operations', 'Note operations'])
      await expect(menuHas(page, name)).resolves.toBe(0);
  });

  it('a contributor gets no insert or duplicate command, and still notes', async () => {
    const author = await apiAs(base, 'author');
    const title = `Contributors ${Date.now()}`;
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: title },
    );
    await author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Ideas',
      itemText: 'One idea\n\nAnother idea',
    });
    await author.post('/api/forms/add_coauthor', {
      title,
      owner: 'author',
      username: 'reader',
      contributorOnly: true,
    });

    const { page } = b;
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/${made.ptitle}`);
    const ideas = list(page, 'Ideas');
    await ideas.getByRole('article', { name: 'Another idea' }).click();
    await page.getByRole('toolbar', { name: 'Item actions' }).waitFor();
    expect(await itemButtons(page)).toEqual([]);
    const entries = await itemMenu(page);
    expect(entries).toContain('Note');
    for (const name of ['Insert item', 'Duplicate item', 'Edit item', 'Delete item'])
      expect(entries).not.toContain(name);
    for (const name of ['Insert list', 'Insert item', 'Duplicate item', 'Duplicate list'])
      await expect(menuHas(page, name), name).resolves.toBe(0);
    // The keys do nothing either, and the server refuses the call.
    await page.keyboard.press('Control+i');
    await expect(page.getByRole('form', { name: 'Insert item' }).count()).resolves.toBe(0);
    const refused = await page.request.post(`${base}/api/forms/insert_item`, {
      data: { listId: await listIdOf(page, 'Ideas'), text: 'sneaked in' },
    });
    expect(refused.status()).toBe(403);

    // A note is theirs to write.
    await tool(page, 'Note');
    await page.getByLabel('Your note').fill('Could we add a third idea?');
    await page.getByRole('button', { name: 'Submit' }).click();
    await ideas.getByText('Could we add a third idea?').waitFor();
  });

  it('a reload keeps the selected item and the words selected in it', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Selection Lab ${Date.now()}`, [
      { title: 'Quotes', items: ['Brevity is the soul of wit.', 'Less is more.'] },
    ]);
    const quote = () => list(page, 'Quotes').getByRole('article', { name: /^Brevity/ });
    const kept = page.waitForResponse(
      (r) =>
        r.url().includes('/api/display/update_multilistvs') &&
        (r.request().postData() ?? '').includes('"selectedText":"soul"'),
    );
    // A double click selects a word, as a reader does, and the item with it.
    const at = await quote()
      .getByText('Brevity is the soul of wit.')
      .evaluate((el) => {
        const node = el.firstChild!;
        const range = document.createRange();
        const from = node.textContent!.indexOf('soul');
        range.setStart(node, from + 1);
        range.setEnd(node, from + 2);
        const r = range.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      });
    await page.mouse.dblclick(at.x, at.y);
    await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe('soul');
    await kept;

    await page.reload();
    await expect.poll(() => quote().getAttribute('aria-current')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe('soul');
    // The words are the selection again: a note quotes them.
    await page.keyboard.press('Alt+n');
    const form = page.getByRole('form', { name: 'Note' });
    await expect(form.getByLabel('Selected text').innerText()).resolves.toBe('soul');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Clearing the selection is kept too.
    const cleared = page.waitForResponse(
      (r) =>
        r.url().includes('/api/display/update_multilistvs') &&
        (r.request().postData() ?? '').includes('"selectedItemId":null'),
    );
    await page.keyboard.press('Control+0');
    await cleared;
    await page.reload();
    await list(page, 'Quotes').waitFor();
    await page.waitForTimeout(300);
    await expect(page.locator('article[aria-current="true"]').count()).resolves.toBe(0);
  });

  it('section display shows one section at a time, each loaded by itself', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Sections Lab ${Date.now()}`, [
      { title: 'Week', items: ['Read chapter one.'] },
      { title: 'Tip', items: ['Take notes as you go.'] },
      { title: 'Prompt', items: ['What surprised you?'] },
    ]);
    const loads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/dbload/'))
        loads.push(`${new URL(r.url()).pathname} ${r.postData() ?? ''}`);
    });

    await tool(page, 'Section display');
    const form = page.getByRole('form', { name: 'Section display' });
    await form.getByLabel('Sections', { exact: true }).selectOption('2. Tip');
    await form.getByRole('button', { name: 'Apply' }).click();
    await list(page, 'Week').waitFor({ state: 'detached' });
    await list(page, 'Tip').waitFor();
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await expect(nav.innerText()).resolves.toContain('Section 2 of 3: Tip');
    await screenshot(page, 'section-display-one');
    expect(loads.some((l) => l.includes('load_multilists'))).toBe(false);
    expect(loads.at(-1)).toMatch(/^\/api\/dbload\/load_section .*"sectionIndex":1/);

    await nav.getByRole('button', { name: 'Next section' }).click();
    await list(page, 'Prompt').waitFor();
    await list(page, 'Tip').waitFor({ state: 'detached' });
    expect(loads.at(-1)).toMatch(/"sectionIndex":2/);
    await expect(nav.getByRole('button', { name: 'Next section' }).isDisabled()).resolves.toBe(
      true,
    );
    await nav.getByRole('button', { name: 'Previous section' }).click();
    await list(page, 'Tip').waitFor();

    await nav.getByRole('button', { name: 'Every section' }).click();
    for (const name of ['Week', 'Tip', 'Prompt']) await list(page, name).waitFor();
    await nav.waitFor({ state: 'detached' });
  });
});

/** A list's id, read from its first item on the page. */
function listIdOf(page: Page, title: string): Promise<string> {
  return page.evaluate(async (title) => {
    const [board] = (await (
      await fetch(`/api/dbload/load_multilists?addresses=${encodeURIComponent(location.pathname)}`)
    ).json()) as { lists: { _id: string; title: string }[] }[];
    return board?.lists.find((l) => l.title === title)?._id ?? '';
  }, title);
}
