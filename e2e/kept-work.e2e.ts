/**
 * What a reader is writing is not lost. A page whose session ends under it (its user signed out
 * in another window, or the session ran out) says so and signs the same user in again where they
 * are, and the note is submitted after. Leaving the page with words typed in a form is refused,
 * or asked about by the browser; a form with nothing typed closes as the page goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountMsg, boardMsg, formMsg, loginMsg } from '@listboard/core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { apiAs, appUrl, PASSWORD, signIn, signOut, tool } from './session';
import { seriousViolations } from './axe';
import { list, selectItem } from './board-helpers';

const base = appUrl();

const stamp = Date.now();
const ITEM = `Who paid for the survey? ${stamp}`;
let ptitle = '';
let b: Browser | undefined;

beforeAll(async () => {
  const author = await apiAs(base, 'author');
  const made = await author.post<{ multilistId: string; ptitle: string }>(
    '/api/forms/insert_multilist',
    { titleText: `Signed out ${stamp}` },
  );
  ptitle = made.ptitle;
  const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
    multilistId: made.multilistId,
    titleText: 'Sources',
  });
  await author.post('/api/forms/insert_item', { listId, text: ITEM, index: 0 });
}, 60_000);
afterAll(async () => b?.close());

/** Note on the test board's item, from the Annotate menu (the item selected first if it is not). */
async function openNote(page: Page) {
  const item = list(page, 'Sources').getByRole('article', { name: ITEM });
  await selectItem(item);
  await page.locator('summary', { hasText: 'Annotate' }).first().click();
  await page.getByRole('menuitem', { name: 'Note', exact: true }).first().click();
  const form = page.getByRole('form', { name: 'Note' });
  await form.getByLabel('Your note').waitFor();
  return form;
}

/** A fresh browser, signed in as `user` (none: the guest), at `path` of the test board. */
async function openAt(user: string | null, path = ''): Promise<Browser> {
  await b?.close();
  const opened = await openBrowser();
  b = opened;
  if (user) await signIn(opened.page, base, user);
  await opened.page.goto(`${base}/author/${ptitle}${path}`);
  return opened;
}

/**
 * The session ends under a phone's page, signed in as `user`: its next call (Home, tapped) is
 * refused, and the bar that asks them to sign in again is there.
 */
async function sessionRunsOut(opened: Browser, user: string) {
  await opened.context.clearCookies();
  await opened.page
    .getByRole('navigation', { name: 'Board tools' })
    .getByRole('button', { name: 'Home', exact: true })
    .tap();
  const bar = opened.page.getByRole('alert').filter({ hasText: accountMsg.sessionEndedBar(user) });
  await bar.waitFor();
  return bar;
}

describe('a page whose session has ended', () => {
  it('keeps the note being written, signs its user in again by keys, and then saves it', async () => {
    const { page, context } = await openAt('reader');
    const form = await openNote(page);
    // New on each try (not the file's stamp): a retry finds the first try's note saved too.
    const note = `Nobody says who paid. ${Date.now()}`;
    await form.getByLabel('Your note').fill(note);

    // Meanwhile the same person signs out in another window of the same browser.
    const other = await context.newPage();
    await other.goto(`${base}/`);
    await signOut(other);
    await other.close();

    // The page hears of it at once (its live stream ends with the session) and says so, while
    // the note stays as it was.
    const bar = page.getByRole('alert').filter({ hasText: accountMsg.sessionEndedBar('reader') });
    await bar.waitFor();
    expect(await form.getByLabel('Your note').inputValue()).toBe(note);
    // Submitted now, it is refused, said so under the form, not again in a passing alert.
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText(accountMsg.sessionEnded).waitFor();
    expect(
      await page.getByRole('status').filter({ hasText: accountMsg.sessionEnded }).count(),
    ).toBe(0);
    expect(await form.getByLabel('Your note').inputValue()).toBe(note);

    // A wrong password is said so, in the bar; the right one, typed and entered, takes it away.
    const again = bar.getByRole('form', { name: 'Sign in again' });
    await again.getByLabel('Password').click();
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await again.getByText(loginMsg.invalidCredentials('reader')).waitFor();
    await again.getByLabel('Password').fill('');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await bar.waitFor({ state: 'detached' });
    await page.getByText(accountMsg.signedInAgain('reader')).waitFor();
    expect(await page.locator('.user-name').textContent()).toBe('reader');

    // Submit again: the note is saved, on its item, as the reader's.
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await list(page, 'Sources').getByText(note).waitFor();
    // Kept by the server: still there when the page is loaded again.
    await page.reload();
    await list(page, 'Sources').getByText(note).waitFor();
  });

  it('on a phone: the bar fits the screen, and its field and buttons take a finger (iPhone 13)', async () => {
    await b?.close();
    b = await openPhone('iPhone 13');
    const page = b.page;
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/${ptitle}`);
    await list(page, 'Sources').getByRole('article', { name: ITEM }).waitFor();
    // The session runs out: the next call the page makes (going Home, in the page) is refused.
    const bar = await sessionRunsOut(b, 'reader');
    await screenshot(page, 'phone/session-ended');
    // Its words are readable and the field named; the load it refused is told by the bar alone.
    expect(await page.getByText(accountMsg.sessionEnded).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    const width = await page.evaluate(() => innerWidth);
    const box = await bar.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    const password = bar.getByLabel('Password');
    for (const target of [
      password,
      bar.getByRole('button', { name: 'Sign in' }),
      bar.getByRole('button', { name: 'Continue as guest' }),
    ]) {
      const r = await target.boundingBox();
      expect(r && r.height >= 44 && r.x >= 0 && r.x + r.width <= width, String(target)).toBe(true);
    }
    await password.tap();
    await page.keyboard.type(PASSWORD);
    await bar.getByRole('button', { name: 'Sign in' }).tap();
    await bar.waitFor({ state: 'detached' });
    // What failed to load while signed out loads now: the reader's home.
    await page.waitForURL(`**/reader/home`);
    await page.locator('.list').first().waitFor();
  });

  it('on the Insight and Course grades pages too: the author signs in again there and the grades load', async () => {
    const { page, context } = await openAt('author', '/insight');
    await page.getByRole('link', { name: 'Course grades' }).waitFor();
    expect(await page.title()).toBe(`Insight: Signed out ${stamp} · Listboard`);
    // The session runs out while Insight is open; Course grades asks for its scores.
    await context.clearCookies();
    await page.getByRole('link', { name: 'Course grades' }).click();
    const bar = page.getByRole('alert').filter({ hasText: accountMsg.sessionEndedBar('author') });
    await bar.waitFor();
    await screenshot(page, 'session-ended-grades');
    expect(await page.getByText(accountMsg.sessionEnded).count()).toBe(0);
    await bar.getByLabel('Password').fill(PASSWORD);
    await bar.getByLabel('Password').press('Enter');
    await bar.waitFor({ state: 'detached' });
    // What was refused loads now, on the page the author is on.
    await page.getByText('This board is not placed in any course yet', { exact: false }).waitFor();
    expect(page.url()).toBe(`${base}/author/${ptitle}/grades`);
    expect(await page.title()).toBe(`Course grades: Signed out ${stamp} · Listboard`);
  });

  it('offers to go on as whoever signed in in another window, and then leaves the words typed here behind', async () => {
    const { page, context } = await openAt('reader');
    const form = await openNote(page);
    const words = `Only the reader's to send ${stamp}`;
    await form.getByLabel('Your note').click();
    await page.keyboard.type(words);
    // On the same browser, in another window, the reader signs out and the author signs in.
    const other = await context.newPage();
    await other.goto(`${base}/`);
    await signOut(other);
    await signIn(other, base, 'author');
    await other.close();
    // Back here, Submit is refused: the bar names both, and says what the words depend on.
    await form.getByRole('button', { name: 'Submit' }).click();
    const bar = page
      .getByRole('alert')
      .filter({ hasText: accountMsg.sessionTakenBar('reader', 'author') });
    await bar.waitFor();
    await screenshot(page, 'session-taken');
    expect(await bar.textContent()).toContain(accountMsg.typedStaysWith('reader'));
    expect(await bar.getByRole('button', { name: 'Continue as guest' }).count()).toBe(0);
    expect(await form.getByLabel('Your note').inputValue()).toBe(words);
    await bar.getByRole('button', { name: accountMsg.goOnAs('author') }).click();
    await bar.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await page.locator('.user-name').textContent()) ?? '')
      .toBe('author');
    // The reader's form is closed with their words: nothing to send as the author, nothing
    // brought back when the author opens Note, and nothing saved.
    await form.waitFor({ state: 'detached' });
    const again = await openNote(page);
    expect(await again.getByLabel('Your note').inputValue()).toBe('');
    expect(await page.getByText(formMsg.draftBack).count()).toBe(0);
    await page.reload();
    await list(page, 'Sources').getByRole('article', { name: ITEM }).waitFor();
    expect(await page.getByText(words).count()).toBe(0);
  });

  it('a guest’s page goes on as a guest when asked, and as whoever signed in in another window', async () => {
    const { page, context } = await openAt(null);
    await list(page, 'Sources').getByRole('article', { name: ITEM }).waitFor();
    await context.clearCookies();
    await tool(page, 'Home');
    // No password to ask a guest for: Go on, and Home (the site's home board) loads.
    const bar = page.getByRole('alert').filter({ hasText: accountMsg.visitEnded });
    await bar.waitFor();
    // The bar says what happened, once: the refused load is not told again in a signed-in
    // user's words under it.
    expect(await page.getByText(accountMsg.sessionEnded).count()).toBe(0);
    await bar.getByRole('button', { name: 'Go on' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.waitForURL(/\/admin\/home$/);
    await page.locator('.list').first().waitFor();
    expect(await page.locator('.user-name').textContent()).toBe('guest');

    // Someone signs in in another window: at this page's next call it goes on as them.
    const other = await context.newPage();
    await signIn(other, base, 'reader');
    await other.close();
    await tool(page, 'Back');
    await expect
      .poll(async () => (await page.locator('.user-name').textContent()) ?? '')
      .toBe('reader');
    expect(await page.getByRole('alert').filter({ hasText: accountMsg.visitEnded }).count()).toBe(
      0,
    );
    expect(await page.getByRole('form', { name: 'Sign in again' }).count()).toBe(0);
    await list(page, 'Sources').getByRole('article', { name: ITEM }).waitFor();
  });
});

describe('leaving a page with a form open', () => {
  it('is refused while words are typed in it, asked about by the browser, and closes an empty form', async () => {
    const { page } = await openAt('reader');
    const boardUrl = page.url();

    // Nothing typed: Home goes home, and the form goes with the page it was about.
    let form = await openNote(page);
    await tool(page, 'Home');
    await page.waitForURL('**/reader/home');
    expect(await page.getByRole('form', { name: 'Note' }).count()).toBe(0);

    // Half a note typed: Home is refused with the spec's words, and the note stays.
    await page.goBack();
    await page.waitForURL(boardUrl);
    form = await openNote(page);
    // New on each try: a retry finds the first try's note saved too.
    const note = `Half a thought about who paid ${Date.now()}`;
    await form.getByLabel('Your note').click();
    await page.keyboard.type(note);
    await tool(page, 'Home');
    await page.getByRole('status').filter({ hasText: boardMsg.editInProgress }).waitFor();
    expect(page.url()).toBe(boardUrl);
    expect(await form.getByLabel('Your note').inputValue()).toBe(note);

    // Closing the tab: the browser asks first (dismissed here, so the page stays).
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // The browser's own Back and Forward cannot be refused: on the page they lead to, the form
    // says it cannot act there and keeps the note; back on its board, it is saved.
    await page.goForward();
    await page.waitForURL('**/reader/home');
    // Pressed once the home has taken the board's place (before, the board is still there).
    await list(page, 'Sources').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText(formMsg.cannotSubmit).waitFor();
    expect(await form.getByLabel('Your note').inputValue()).toBe(note);
    await page.goBack();
    await list(page, 'Sources').getByRole('article', { name: ITEM }).waitFor();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await list(page, 'Sources').getByText(note).waitFor();
  });
});

describe('a form cancelled with words in it', () => {
  it('opens again on the same item with them, and empty once they are sent', async () => {
    const { page } = await openAt('reader');
    // Note, a few words typed, then Escape (out of habit, or by mistake).
    let form = await openNote(page);
    // New on each try: a retry finds the first try's note saved too.
    const note = `The survey's funder is in the footnote. ${Date.now()}`;
    await page.keyboard.type(note);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    form = await openNote(page);
    expect(await form.getByLabel('Your note').inputValue()).toBe(note);
    await form.getByText(formMsg.draftBack).waitFor();
    // Typing goes on at the end of the words brought back.
    await page.keyboard.type(' Page 12.');
    expect(await form.getByLabel('Your note').inputValue()).toBe(`${note} Page 12.`);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await list(page, 'Sources').getByText(`${note} Page 12.`).waitFor();

    // Sent: the next note starts empty.
    form = await openNote(page);
    expect(await form.getByLabel('Your note').inputValue()).toBe('');
    expect(await form.getByText(formMsg.draftBack).count()).toBe(0);
  });
});

describe('a note being written when the page loads again', () => {
  it('opens again with its words on a phone, until they are sent, and is gone at sign-out (iPhone 13)', async () => {
    await b?.close();
    b = await openPhone('iPhone 13');
    const page = b.page;
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/${ptitle}`);
    const item = list(page, 'Sources').getByRole('article', { name: ITEM });
    const noteForm = async () => {
      await selectItem(item, { tap: true, position: { x: 4, y: 4 } });
      await item.locator('summary', { hasText: 'Actions' }).tap();
      await item.getByRole('menuitem', { name: 'Note', exact: true }).tap();
      const form = page.getByRole('form', { name: 'Note' });
      await form.getByLabel('Your note').waitFor();
      return form;
    };
    // Half a note typed, then the page loads again (pulled to refresh, or put away by the phone
    // while its reader looked something up): the browser asks, and the reader goes on.
    let form = await noteForm();
    const note = `The funder is named on page 12 ${Date.now()}`;
    await form.getByLabel('Your note').tap();
    await page.keyboard.type(note);
    await form.getByLabel('Private', { exact: false }).tap();
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    // The Note form is open again on the same item, with the words, and the keyboard in them.
    await form.getByText(formMsg.draftBack).waitFor();
    expect(await form.getByLabel('Your note').inputValue()).toBe(note);
    await expect
      .poll(() => form.getByLabel('Your note').evaluate((e) => e === document.activeElement))
      .toBe(true);
    expect(await form.getByText(ITEM).count()).toBe(1);
    // Private is still ticked: the note goes to no one it was not meant for.
    expect(await form.getByLabel('Private', { exact: false }).isChecked()).toBe(true);
    await screenshot(page, 'phone/note-back-after-reload');
    await form.getByRole('button', { name: 'Submit' }).tap();
    await form.waitFor({ state: 'detached' });
    await list(page, 'Sources').getByText(note).waitFor();
    // Sent: loaded again, no form opens, and the next note starts empty.
    await page.reload();
    await item.waitFor();
    expect(await page.getByRole('form', { name: 'Note' }).count()).toBe(0);
    form = await noteForm();
    expect(await form.getByLabel('Your note').inputValue()).toBe('');
    expect(await form.getByText(formMsg.draftBack).count()).toBe(0);

    // Words typed and left, then the reader signs out: the tab keeps nothing of them.
    await form.getByLabel('Your note').tap();
    await page.keyboard.type('Not for the next person at this phone');
    await form.getByRole('button', { name: 'Cancel' }).tap();
    await form.waitFor({ state: 'detached' });
    const kept = () => page.evaluate(() => sessionStorage.getItem('listboard.drafts'));
    expect(await kept()).toContain('Not for the next person');
    await tool(page, 'Sign out');
    await page
      .getByRole('form', { name: 'Sign out' })
      .getByRole('button', { name: 'Sign out', exact: true })
      .tap();
    await expect
      .poll(async () => (await page.locator('.user-name').textContent()) ?? '')
      .toBe('guest');
    expect(await kept()).toBeNull();

    // Nor when the session runs out under the page and it goes on as a guest.
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/${ptitle}`);
    form = await noteForm();
    await form.getByLabel('Your note').tap();
    await page.keyboard.type('Not for a guest either');
    await form.getByRole('button', { name: 'Cancel' }).tap();
    expect(await kept()).toContain('Not for a guest either');
    const bar = await sessionRunsOut(b, 'reader');
    await bar.getByRole('button', { name: 'Continue as guest' }).tap();
    await bar.waitFor({ state: 'detached' });
    expect(await kept()).toBeNull();
  });
});

describe('an item being edited when the page loads again', () => {
  it('opens again with the words typed; cancelled, they are let go', async () => {
    const { page } = await openAt('author');
    const item = list(page, 'Sources').getByRole('article', { name: ITEM });
    const edit = async () => {
      await selectItem(item);
      await page.keyboard.press('i');
      const form = page.getByRole('form', { name: 'Edit item' });
      await form.getByLabel('Text').waitFor();
      return form;
    };
    let form = await edit();
    await page.keyboard.press('End');
    await page.keyboard.type(' Ask who paid for the second one too.');
    const typed = await form.getByLabel('Text').inputValue();
    expect(typed).toBe(`${ITEM} Ask who paid for the second one too.`);
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await form.getByText(formMsg.draftBack).waitFor();
    expect(await form.getByLabel('Text').inputValue()).toBe(typed);
    // Escape: the change is let go, and Edit item starts from the item's words again.
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    form = await edit();
    expect(await form.getByLabel('Text').inputValue()).toBe(ITEM);
    expect(await form.getByText(formMsg.draftBack).count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});

describe('two people editing the same item', () => {
  it('refuses the second save, keeps what was typed and overwrites nothing; Submit again puts it in place of theirs on purpose; a change of labels meanwhile is no conflict', async () => {
    const author = await apiAs(base, 'author');
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: `Both edit ${Date.now()}` },
    );
    const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Tips',
    });
    const { itemId } = await author.post<{ itemId: string }>('/api/forms/insert_item', {
      listId,
      text: 'Check who paid.',
    });
    await b?.close();
    b = await openBrowser();
    const { page } = b;
    await signIn(page, base, 'author');
    await page.goto(`${base}/author/${made.ptitle}`);
    const item = list(page, 'Tips').getByRole('article').first();
    await selectItem(item);
    await page.keyboard.press('i');
    const form = page.getByRole('form', { name: 'Edit item' });
    await form.getByLabel('Text', { exact: true }).fill('Check who paid, and when.');
    // Meanwhile the same words are edited elsewhere (another tab, a coauthor), and the change
    // reaches this page.
    await author.post('/api/forms/edit_item', {
      itemId,
      text: 'Check who paid for it.',
      version: 1,
    });
    await item.getByText('Check who paid for it.').waitFor();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText(formMsg.changedMeanwhile('item')).waitFor();
    await expect(form.getByLabel('Text', { exact: true }).inputValue()).resolves.toBe(
      'Check who paid, and when.',
    );
    await expect(item.innerText()).resolves.toContain('Check who paid for it.');
    // Having seen theirs, the author keeps their own words: a second Submit saves them.
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await item.getByText('Check who paid, and when.').waitFor();

    // Words typed, the item changed elsewhere, then the page loaded again: the words come back
    // over the change, said to be, and Submit puts them in its place on purpose.
    await selectItem(item);
    await page.keyboard.press('i');
    await form.getByLabel('Text', { exact: true }).fill('Check who paid, when, and why.');
    await author.post('/api/forms/edit_item', { itemId, text: 'Check the sponsor.' });
    await item.getByText('Check the sponsor.').waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await form.getByText(formMsg.changedSinceTyped('item')).waitFor();
    await expect(form.getByLabel('Text', { exact: true }).inputValue()).resolves.toBe(
      'Check who paid, when, and why.',
    );
    await item.getByText('Check the sponsor.').waitFor();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await item.getByText('Check who paid, when, and why.').waitFor();

    // Labelled elsewhere meanwhile, its words untouched: no conflict, the first Submit saves.
    await selectItem(item);
    await page.keyboard.press('i');
    await form.getByLabel('Text', { exact: true }).fill('Check who paid, and for how long.');
    await author.post('/api/forms/edit_item_labels', {
      itemId,
      labels: [{ name: 'week', value: '2' }],
    });
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await item.getByText('Check who paid, and for how long.').waitFor();

    // Labelled again elsewhere, then the page loaded again: its words are as they were typed
    // over, so the words come back as a draft does, with no word of a change.
    await selectItem(item);
    await page.keyboard.press('i');
    await form.getByLabel('Text', { exact: true }).fill('Check who paid, and since when.');
    await author.post('/api/forms/edit_item_labels', {
      itemId,
      labels: [{ name: 'week', value: '3' }],
    });
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await form.getByText(formMsg.draftBack).waitFor();
    await expect(form.getByText(formMsg.changedSinceTyped('item')).count()).resolves.toBe(0);
    await expect(form.getByLabel('Text', { exact: true }).inputValue()).resolves.toBe(
      'Check who paid, and since when.',
    );
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await item.getByText('Check who paid, and since when.').waitFor();
  });
});

describe('a write whose answer is lost', () => {
  /** The reader's notes on the test item with these words. */
  const notesSaying = async (words: string) => {
    const reader = await apiAs(base, 'reader');
    const [board] = await reader.post<
      { lists: { items: { text: string; notes: { text: string }[] }[] }[] }[]
    >('/api/dbload/load_multilists', { addresses: [`/author/${ptitle}`] });
    const item = board!.lists[0]!.items.find((i) => i.text === ITEM)!;
    return item.notes.filter((n) => n.text === words).length;
  };

  it('is made once when a gateway answers 502 after the server saved it (the page sends it again)', async () => {
    const { page } = await openAt('reader');
    const words = `Saved behind a 502 ${Date.now().toString(36)}`;
    let first = true;
    await page.route('**/api/forms/insert_note', async (route) => {
      const response = await route.fetch();
      if (!first) return route.fulfill({ response });
      first = false;
      // Saved, but a proxy on the way answers with its own error.
      return route.fulfill({ status: 502, body: 'Bad Gateway' });
    });
    const form = await openNote(page);
    await form.getByLabel('Your note').fill(words);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await list(page, 'Sources').getByText(words).first().waitFor();
    await expect.poll(() => notesSaying(words)).toBe(1);
  });

  it('is made once when Submit is pressed again after the answer was cut off', async () => {
    const { page } = await openAt('reader');
    const words = `Saved, answer lost ${Date.now().toString(36)}`;
    let first = true;
    await page.route('**/api/forms/insert_note', async (route) => {
      if (!first) return route.continue();
      first = false;
      // The server saves it; the connection drops before its answer arrives.
      await route.fetch();
      return route.abort('connectionreset');
    });
    const form = await openNote(page);
    await form.getByLabel('Your note').fill(words);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText(boardMsg.noConnection).waitFor();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => notesSaying(words)).toBe(1);
  });
});
