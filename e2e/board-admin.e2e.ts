/**
 * A board as a whole, from the screen: its settings (title, description, listing, password),
 * sharing it with coauthors and editors, copying it and deleting it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { apiAs, appUrl, more, postAsPage, signIn } from './session';
import { list, selectList } from './board-helpers';

const base = appUrl();
let author: Browser;
let reader: Browser;
beforeEach(async () => {
  author = await openBrowser();
  reader = await openBrowser();
});
afterEach(async () => {
  await author.close();
  await reader.close();
});

const stamp = () => Date.now().toString(36);
const boardRegion = (page: Page, owner: string, title: string) =>
  page.getByRole('region', { name: `Board ${owner}/${title}`, exact: true });
const form = (page: Page, name: string) => page.getByRole('form', { name });
/** The commands of the toolbar's menus, by label (a closed menu's entries too). */
const menuEntry = (page: Page, name: string) =>
  page.locator('nav.controls-bar .menu-label').getByText(name, { exact: true });

/** A board of the author's with one list, made through the API as set-up. */
async function authorsBoard(page: Page, title: string) {
  const made = await postAsPage<{ multilistId: string; ptitle: string }>(
    page,
    base,
    '/api/forms/insert_multilist',
    { titleText: title, descText: 'Where we walk.' },
  );
  await postAsPage(page, base, '/api/forms/insert_list', {
    multilistId: made.multilistId,
    titleText: 'Routes',
    itemText: 'Along the canal\n\nUp the hill',
  });
  return made;
}

/**
 * Every message the header's alert bar shows on the page from now on, as it comes: call before
 * the page is opened.
 */
async function hearAlerts(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll<HTMLElement>('.alert-bar .alert > span')) {
        if (el.dataset.heard) continue;
        el.dataset.heard = '';
        said.push(el.textContent);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}

/** Resolves once the page hears its boards' live changes. */
const hearing = (page: Page) =>
  page.waitForResponse((r) => /\/api\/events\?boards=[^&]/.test(r.url()) && r.status() === 200);

describe('board settings', () => {
  it('renames a board, says which field is wrong, and sets and clears its password', async () => {
    const { page } = author;
    const alerted = await hearAlerts(page);
    await signIn(page, base, 'author');
    const title = `Walks ${stamp()}`;
    const made = await authorsBoard(page, title);
    await page.goto(`${base}/author/home;${made.ptitle}`);
    await boardRegion(page, 'author', title).waitFor();

    // Rename, with a description of its own; the board stays open beside home.
    await more(page, 'Board settings');
    const settings = form(page, 'Board settings');
    await expect(settings.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(title);
    await settings.getByLabel('Title', { exact: true }).fill(`Canal ${title}`);
    await settings.getByLabel('Description').fill('Routes along the water.');
    await screenshot(page, 'board-settings');
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/author/home;canal-${made.ptitle}`);
    const renamed = boardRegion(page, 'author', `Canal ${title}`);
    await renamed.getByText('Routes along the water.').waitFor();
    await list(page, 'Routes').waitFor();
    // Saved, and nothing else said: not that an edit is in progress (the form's own reload),
    // nor that the board at its old address is gone.
    await expect.poll(() => settings.count()).toBe(0);

    // A title another board of the author's has: the server's words, under the Title field.
    await more(page, 'Board settings');
    await settings.getByLabel('Title', { exact: true }).fill('course');
    await settings.getByRole('button', { name: 'Save' }).click();
    const titleField = settings.getByLabel('Title', { exact: true });
    await settings.getByText('There is already a board at /author/course.').waitFor();
    await expect(titleField.getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'board-settings-title-taken');

    // A password instead, and unlisted.
    await titleField.fill(`Canal ${title}`);
    await settings.getByLabel('Listed').uncheck();
    await settings.getByLabel('New password').fill('sesame');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });

    // A reader is asked for it, and sees the board once it is given.
    const rpage = reader.page;
    await signIn(rpage, base, 'reader');
    await rpage.goto(`${base}/author/canal-${made.ptitle}`);
    const ask = form(rpage, 'Board password');
    // What the page asks for has the keyboard.
    await expect
      .poll(() => ask.getByLabel('Password').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await ask.getByLabel('Password').fill('sesame');
    await ask.getByRole('button', { name: 'Open board' }).click();
    await list(rpage, 'Routes').waitFor();
    // The board opened has the keyboard, where its password form went.
    await expect
      .poll(() =>
        list(rpage, 'Routes')
          .getByRole('button', { name: 'Routes', exact: true })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);

    // The owner removes the password: a new visitor reads the board without one.
    await more(page, 'Board settings');
    await settings.getByText(/It has a password\./).waitFor();
    await settings.getByLabel('Remove the password').check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    await more(page, 'Board settings');
    await settings.getByText(/It has no password\./).waitFor();
    await settings.getByRole('button', { name: 'Cancel' }).click();
    expect(await alerted()).toEqual([]);
    const guest = await openBrowser();
    try {
      await guest.page.goto(`${base}/author/canal-${made.ptitle}`);
      await list(guest.page, 'Routes').waitFor();
      await expect(form(guest.page, 'Board password').count()).resolves.toBe(0);
    } finally {
      await guest.close();
    }
    // Renamed again where it is open alone (the page loaded afresh hears afresh).
    // Once it hears the board's live changes, as the rename's own change comes to it too.
    const heard = hearing(page);
    await page.goto(`${base}/author/canal-${made.ptitle}`);
    await list(page, 'Routes').waitFor();
    await heard;
    await more(page, 'Board settings');
    await settings.getByLabel('Title', { exact: true }).fill(`River ${title}`);
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/author/river-${made.ptitle}`);
    await boardRegion(page, 'author', `River ${title}`).waitFor();
    await list(page, 'Routes').waitFor();
    expect(await alerted()).toEqual([]);
  });

  it('a reader watching a board is asked for its password once one is set, and told when it is deleted', async () => {
    const { page } = author;
    const rpage = reader.page;
    await Promise.all([signIn(page, base, 'author'), signIn(rpage, base, 'reader')]);
    const title = `Meadows ${stamp()}`;
    const made = await authorsBoard(page, title);
    const heard = hearing(rpage);
    await rpage.goto(`${base}/author/${made.ptitle}`);
    await list(rpage, 'Routes').waitFor();
    await heard;
    // A password set elsewhere: the open page asks for it, and shows the board no more.
    await postAsPage(page, base, '/api/dbedit/edit_multilist', {
      multilistId: made.multilistId,
      password: 'sesame',
    });
    await form(rpage, 'Board password').waitFor();
    await list(rpage, 'Routes').waitFor({ state: 'detached' });
    await screenshot(rpage, 'board-closed-live');
    // Given, the board is back (the page's stream hears it again); deleted elsewhere, the page
    // says it is gone.
    await form(rpage, 'Board password').getByLabel('Password').fill('sesame');
    await form(rpage, 'Board password').getByRole('button', { name: 'Open board' }).click();
    await list(rpage, 'Routes').waitFor();
    await postAsPage(page, base, '/api/forms/delete_multilist', { multilistId: made.multilistId });
    await rpage.getByRole('heading', { name: 'No board here' }).waitFor();
    await expect(list(rpage, 'Routes').count()).resolves.toBe(0);
  });

  it('saves only what was changed in an open settings form: a rename saved meanwhile elsewhere stays', async () => {
    const { page } = author;
    await signIn(page, base, 'author');
    const title = `Ponds ${stamp()}`;
    const made = await authorsBoard(page, title);
    const heard = hearing(page);
    await page.goto(`${base}/author/${made.ptitle}`);
    await list(page, 'Routes').waitFor();
    await heard;
    await more(page, 'Board settings');
    const settings = form(page, 'Board settings');
    await settings.getByLabel('Description').fill('Ponds and where to find them.');
    // Meanwhile the board is renamed elsewhere (a coauthor, another tab); the page goes with it.
    await postAsPage(page, base, '/api/dbedit/edit_multilist', {
      multilistId: made.multilistId,
      titleText: `Lakes ${title}`,
    });
    await page.waitForURL(`**/author/lakes-${made.ptitle}`);
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    const renamed = boardRegion(page, 'author', `Lakes ${title}`);
    await renamed.getByText('Ponds and where to find them.').waitFor();
    expect(page.url()).toContain(`/author/lakes-${made.ptitle}`);
  });

  it('takes a reader who has the board open to its new address when the owner renames it, and a link from before still opens it', async () => {
    const { page } = author;
    const rpage = reader.page;
    const readerAlerts = await hearAlerts(rpage);
    await Promise.all([signIn(page, base, 'author'), signIn(rpage, base, 'reader')]);
    const title = `Trails ${stamp()}`;
    const made = await authorsBoard(page, title);
    // The reader has it open beside the author's home board, and hears its changes.
    const heard = hearing(rpage);
    await rpage.goto(`${base}/author/home;${made.ptitle}#routes`);
    await list(rpage, 'Routes').waitFor();
    await heard;

    await page.goto(`${base}/author/${made.ptitle}`);
    await list(page, 'Routes').waitFor();
    await more(page, 'Board settings');
    const settings = form(page, 'Board settings');
    await settings.getByLabel('Title', { exact: true }).fill(`Hill ${title}`);
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/author/hill-${made.ptitle}`);

    // The reader's page goes with it, the home board still beside it, and says nothing is lost.
    await rpage.waitForURL(`**/author/home;hill-${made.ptitle}#routes`);
    await boardRegion(rpage, 'author', `Hill ${title}`).waitFor();
    await list(rpage, 'Routes').getByRole('article').first().waitFor();
    await expect(rpage.getByText('No board here').count()).resolves.toBe(0);
    expect(await readerAlerts()).toEqual([]);
    await screenshot(rpage, 'board-renamed-followed');

    // A link to the old address (a bookmark, a course page) opens the board where it is now.
    const guest = await openBrowser();
    try {
      const guestAlerts = await hearAlerts(guest.page);
      await guest.page.goto(`${base}/author/${made.ptitle}`);
      await guest.page.waitForURL(`**/author/hill-${made.ptitle}`);
      await boardRegion(guest.page, 'author', `Hill ${title}`).waitFor();
      await list(guest.page, 'Routes').waitFor();
      expect(await guestAlerts()).toEqual([]);
      // An address no board ever had still says so.
      await guest.page.goto(`${base}/author/never-${made.ptitle}`);
      await guest.page.getByRole('heading', { name: 'No board here' }).waitFor();
    } finally {
      await guest.close();
    }
  });
});

describe('sharing a board', () => {
  it('the owner makes a reader an editor, sees who has it, and unshares them', async () => {
    const { page } = author;
    await signIn(page, base, 'author');
    const title = `Shared ${stamp()}`;
    const made = await authorsBoard(page, title);
    await page.goto(`${base}/author/${made.ptitle}`);
    await boardRegion(page, 'author', title).waitFor();

    // The reader, before: no editing, and no sharing.
    const rpage = reader.page;
    await signIn(rpage, base, 'reader');
    await rpage.goto(`${base}/author/${made.ptitle}`);
    await list(rpage, 'Routes').waitFor();
    await expect(menuEntry(rpage, 'Insert list').count()).resolves.toBe(0);
    await expect(menuEntry(rpage, 'Share board').count()).resolves.toBe(0);

    await more(page, 'Share board');
    const share = form(page, 'Share board');
    await share
      .getByText(`“${title}” (/author/${made.ptitle}) is not shared with anyone yet.`)
      .waitFor();
    // Someone who is not registered: said under the user name.
    await share.getByLabel('User name').fill('nobody-here');
    await share.getByRole('button', { name: 'Share' }).click();
    await share.getByText('Not a registered user: nobody-here').waitFor();
    await expect(share.getByLabel('User name').getAttribute('aria-invalid')).resolves.toBe('true');

    await share.getByLabel('User name').fill('reader');
    await share.getByLabel('As').selectOption('editor');
    await share.getByLabel('An editor may delete').check();
    await share.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Board shared with user reader').waitFor();
    await share.waitFor({ state: 'detached' });

    await more(page, 'Share board');
    await share.getByLabel('User name').fill('demo');
    await share.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Board shared with user demo').waitFor();
    await more(page, 'Share board');
    await share
      .getByText(/is shared with demo \(coauthor\), reader \(editor, may edit and delete\)\./)
      .waitFor();
    await screenshot(page, 'share-board');
    await share.getByRole('button', { name: 'Cancel' }).click();

    // The reader, now an editor, may edit the board but not share it.
    await rpage.reload();
    await list(rpage, 'Routes').waitFor();
    await menuEntry(rpage, 'Insert list').waitFor({ state: 'attached' });
    await expect(menuEntry(rpage, 'Share board').count()).resolves.toBe(0);

    // Unshare the reader: the board is theirs to read again, no more.
    await more(page, 'Unshare board');
    const unshare = form(page, 'Unshare board');
    await unshare.getByLabel('Person').selectOption('reader');
    await unshare.getByRole('button', { name: 'Unshare' }).click();
    await page.getByText('Board unshared with user reader').waitFor();
    await rpage.reload();
    await list(rpage, 'Routes').waitFor();
    await expect(menuEntry(rpage, 'Insert list').count()).resolves.toBe(0);
  });

  it('fits a phone', async () => {
    const phone = await openPhone('Pixel 7');
    try {
      const { page } = phone;
      await signIn(page, base, 'author');
      const made = await authorsBoard(page, `Phone ${stamp()}`);
      await page.goto(`${base}/author/${made.ptitle}`);
      await list(page, 'Routes').waitFor();
      await more(page, 'Share board');
      const share = form(page, 'Share board');
      await share.getByLabel('User name').waitFor();
      await screenshot(page, 'share-board-phone');
      const box = (await share.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    } finally {
      await phone.close();
    }
  });
});

describe('duplicating and deleting a board', () => {
  it('a reader copies a board as their own, then deletes the copy and is home', async () => {
    const { page } = reader;
    await signIn(page, base, 'reader');
    const title = `Trail ${stamp()}`;
    await signIn(author.page, base, 'author');
    const made = await authorsBoard(author.page, title);
    await page.goto(`${base}/author/${made.ptitle}`);
    await list(page, 'Routes').waitFor();
    // A reader may copy the board, not delete it.
    await expect(menuEntry(page, 'Delete board').count()).resolves.toBe(0);

    await more(page, 'Duplicate board');
    const dup = form(page, 'Duplicate board');
    await dup
      .getByText(`as your own unlisted board, “Copy of ${title}”`, { exact: false })
      .waitFor();
    await dup.getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL(`**/reader/copy-of-${made.ptitle}`);
    const copy = boardRegion(page, 'reader', `Copy of ${title}`);
    await copy.waitFor();
    await list(page, 'Routes').getByText('Along the canal').waitFor();

    // The copy is the reader's: they may delete it, after a confirm that names it.
    await more(page, 'Delete board');
    const del = form(page, 'Delete board');
    await del
      .getByText(
        `Delete “Copy of ${title}” (/reader/copy-of-${made.ptitle}) with all its lists, items and notes?`,
      )
      .waitFor();
    await screenshot(page, 'delete-board');
    await del.getByRole('button', { name: 'Delete board' }).click();
    await page.waitForURL('**/reader/home');
    await page.getByText(`Board deleted: Copy of ${title}`).waitFor();
    // Its address now says where it went, and only to the reader.
    await page.goto(`${base}/reader/copy-of-${made.ptitle}`);
    await page
      .getByRole('status', { name: 'Info bar' })
      .getByText(`“Copy of ${title}” is in your Trash`)
      .waitFor();
    await author.page.goto(`${base}/reader/copy-of-${made.ptitle}`);
    await author.page.getByText(`Could not find the board reader/copy-of-${made.ptitle}`).waitFor();

    // The board copied is as it was.
    await page.goto(`${base}/author/${made.ptitle}`);
    await list(page, 'Routes').getByText('Up the hill').waitFor();
  });
});

describe('when notes are due', () => {
  it('an author sets it in Board settings; a student on a phone sees it under the title and on their home, and the author clears it', async () => {
    const { page } = author;
    await signIn(page, base, 'author');
    const title = `Essay ${stamp()}`;
    const made = await authorsBoard(page, title);
    await page.goto(`${base}/author/${made.ptitle}`);
    const board = boardRegion(page, 'author', title);
    await list(page, 'Routes').waitFor();
    await expect(board.locator('.board-due').count()).resolves.toBe(0);

    await more(page, 'Board settings');
    const settings = form(page, 'Board settings');
    const due = settings.getByLabel('Notes due');
    await expect(due.inputValue()).resolves.toBe('');
    const remind = settings.getByRole('checkbox', { name: 'Remind readers a day before' });
    await expect(remind.count()).resolves.toBe(0);
    await due.fill('2030-03-15T17:00');
    // With a date, a reminder a day before may be asked for.
    await remind.check();
    await screenshot(page, 'board-settings-notes-due');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    await board
      .getByText(/^Notes due Friday, March 15, 2030 at 5:00\sPM \(in [^)]+\)\.$/)
      .waitFor();

    // A student opens the board on a phone: the same moment, in their words.
    const phone = await openPhone('iPhone 13');
    try {
      const rpage = phone.page;
      await signIn(rpage, base, 'reader');
      await rpage.goto(`${base}/author/${made.ptitle}`);
      const line = boardRegion(rpage, 'author', title).locator('.board-due time');
      await expect(line.getAttribute('datetime')).resolves.toBe('2030-03-15T17:00:00.000Z');
      await expect(line.textContent()).resolves.toMatch(/^Notes due Friday, March 15, 2030/);
      const box = (await line.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(rpage.viewportSize()!.width);
      await screenshot(rpage, 'notes-due-phone');
      // Home, the board is among what is due, with what the student has written there.
      const dueHere = rpage.getByRole('region', { name: /^Due/ }).getByRole('link', {
        name: new RegExp(`^${title} author · due in .* · you wrote nothing yet$`),
      });
      await expect
        .poll(
          async () => {
            await rpage.goto(`${base}/reader/home`);
            await list(rpage, 'My boards').waitFor();
            return dueHere.count();
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toBe(1);
      await screenshot(rpage, 'notes-due-home-phone');
      await dueHere.click();
      await boardRegion(rpage, 'author', title).locator('.board-due').waitFor();
    } finally {
      await phone.close();
    }

    // The board's Insight says it too, above who has written.
    await page.goto(`${base}/author/${made.ptitle}/insight`);
    await page
      .getByRole('main')
      .getByText(/^Notes due Friday, March 15, 2030/)
      .waitFor();

    // Cleared: the form shows it as it is, and the line goes.
    await page.goto(`${base}/author/${made.ptitle}`);
    await list(page, 'Routes').waitFor();
    await more(page, 'Board settings');
    await expect(due.inputValue()).resolves.toBe('2030-03-15T17:00');
    await expect(remind.isChecked()).resolves.toBe(true);
    await due.fill('');
    await expect(remind.count()).resolves.toBe(0);
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    await expect.poll(() => board.locator('.board-due').count()).toBe(0);
  });

  it('an author gives one list a date of its own from the Edit menu; a student on a phone sees it under the list’s title and their note after it marked late', async () => {
    const { page } = author;
    await signIn(page, base, 'author');
    const title = `Weeks ${stamp()}`;
    const made = await authorsBoard(page, title);
    const { listId: week2 } = await postAsPage<{ listId: string }>(
      page,
      base,
      '/api/forms/insert_list',
      { multilistId: made.multilistId, titleText: 'Week 2', itemText: 'Read chapter two.' },
    );
    await page.goto(`${base}/author/${made.ptitle}`);
    await list(page, 'Routes').waitFor();
    await selectList(page, 'Routes');
    await more(page, 'Notes due on this list…');
    const dueForm = form(page, 'Notes due on this list');
    await dueForm.getByText('The board has no date for notes', { exact: false }).waitFor();
    const due = dueForm.getByRole('textbox', { name: 'Notes due' });
    await expect(due.inputValue()).resolves.toBe('');
    await due.fill('2020-01-06T09:00');
    await dueForm.getByRole('button', { name: 'Save' }).click();
    await dueForm.waitFor({ state: 'detached' });
    await list(page, 'Routes')
      .locator('.list-due')
      .getByText(/^Was due Mon, Jan 6, 2020, 9:00\sAM \([^)]+\)$/)
      .waitFor();
    await expect(list(page, 'Week 2').locator('.list-due').count()).resolves.toBe(0);

    // A student's notes, one on each list, written after that date.
    const student = await apiAs(base, 'reader');
    const shown = await student.post<{ lists: { _id: string; items: { _id: string }[] }[] }[]>(
      '/api/dbload/load_multilists',
      { addresses: [`/author/${made.ptitle}`] },
    );
    for (const [at, text] of [
      [0, 'Walked it late.'],
      [1, 'Read it in time.'],
    ] as const) {
      const l = shown[0]!.lists[at]!;
      await student.post('/api/forms/insert_note', {
        listId: l._id,
        itemId: l.items[0]!._id,
        noteSpec: { text },
      });
    }
    expect(shown[0]!.lists[1]!._id).toBe(week2);

    const phone = await openPhone('iPhone 13');
    try {
      const rpage = phone.page;
      await signIn(rpage, base, 'reader');
      await rpage.goto(`${base}/author/${made.ptitle}`);
      const line = list(rpage, 'Routes').locator('.list-due time');
      await expect(line.getAttribute('datetime')).resolves.toBe(
        new Date(2020, 0, 6, 9, 0).toISOString(),
      );
      const box = (await line.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(rpage.viewportSize()!.width);
      const lateNotes = async (name: string) =>
        list(rpage, name)
          .locator('li')
          .filter({ has: rpage.locator('.status-late') })
          .locator('.note-text')
          .allTextContents();
      await list(rpage, 'Routes').getByText('Walked it late.').waitFor();
      await expect(lateNotes('Routes')).resolves.toEqual(['Walked it late.']);
      await screenshot(rpage, 'list-due-phone');
      await list(rpage, 'Week 2').scrollIntoViewIfNeeded();
      await list(rpage, 'Week 2').getByText('Read it in time.').waitFor();
      await expect(lateNotes('Week 2')).resolves.toEqual([]);
    } finally {
      await phone.close();
    }

    // Cleared: the form shows the date as it is, and the line goes.
    await selectList(page, 'Routes');
    await more(page, 'Notes due on this list…');
    await expect(due.inputValue()).resolves.toBe('2020-01-06T09:00');
    await due.fill('');
    await dueForm.getByRole('button', { name: 'Save' }).click();
    await dueForm.waitFor({ state: 'detached' });
    await expect.poll(() => list(page, 'Routes').locator('.list-due').count()).toBe(0);
  });
});
