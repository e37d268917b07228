/**
 * Undo, as an author meets it: deleting an item that has a reader's note asks first in the
 * confirm bar, then the info bar says "Item deleted — Undo" and Undo brings it back with the
 * note; the Trash lists what went and restores it; a list, a note and a board come back the same
 * way; an edit's replaced text comes back from the item's previous versions. And the spec's
 * messages for an edit in progress, a missing selection and a person who cannot be located.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { list, selectItem, selectList } from './board-helpers';
import { apiAs, appUrl, more, signIn, tool } from './session';

const base = appUrl();
let b: Browser;
let page: Page;
const TITLE = `Undo Lab ${Date.now()}`;
let address = '';

const infoBar = (p: Page) => p.getByRole('status', { name: 'Info bar' });
const confirmBar = (p: Page) => p.locator('.confirm-bar');
const card = (p: Page, words: string) =>
  list(p, 'Week 1').getByRole('article').filter({ hasText: words });
const itemTexts = (p: Page) => list(p, 'Week 1').getByRole('article').allInnerTexts();
/** Selects an item with a click, unless it is selected already (a second click deselects it). */
async function pick(p: Page, words: string) {
  await selectItem(card(p, words));
}
const alertSaid = (p: Page, text: string) =>
  p.locator('.alert-bar').getByText(text, { exact: true }).waitFor();

beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
  const author = await apiAs(base, 'author');
  const made = await author.post<{ multilistId: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    { titleText: TITLE },
  );
  address = `/author/${made.ptitle}`;
  const week = await author.post<{ listId: string }>('/api/forms/insert_list', {
    multilistId: made.multilistId,
    titleText: 'Week 1',
    itemText: 'Alpha opener\n\nBravo: read chapter two\n\nCharlie closer',
  });
  await author.post('/api/forms/insert_list', {
    multilistId: made.multilistId,
    titleText: 'Week 2',
    itemText: 'Delta',
  });
  const [board] = await author.post<{ lists: { items: { _id: string }[] }[] }[]>(
    '/api/dbload/load_multilists',
    { addresses: [address] },
  );
  const reader = await apiAs(base, 'reader');
  await reader.post('/api/forms/insert_note', {
    listId: week.listId,
    itemId: board!.lists[0]!.items[1]!._id,
    noteSpec: { text: 'Which edition of the book?' },
  });
  await signIn(page, base, 'author');
  await page.goto(`${base}${address}`);
  await list(page, 'Week 1').waitFor();
}, 90_000);
afterAll(async () => b.close());

describe('undo through the Trash', () => {
  it('deletes an item with a reader’s note after asking in the confirm bar, and Undo in the info bar brings both back', async () => {
    await pick(page, 'Bravo');
    await page.keyboard.press('Control+Alt+i');
    const ask = confirmBar(page).getByRole('form', { name: 'Delete this item and its notes?' });
    await ask
      .getByText(
        'This item has 1 note by readers. It goes to the board’s Trash with it and can be restored with it.',
      )
      .waitFor();
    // The question is in the header's confirm bar, not the form bar.
    await expect(page.locator('.form-bar').count()).resolves.toBe(0);
    await screenshot(page, 'undo-confirm-bar');
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();

    await infoBar(page).getByText('Item deleted —').waitFor();
    await expect.poll(() => itemTexts(page)).toHaveLength(2);
    await screenshot(page, 'undo-info-bar');
    await infoBar(page).getByRole('button', { name: 'Undo' }).click();
    await infoBar(page).getByText('Item restored').waitFor();
    await card(page, 'Bravo').waitFor();
    await expect.poll(async () => (await itemTexts(page))[1]).toContain('Bravo');
    await card(page, 'Bravo').getByText('Which edition of the book?').waitFor();
    // The item back has the keyboard, where the Undo button went.
    await expect
      .poll(() => card(page, 'Bravo').evaluate((el) => el === document.activeElement))
      .toBe(true);
  });

  it('leaves a menu opened while the item Undo brought back is on its way open, with the keyboard in it', async () => {
    await pick(page, 'Charlie');
    await page.keyboard.press('Control+Alt+i');
    await confirmBar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await infoBar(page).getByText('Item deleted —').waitFor();
    await expect.poll(() => card(page, 'Charlie').count()).toBe(0);
    // A slow network: the board comes back a second after the restore is said.
    const slow = '**/api/dbload/load_multilists**';
    await page.route(slow, async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue().catch(() => undefined);
    });
    try {
      await infoBar(page).getByRole('button', { name: 'Undo' }).click();
      await infoBar(page).getByText('Item restored').waitFor();
      const view = page
        .locator('nav.controls-bar details.tool-menu')
        .filter({ has: page.locator('.menu-label').getByText('Info bar', { exact: true }) });
      await view.locator('summary').first().click();
      await card(page, 'Charlie').waitFor();
      // A few frames for the item's focus to have come, had it been going to.
      await page.evaluate(() =>
        new Promise((r) => setTimeout(r, 300)).then(() => new Promise(requestAnimationFrame)),
      );
      await expect(view.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
      await expect(view.evaluate((d) => d.contains(document.activeElement))).resolves.toBe(true);
      await page.keyboard.press('Escape');
    } finally {
      await page.unroute(slow);
    }
  });

  it('lists the deleted item in the Trash, who deleted it and when, and restores it from there', async () => {
    // The tests share one page: a first try that failed may have left its Trash open.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Close' })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    await pick(page, 'Bravo');
    await page.keyboard.press('Control+Alt+i');
    await confirmBar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await infoBar(page).getByText('Item deleted —').waitFor();
    await expect.poll(() => card(page, 'Bravo').count()).toBe(0);

    await more(page, 'Trash');
    const trash = page.getByRole('dialog', { name: `Trash of ${TITLE}` });
    const entry = trash.getByRole('listitem').filter({ hasText: 'Bravo: read chapter two' });
    await entry.getByText('Item “Bravo: read chapter two” by author, with 1 note').waitFor();
    await entry.getByText(/^deleted by author, /).waitFor();
    await screenshot(page, 'undo-trash');
    await entry.getByRole('button', { name: 'Restore item “Bravo: read chapter two”' }).click();
    await card(page, 'Bravo').waitFor();
    await trash.getByText('The Trash of this board is empty.').waitFor();
    // The keyboard stays in the Trash, on what is left of it (once the restore's answer is in,
    // which a busy machine takes its time over): the next entry, a board deleted by another test,
    // say; else its Close.
    const left = trash.locator('.undo-entry');
    const next =
      (await left.count()) > 0 ? left.first() : trash.getByRole('button', { name: 'Close' });
    await expect
      .poll(() => next.evaluate((el) => el === document.activeElement), { timeout: 10_000 })
      .toBe(true);
    await infoBar(page).getByText('Item restored').waitFor();
    // Closed by its key: the keyboard goes back to what opened it (its menu), not the page.
    await page.keyboard.press('Escape');
    await trash.waitFor({ state: 'detached' });
    await expect
      .poll(
        () => page.evaluate(() => document.activeElement?.closest('nav.controls-bar') !== null),
        { timeout: 10_000 },
      )
      .toBe(true);
    await card(page, 'Bravo').getByText('Which edition of the book?').waitFor();
  });

  it('brings back a deleted list and a deleted note the same way', async () => {
    // A list whose item has a reader's note says so before it goes, as an item does.
    await selectList(page, 'Week 1');
    await page.keyboard.press('Control+Alt+l');
    await confirmBar(page)
      .getByText(
        'Its items have 1 note by readers. It goes to the board’s Trash with the list and can be restored with it.',
      )
      .waitFor();
    await confirmBar(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => confirmBar(page).count()).toBe(0);
    await list(page, 'Week 2').getByRole('button', { name: 'Week 2', exact: true }).click();
    await page.keyboard.press('Control+Alt+l');
    await confirmBar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await infoBar(page).getByText('List deleted —').waitFor();
    await expect.poll(() => list(page, 'Week 2').count()).toBe(0);
    await infoBar(page).getByRole('button', { name: 'Undo' }).click();
    await list(page, 'Week 2').getByText('Delta').waitFor();

    const note = card(page, 'Bravo')
      .getByRole('listitem')
      .filter({ hasText: 'Which edition of the book?' });
    await pick(page, 'Bravo');
    await note.getByRole('button', { name: 'Delete', exact: true }).click();
    await infoBar(page).getByText('Note deleted —').waitFor();
    await expect.poll(() => note.count()).toBe(0);
    await infoBar(page).getByRole('button', { name: 'Undo' }).click();
    await infoBar(page).getByText('Note restored').waitFor();
    await note.waitFor();
  });

  it('gives an item back the text an edit replaced, from its previous versions', async () => {
    await pick(page, 'Alpha');
    await page.keyboard.press('i');
    const edit = page.getByRole('form', { name: 'Edit item' });
    await edit.getByLabel('Text').fill('Alpha, rewritten in haste');
    await edit.getByRole('button', { name: 'Submit' }).click();
    await card(page, 'Alpha, rewritten in haste').waitFor();

    await pick(page, 'Alpha');
    await more(page, 'Previous versions');
    const versions = page.getByRole('dialog', { name: 'Previous versions' });
    // The newest text it replaced (a first try of this test replaced it too).
    const old = versions.getByRole('listitem').filter({ hasText: 'Alpha opener' }).first();
    await old.getByText(/^replaced by author, /).waitFor();
    await screenshot(page, 'undo-versions');
    await old.getByRole('button', { name: 'Restore this text' }).click();
    await infoBar(page).getByText('Item text restored').waitFor();
    await expect.poll(async () => (await itemTexts(page))[0]).toContain('Alpha opener');
  });

  it('sizes the info bar from the board’s view state, and hides it when told', async () => {
    // The bar says what was last done, while it is shown: a first try that stopped midway may
    // have left it hidden, and on a page opened again nothing has been done yet.
    await more(page, 'Info bar');
    const form = page.getByRole('form', { name: 'Info bar' });
    await form.getByLabel('Show the info bar').check();
    await form.getByRole('button', { name: 'Apply' }).click();
    await pick(page, 'Charlie');
    await page.keyboard.press('Control+Alt+i');
    await confirmBar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await infoBar(page).getByRole('button', { name: 'Undo' }).click();
    await infoBar(page).getByText('Item restored').waitFor();

    await more(page, 'Info bar');
    await form.getByLabel('Text size').selectOption('4 (130%)');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => infoBar(page).evaluate((el) => (el as HTMLElement).style.fontSize))
      .toBe('1.3em');
    await more(page, 'Info bar');
    await page.getByRole('form', { name: 'Info bar' }).getByLabel('Show the info bar').uncheck();
    await page
      .getByRole('form', { name: 'Info bar' })
      .getByRole('button', { name: 'Apply' })
      .click();
    await expect(infoBar(page).count()).resolves.toBe(0);
    // Kept with the board: after a reload it is still hidden, and shown again when asked.
    await page.reload();
    await list(page, 'Week 1').waitFor();
    await more(page, 'Info bar');
    await expect(
      page.getByRole('form', { name: 'Info bar' }).getByLabel('Show the info bar').isChecked(),
    ).resolves.toBe(false);
    await page.getByRole('form', { name: 'Info bar' }).getByLabel('Show the info bar').check();
    await page
      .getByRole('form', { name: 'Info bar' })
      .getByLabel('Text size')
      .selectOption('2 (100%)');
    await page
      .getByRole('form', { name: 'Info bar' })
      .getByRole('button', { name: 'Apply' })
      .click();
    // Away and back: the board comes from the copy loaded while the bar was hidden, and still
    // opens as the author left it.
    await tool(page, 'Home');
    await page.locator('[data-board="author/home"]').waitFor();
    await page.goBack();
    await list(page, 'Week 1').waitFor();
    await more(page, 'Info bar');
    await expect(
      page.getByRole('form', { name: 'Info bar' }).getByLabel('Show the info bar').isChecked(),
    ).resolves.toBe(true);
    await page
      .getByRole('form', { name: 'Info bar' })
      .getByRole('button', { name: 'Cancel' })
      .click();
  });

  it('after a restore from the Trash, the keyboard is on the next entry, where a stray key restores nothing', async () => {
    const n = Date.now().toString(36);
    const author = await apiAs(base, 'author');
    const [board] = await author.post<{ lists: { _id: string; title: string }[] }[]>(
      '/api/dbload/load_multilists',
      { addresses: [address] },
    );
    const week2 = board!.lists.find((l) => l.title === 'Week 2')!;
    for (const word of ['Foxtrot', 'Golf']) {
      const { itemId } = await author.post<{ itemId: string }>('/api/forms/insert_item', {
        listId: week2._id,
        text: `${word} ${n}`,
      });
      await author.post('/api/forms/delete_item', { itemId });
    }
    await page.goto(`${base}${address}`);
    await list(page, 'Week 2').waitFor();
    await more(page, 'Trash');
    const trash = page.getByRole('dialog', { name: `Trash of ${TITLE}` });
    // Newest first: Golf, then Foxtrot.
    await trash.getByRole('button', { name: `Restore item “Golf ${n}”` }).click();
    await list(page, 'Week 2').getByText(`Golf ${n}`).waitFor();
    const next = trash.getByRole('listitem').filter({ hasText: `Foxtrot ${n}` });
    await expect
      .poll(() => next.evaluate((el) => el === document.activeElement), { timeout: 10_000 })
      .toBe(true);
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    await expect(next.count()).resolves.toBe(1);
    await expect(list(page, 'Week 2').getByText(`Foxtrot ${n}`).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await trash.waitFor({ state: 'detached' });
  });

  it('keeps an Undo to the page it was said on: another board does not offer it, coming back does', async () => {
    // An item of its own, new on each try, in Week 2.
    const words = `Echo ${Date.now().toString(36)}`;
    const author = await apiAs(base, 'author');
    const [board] = await author.post<{ lists: { _id: string; title: string }[] }[]>(
      '/api/dbload/load_multilists',
      { addresses: [address] },
    );
    const week2 = board!.lists.find((l) => l.title === 'Week 2')!;
    await author.post('/api/forms/insert_item', { listId: week2._id, text: words });
    await page.goto(`${base}${address}`);
    const echo = list(page, 'Week 2').getByRole('article').filter({ hasText: words });
    await selectItem(echo);
    await page.keyboard.press('Control+Alt+i');
    await confirmBar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await infoBar(page).getByText('Item deleted —').waitFor();
    await echo.waitFor({ state: 'detached' });
    // Off to the author's home: the Undo there would put back an item out of sight.
    await tool(page, 'Home');
    await page.waitForURL('**/author/home');
    await page.locator('main [data-board]').first().waitFor();
    await expect(infoBar(page).count()).resolves.toBe(0);
    // Back on the board, it is offered again, and puts the item back there.
    await page.goBack();
    await page.waitForURL(`**${address}`);
    await infoBar(page).getByRole('button', { name: 'Undo' }).click();
    await echo.waitFor();
  });

  it('deletes the board to the owner’s Trash after asking, and Undo opens it again', async () => {
    // On the test's board: a first try that deleted it and failed left the page on the author's
    // home, which Delete board would then take away.
    await page.goto(`${base}${address}`);
    await list(page, 'Week 1').waitFor();
    await more(page, 'Delete board');
    const ask = confirmBar(page).getByRole('form', { name: 'Delete board' });
    await ask.getByText(/It goes to your Trash, from where you can restore it\.$/).waitFor();
    await ask.getByRole('button', { name: 'Delete board' }).click();
    await page.waitForURL('**/author/home');
    await infoBar(page).getByText('Board deleted —').waitFor();
    await infoBar(page).getByRole('button', { name: 'Undo' }).click();
    await page.waitForURL(`**${address}`);
    await infoBar(page).getByText('Board restored').waitFor();
    await card(page, 'Bravo').getByText('Which edition of the book?').waitFor();
  });

  it('a link to a board one deleted says it is in one’s Trash, and Restore opens it again', async () => {
    const author = await apiAs(base, 'author');
    const title = `Spare week ${Date.now().toString(36)}`;
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: title },
    );
    await author.post('/api/forms/delete_multilist', { multilistId: made.multilistId });
    // As a link from the home board opens it.
    await page.goto(`${base}/author/home;${made.ptitle}`);
    const bar = infoBar(page);
    await bar.getByText(`“${title}” is in your Trash —`).waitFor();
    await expect(
      page.locator('.alert-bar').getByText('Could not find the board').count(),
    ).resolves.toBe(0);
    await page.getByRole('button', { name: 'Close the info' }).click();
    // Its address typed alone, no board of the author's on screen, says so too.
    await page.goto(`${base}/author/${made.ptitle}`);
    await bar.getByText(`“${title}” is in your Trash —`).waitFor();
    await bar.getByRole('button', { name: 'Restore' }).click();
    await page.waitForURL(`**/author/${made.ptitle}`);
    await bar.getByText('Board restored').waitFor();
    await page.getByText('This board has no lists yet.').waitFor();

    // Anyone else is told only that there is no such board: the Trash is the owner's.
    await author.post('/api/forms/delete_multilist', { multilistId: made.multilistId });
    const other = await openBrowser();
    try {
      await signIn(other.page, base, 'reader');
      await other.page.goto(`${base}/reader/home;author/${made.ptitle}`);
      await alertSaid(other.page, `Could not find the board author/${made.ptitle}`);
      await expect(infoBar(other.page).getByText('Trash').count()).resolves.toBe(0);
    } finally {
      await other.close();
    }
    // The tests that follow start on the test's board.
    await page.goto(`${base}${address}`);
    await list(page, 'Week 1').waitFor();
  });
});

describe('the spec’s messages', () => {
  it('refuses to leave the board while an edit is open: An edit is in progress…', async () => {
    await pick(page, 'Charlie');
    await page.keyboard.press('i');
    await page.getByRole('form', { name: 'Edit item' }).waitFor();
    await tool(page, 'Home');
    await alertSaid(page, 'An edit is in progress. Please submit or cancel it first.');
    expect(new URL(page.url()).pathname).toBe(address);
    await page
      .getByRole('form', { name: 'Edit item' })
      .getByRole('button', { name: 'Cancel' })
      .click();
  });

  it('asks for an item, or for words or an item, when nothing is selected', async () => {
    await page.keyboard.press('Control+0');
    await page.keyboard.press('Alt+n');
    await alertSaid(page, 'Please select an item.');
    await tool(page, 'Note');
    await alertSaid(page, 'Please select some text in an item, or an entire item, first.');
  });

  it('says Error locating user when the person cannot be looked up', async () => {
    await page.route('**/api/forms/add_coauthor', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":""}' }),
    );
    await more(page, 'Share board');
    const share = page.getByRole('form', { name: 'Share board' });
    await share.getByLabel('User name').fill('sam');
    await share.getByRole('button', { name: 'Share', exact: true }).click();
    await share.getByText('Error locating user: sam').waitFor();
    await page.unroute('**/api/forms/add_coauthor');
    await share.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('on a phone', () => {
  it('shows the confirm bar, the info bar and the Trash so they fit', async () => {
    const phone = await openPhone('Pixel 7');
    try {
      const p = phone.page;
      await signIn(p, base, 'author');
      await p.goto(`${base}${address}`);
      await card(p, 'Charlie').waitFor();
      await pick(p, 'Charlie');
      // No keyboard on a phone: the item's own Delete button asks.
      await card(p, 'Charlie').getByRole('button', { name: 'Delete', exact: true }).click();
      await confirmBar(p).getByRole('button', { name: 'Delete', exact: true }).waitFor();
      await screenshot(p, 'undo-phone-confirm');
      await confirmBar(p).getByRole('button', { name: 'Delete', exact: true }).click();
      await infoBar(p).getByRole('button', { name: 'Undo' }).waitFor();
      await screenshot(p, 'undo-phone-info');
      // Undo and Close are a finger's size.
      for (const name of ['Undo', 'Close the info']) {
        const at = (await infoBar(p).getByRole('button', { name }).boundingBox())!;
        expect(Math.min(at.width, at.height), name).toBeGreaterThanOrEqual(44);
      }
      await more(p, 'Trash');
      const trash = p.getByRole('dialog', { name: `Trash of ${TITLE}` });
      await trash.getByText('Item “Charlie closer”').waitFor();
      await screenshot(p, 'undo-phone-trash');
      const restore = trash.getByRole('button', { name: 'Restore item “Charlie closer”' });
      const box = (await restore.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(p.viewportSize()!.width);
      await restore.click();
      await card(p, 'Charlie').waitFor();
    } finally {
      await phone.close();
    }
  });
});
