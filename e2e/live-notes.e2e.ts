import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { apiAs, appUrl, more, signIn } from './session';
import { dragAcross, selectItem } from './board-helpers';

const base = appUrl();
let authorB: Browser;
let readerB: Browser;
beforeEach(async () => {
  [authorB, readerB] = await Promise.all([openBrowser(), openBrowser()]);
});
afterEach(async () => {
  await Promise.all([authorB.close(), readerB.close()]);
});

const tipList = (page: Page) => page.getByRole('region', { name: 'Tip', exact: true });

/**
 * Selects an item of the sample course by a click on `where` (the item itself unless given),
 * unless it is selected already: the board keeps each person's selection, and a click on the
 * selected item (left so by a first try of the test, say) would deselect it.
 */
async function pick(item: Locator, where: Locator = item) {
  await selectItem(item, { via: where });
}

describe('notes, live for everyone watching', () => {
  it('a reader’s note appears for the author without a reload; the answer reaches the reader the same way', async () => {
    const author = authorB.page;
    const reader = readerB.page;
    await Promise.all([signIn(author, base, 'author'), signIn(reader, base, 'reader')]);
    await Promise.all([author.goto(`${base}/author/course`), reader.goto(`${base}/author/course`)]);
    await Promise.all([tipList(author).waitFor(), tipList(reader).waitFor()]);
    await author.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    // The words new on each try: a retry finds the first try's thread on the course too.
    const n = Date.now().toString(36);
    const question = `Compared with last year, or with other cities? ${n}`;
    const answer = `Both: look for the baseline first. ${n}`;
    const thanks = `Thanks, will do. ${n}`;

    // The reader notes the third tip.
    await pick(tipList(reader).getByRole('article').nth(2));
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    await reader.getByLabel('Your note').fill(question);
    await reader.getByRole('button', { name: 'Submit' }).click();

    // The author sees it arrive, pending, in the same page.
    const note = tipList(author).getByText(question);
    await note.waitFor({ timeout: 10_000 });
    expect(await author.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(
      true,
    );
    const noteItem = tipList(author).getByRole('listitem').filter({ hasText: question });
    await noteItem.getByText('pending').waitFor();

    // The author replies; the reply answers the note.
    await noteItem.getByRole('button', { name: 'Reply' }).click();
    await author.getByLabel('Your reply').fill(answer);
    await author.getByRole('button', { name: 'Submit' }).click();
    await tipList(reader).getByText(answer).waitFor({ timeout: 10_000 });
    await tipList(reader)
      .getByRole('listitem')
      .filter({ hasText: question })
      .getByText('answered')
      .waitFor();

    // The reader replies to the answer; the author sees the reply arrive.
    await tipList(reader)
      .getByRole('listitem')
      .filter({ hasText: answer })
      .getByRole('button', { name: 'Reply' })
      .click();
    await reader.getByLabel('Your reply').fill(thanks);
    await reader.getByRole('button', { name: 'Submit' }).click();
    await tipList(author).getByText(thanks).waitFor({ timeout: 10_000 });

    // The reader's Listings show what they wrote.
    await more(reader, 'Show my notes');
    await reader.getByText(question).waitFor();
    await reader.getByText(thanks).waitFor();

    // Discussion lists it under answered notes.
    await more(author, 'Discussion');
    await author
      .getByRole('navigation', { name: 'Discussion' })
      .getByRole('link', { name: 'Answered notes' })
      .click();
    await author.getByText(question).waitFor();
    // The entry shows the thread under the note: the author's answer and the reader's thanks.
    const entry = author.getByRole('article').filter({ hasText: question });
    await entry.getByText(answer).waitFor();
    await entry.getByText(thanks).waitFor();
    await screenshot(author, 'discussion-answered');
  });

  it('the author dismisses a note; another reader watching sees it go', async () => {
    const author = authorB.page;
    const reader = readerB.page;
    const third = await openBrowser();
    try {
      await Promise.all([
        signIn(author, base, 'author'),
        signIn(reader, base, 'demo'),
        signIn(third.page, base, 'reader'),
      ]);
      // The words new on each try: a retry finds the first try's note on the course too.
      const offTopic = `Off topic: when is the exam? ${Date.now().toString(36)}`;
      await reader.goto(`${base}/author/course`);
      await pick(tipList(reader).getByRole('article').nth(3));
      await reader.getByRole('button', { name: 'Note', exact: true }).click();
      await reader.getByLabel('Your note').fill(offTopic);
      await reader.getByRole('button', { name: 'Submit' }).click();
      await tipList(reader).getByText(offTopic).waitFor();

      // Another reader sees the public note while it is pending …
      await third.page.goto(`${base}/author/course`);
      await tipList(third.page).getByText(offTopic).waitFor();

      await author.goto(`${base}/author/course`);
      const noteItem = tipList(author).getByRole('listitem').filter({ hasText: offTopic });
      await noteItem.getByRole('button', { name: 'Dismiss' }).click();
      await noteItem.getByText('dismissed').waitFor();

      // … and, without reloading, stops seeing it once dismissed; its writer still does.
      await tipList(third.page).getByText(offTopic).waitFor({ state: 'detached', timeout: 10_000 });
      await tipList(reader)
        .getByRole('listitem')
        .filter({ hasText: offTopic })
        .getByText('dismissed')
        .waitFor({ timeout: 10_000 });
    } finally {
      await third.close();
    }
  });
});

describe('notes on selected text', () => {
  it('keep their quote, follow the words through an edit, and say when the words are gone', async () => {
    const reader = readerB.page;
    const author = authorB.page;
    // A board of its own, with the sample course's first tip, made on each try: the author
    // rewords the item, and on the course itself the words would be gone for a retry (and for
    // the other tests that read the course).
    const api = await apiAs(base, 'author');
    const made = await api.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: `Reworded tip ${Date.now()}` },
    );
    await api.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Tip',
      itemText: 'Before you read an article, find out **who published it** and who paid for it.',
    });
    const board = `${base}/author/${made.ptitle}`;
    await Promise.all([signIn(reader, base, 'reader'), signIn(author, base, 'author')]);
    await reader.goto(board);
    const item = tipList(reader).getByRole('article').first();
    await item.waitFor();
    // Drag across the words as a person would.
    await dragAcross(reader, item, 'who published it');
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    await reader.getByLabel('Your note').fill('Is the owner named anywhere?');
    await reader.getByRole('button', { name: 'Submit' }).click();
    const note = tipList(reader)
      .getByRole('listitem')
      .filter({ hasText: 'Is the owner named anywhere?' });
    await note.getByText('who published it').waitFor();

    // The author rewords the start of the item: the note still finds its words.
    await author.goto(board);
    // Selected by a click, unless the author's last visit left it selected (a click would then
    // deselect it).
    const authorsItem = tipList(author).getByRole('article').first();
    await selectItem(authorsItem, { via: authorsItem.locator('.block').first() });
    await author.keyboard.press('i');
    await author
      .getByLabel('Text', { exact: true })
      .fill(
        'First of all, before you read an article, find out **who published it** and who paid for it.',
      );
    await author.getByRole('button', { name: 'Submit' }).click();
    await tipList(reader).getByText('First of all').waitFor({ timeout: 10_000 });
    await expect(note.getByText('(on an earlier version)').count()).resolves.toBe(0);

    // Then removes them (the item is still selected): the note stays, marked as on an earlier version.
    await expect.poll(() => author.getByRole('form').count()).toBe(0);
    await author.keyboard.press('i');
    await author
      .getByLabel('Text', { exact: true })
      .fill('Before you read an article, find out who paid for it.');
    await author.getByRole('button', { name: 'Submit' }).click();
    await note.getByText('(on an earlier version)').waitFor({ timeout: 10_000 });
  });
});

describe('the Discussion page', () => {
  it('lets the author answer a pending note in place', async () => {
    const reader = readerB.page;
    const author = authorB.page;
    await Promise.all([signIn(reader, base, 'reader'), signIn(author, base, 'author')]);
    // The words new on each try: a retry finds the first try's thread on the course too.
    const n = Date.now().toString(36);
    const question = `Does "claims" always mean doubt? ${n}`;
    const answer = `Not always, but it invites it. ${n}`;
    await reader.goto(`${base}/author/course`);
    const tip = tipList(reader).getByRole('article').nth(1);
    await pick(tip, tip.locator('.block').first());
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    await reader.getByLabel('Your note').fill(question);
    await reader.getByRole('button', { name: 'Submit' }).click();
    await tipList(reader).getByText(question).waitFor();

    await more(author, 'Discussion');
    // Nothing done on Discussion makes a call the server refuses: its boards, lists and items
    // are made for the page, and what the author does to them (select, open) stays there.
    const refused: string[] = [];
    author.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    const pending = author.getByRole('listitem').filter({ hasText: question });
    await pending.getByText('pending').waitFor();
    // The author picks the entry (its card's edge, away from its links).
    await author
      .getByRole('article')
      .filter({ has: pending })
      .click({ position: { x: 4, y: 4 } });
    await expect.poll(() => author.locator('article[aria-current="true"]').count()).toBe(1);
    await pending.getByRole('button', { name: 'Reply' }).click();
    await author.getByLabel('Your reply').fill(answer);
    await author.getByRole('button', { name: 'Submit' }).click();
    await pending.waitFor({ state: 'detached', timeout: 10_000 });
    await author.getByRole('link', { name: 'Answered notes' }).click();
    await author
      .getByRole('listitem')
      .filter({ hasText: question })
      .getByText('answered')
      .waitFor();
    // The reader sees the answer on the board.
    await tipList(reader).getByText(answer).waitFor({ timeout: 10_000 });
    expect(refused).toEqual([]);
  });
});

describe('private notes and labels in the board screen', () => {
  it('a private note is seen by its writer only, on screen and through the API', async () => {
    const reader = readerB.page;
    const other = authorB.page;
    await Promise.all([signIn(reader, base, 'reader'), signIn(other, base, 'demo')]);
    // The words new on each try: a retry finds the first try's note on the course too.
    const thought = `A private thought about baselines. ${Date.now().toString(36)}`;
    await reader.goto(`${base}/author/course`);
    const tip = tipList(reader).getByRole('article').nth(2);
    await pick(tip, tip.locator('.block').first());
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    await reader.getByLabel('Your note').fill(thought);
    await reader.getByLabel('Private (only you will see it)').check();
    await reader.getByRole('button', { name: 'Submit' }).click();
    const mine = tipList(reader).getByRole('listitem').filter({ hasText: thought });
    await mine.getByText('private', { exact: true }).waitFor();

    await other.goto(`${base}/author/course`);
    await tipList(other).getByRole('article').first().waitFor();
    // Not this try's private thought, nor a first try's.
    await expect(
      tipList(other).getByText('A private thought about baselines.').count(),
    ).resolves.toBe(0);
    const viaApi = await other.evaluate(async () => {
      const r = await fetch('/api/dbload/load_multilists', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ addresses: ['/author/course'] }),
      });
      return JSON.stringify(await r.json());
    });
    expect(viaApi).not.toContain('A private thought about baselines.');
  });
});
