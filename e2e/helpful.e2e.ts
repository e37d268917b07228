/**
 * Helpful, as a class meets it: a student taps Helpful on a classmate's note on a phone, and the
 * teacher watching the board sees the count arrive; the mark is the student's own (pressed for
 * them, after a reload too), the note's writer sees the count and no button, and a second tap
 * takes the mark back. On Discussion the teacher puts the most helpful notes first, and marks
 * notes helpful there as on the board.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { apiAs, appUrl, notedItem, postAsPage, signIn } from './session';

const base = appUrl();
let phoneB: Browser;
let authorB: Browser;
let writerB: Browser;

beforeAll(async () => {
  [phoneB, authorB, writerB] = await Promise.all([
    openPhone('iPhone 13'),
    openBrowser(),
    openBrowser(),
  ]);
});
afterAll(async () => {
  await Promise.all([phoneB.close(), authorB.close(), writerB.close()]);
});

const noteOn = (page: Page, words: string) =>
  page.getByRole('listitem').filter({ hasText: words }).last();
const helpful = (page: Page, words: string) =>
  noteOn(page, words).getByRole('button', { name: /^Helpful/ });

describe('helpful', () => {
  it('a student marks a classmate’s note helpful on a phone; the teacher sees the count live, and on Discussion the most helpful first, marked there too; the writer sees it without a button', async () => {
    const words = `Who paid for the poll? ${Date.now().toString(36)}`;
    const { ptitle } = await notedItem(base, {
      title: `Helpful ${Date.now().toString(36)}`,
      list: 'Week 1',
      item: 'Read the article and note who paid for it.',
      note: words,
    });
    const address = `${base}/author/${ptitle}`;
    const phone = phoneB.page;
    const author = authorB.page;
    const writer = writerB.page;
    await Promise.all([
      signIn(phone, base, 'demo'),
      signIn(author, base, 'author'),
      signIn(writer, base, 'reader'),
    ]);
    await Promise.all([phone.goto(address), author.goto(address), writer.goto(address)]);
    await Promise.all([helpful(phone, words).waitFor(), helpful(author, words).waitFor()]);
    expect(await helpful(phone, words).getAttribute('aria-pressed')).toBe('false');

    // A tap, as a finger makes it.
    await helpful(phone, words).tap();
    await expect
      .poll(() => helpful(phone, words).getAttribute('aria-pressed'), { timeout: 10_000 })
      .toBe('true');
    expect(await helpful(phone, words).getAttribute('aria-label')).toBe('Helpful 1');
    await screenshot(phone, 'helpful-phone');
    // The teacher's page hears it: the count, not pressed for them.
    await expect
      .poll(() => helpful(author, words).getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Helpful 1');
    expect(await helpful(author, words).getAttribute('aria-pressed')).toBe('false');

    // The teacher marks it too, by mouse.
    await helpful(author, words).click();
    await expect
      .poll(() => helpful(author, words).getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Helpful 2');
    expect(await helpful(author, words).getAttribute('aria-pressed')).toBe('true');

    // The writer's own note: its count, and nothing to press.
    await writer.reload();
    await noteOn(writer, words).getByText('2 helpful').waitFor();
    expect(await helpful(writer, words).count()).toBe(0);

    // The student's mark is kept for them; a second tap takes it back.
    await phone.reload();
    await expect
      .poll(() => helpful(phone, words).getAttribute('aria-pressed'), { timeout: 10_000 })
      .toBe('true');
    expect(await helpful(phone, words).getAttribute('aria-label')).toBe('Helpful 2');
    await helpful(phone, words).tap();
    await expect
      .poll(() => helpful(phone, words).getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Helpful 1');
    expect(await helpful(phone, words).getAttribute('aria-pressed')).toBe('false');

    // On the board's Discussion a newer note comes first, until the teacher asks for the most
    // helpful first.
    const [board] = await postAsPage<
      { _id: string; lists: { _id: string; items: { _id: string }[] }[] }[]
    >(author, base, '/api/dbload/load_multilists', { addresses: [`/author/${ptitle}`] });
    const later = `And who ran it? ${Date.now().toString(36)}`;
    await (
      await apiAs(base, 'reader')
    ).post('/api/forms/insert_note', {
      listId: board!.lists[0]!._id,
      itemId: board!.lists[0]!.items[0]!._id,
      noteSpec: { text: later },
    });
    await author.goto(`${base}/author/home?code=pending&username=author&board=${ptitle}`);
    const entries = author.locator('.note-text');
    await expect.poll(() => entries.allTextContents()).toEqual([later, words]);
    await author.getByLabel('Order').selectOption({ label: 'Most helpful first' });
    await expect.poll(() => entries.allTextContents()).toEqual([words, later]);
    expect(author.url()).toContain('order=helpful');
    await author.getByRole('heading', { name: 'Most helpful first' }).waitFor();
    // Helpful is a toggle here too: the teacher's mark shows pressed; marking the newer note
    // brings it level, and newer, first.
    expect(await helpful(author, words).getAttribute('aria-pressed')).toBe('true');
    expect(await helpful(author, words).getAttribute('aria-label')).toBe('Helpful 1');
    expect(await helpful(author, later).getAttribute('aria-pressed')).toBe('false');
    await helpful(author, later).click();
    await expect.poll(() => entries.allTextContents()).toEqual([later, words]);
    await expect
      .poll(() => helpful(author, later).getAttribute('aria-pressed'), { timeout: 10_000 })
      .toBe('true');
    await screenshot(author, 'helpful-discussion');
    // Questions first: a note that asks, its tag after the question mark, before the others.
    const asks = `Is the chart honest? #question ${Date.now().toString(36)}`.replace(
      / (\w+)$/,
      ' #t$1',
    );
    await (
      await apiAs(base, 'reader')
    ).post('/api/forms/insert_note', {
      listId: board!.lists[0]!._id,
      itemId: board!.lists[0]!.items[0]!._id,
      noteSpec: { text: asks },
    });
    await author.getByLabel('Order').selectOption({ label: 'Questions first' });
    await author.getByRole('heading', { name: 'Questions first' }).waitFor();
    expect(author.url()).toContain('order=questions');
    await expect.poll(() => entries.first().textContent()).toBe(asks);
  });
});
