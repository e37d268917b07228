/**
 * A note at a place in an item's media. A moment of a lecture: a student on a phone plays the
 * recording, opens Note, and the form offers the moment they are at, ticked; the note keeps it.
 * The teacher, at a desk, plays the recording from that moment with one click on the note, and
 * reads it on Discussion. A page of a PDF: a student turns a handout to its third page and notes
 * it; the note turns the handout back there. Then they select words of that page and note them:
 * highlighted there and only there, and counted at their page in the teacher's Insight. On a
 * phone, a student names words of a page by typing them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { apiAs, appUrl, itemOnNewBoard, signIn } from './session';
import { dragAcross, list, selectItem } from './board-helpers';
import { seriousViolations } from './axe';
import { makePdf } from '../apps/server/test/import-fixtures';
import type { BoardInsight } from '@listboard/core/api/contracts/insight';

const base = appUrl();
let phoneB: Browser;
let deskB: Browser;

beforeAll(async () => {
  [phoneB, deskB] = await Promise.all([openPhone('iPhone 13'), openBrowser()]);
});
afterAll(async () => {
  await Promise.all([phoneB.close(), deskB.close()]);
});

describe('a note at a moment of a recording', () => {
  it('a student notes a moment of the lecture on a phone; the teacher plays from it at a desk', async () => {
    const stamp = Date.now().toString(36);
    const made = await itemOnNewBoard(base, {
      title: `Lecture ${stamp}`,
      list: 'Week 1',
      item: 'Watch the lecture, then note where you got lost.\n\n/media/lecture.webm ~ Lecture 1',
    });
    const address = `/author/${made.ptitle}`;

    // The student plays the lecture, and stops it a little way in.
    const phone = phoneB.page;
    await signIn(phone, base, 'reader');
    await phone.goto(`${base}${address}`);
    const item = list(phone, 'Week 1').getByRole('article').first();
    await item.getByRole('button', { name: 'Play Lecture 1' }).tap();
    const video = item.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(2);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    const at = await video.evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime));
    const when = `0:0${at}`;

    // Note, from the item's Actions: the moment offered, ticked.
    await selectItem(item, { tap: true, position: { x: 4, y: 4 } });
    await item.locator('summary', { hasText: 'Actions' }).tap();
    await item.getByRole('menuitem', { name: 'Note', exact: true }).tap();
    const moment = phone.getByLabel(`At ${when} of the recording`);
    await expect(moment.isChecked()).resolves.toBe(true);
    await screenshot(phone, 'note-moment-form-phone');
    const words = `Lost here: which source? ${stamp}`;
    await phone.getByLabel('Your note').fill(words);
    await phone.getByRole('button', { name: 'Submit' }).tap();
    const note = item.getByRole('listitem').filter({ hasText: words });
    await note.getByRole('button', { name: `Play from ${when}` }).waitFor();
    await screenshot(phone, 'note-moment-phone');
    expect(await seriousViolations(phone)).toEqual([]);

    // The teacher plays the lecture from that moment, with one click on the note.
    const desk = deskB.page;
    await signIn(desk, base, 'author');
    await desk.goto(`${base}${address}`);
    const card = list(desk, 'Week 1').getByRole('article').first();
    const theirs = card.getByRole('listitem').filter({ hasText: words });
    await theirs.getByRole('button', { name: `Play from ${when}` }).click();
    const lecture = card.locator('video');
    await expect
      .poll(() =>
        lecture.evaluate(
          (v: HTMLVideoElement, from: number) => !v.paused && v.currentTime >= from,
          at,
        ),
      )
      .toBe(true);
    await lecture.evaluate((v: HTMLVideoElement) => v.pause());
    await screenshot(desk, 'note-moment-desk');

    // On Discussion, the note says which moment, in words.
    await desk.goto(`${base}/author/home?code=pending&username=author&board=${made.ptitle}`);
    const entry = desk.getByRole('article').filter({ hasText: words });
    await entry.getByText(`At ${when}`, { exact: true }).waitFor();
    expect(await entry.getByRole('button', { name: /^Play from/ }).count()).toBe(0);

    // Insight counts the half minute it falls in; its link opens the board with the lecture
    // cued there, for the teacher to press play.
    await desk.goto(`${base}${address}/insight`);
    const places = desk.getByRole('region', { name: 'Most noted passages' });
    await places.getByRole('link', { name: 'At 0:00–0:30 of the recording' }).click();
    await desk.waitForURL(/#note-/);
    const cued = list(desk, 'Week 1').getByRole('article').first().locator('video');
    await expect
      .poll(() => cued.evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime)))
      .toBe(at);
    await expect(cued.evaluate((v: HTMLVideoElement) => v.paused)).resolves.toBe(true);
  });

  it('a student notes a page of a handout at a desk; the note turns the handout to it', async () => {
    const stamp = Date.now().toString(36);
    const author = await apiAs(base, 'author');
    const handout = makePdf(
      [1, 2, 3].map((n) => [{ text: `Handout page ${n}`, size: 18 * n, y: 600 }]),
    );
    const bucketPath = `author/handout-${stamp}.pdf`;
    const signed = await author.post<{ url: string; headers: Record<string, string> }>(
      '/api/upload/s3',
      { bucketPath, fileType: 'application/pdf' },
    );
    const put = await fetch(new URL(signed.url, base), {
      method: 'PUT',
      headers: signed.headers,
      body: new Uint8Array(handout),
    });
    expect(put.status).toBe(200);
    const record = await author.post<{ url: string }>('/api/upload/record', {
      bucketPath,
      fileType: 'application/pdf',
      size: handout.length,
    });
    const made = await itemOnNewBoard(base, {
      title: `Handout ${stamp}`,
      list: 'Week 2',
      item: `Read the handout.\n\n${record.url} ~ Handout`,
    });

    const student = await openBrowser();
    const desk = student.page;
    await signIn(desk, base, 'reader');
    await desk.goto(`${base}/author/${made.ptitle}`);
    const item = list(desk, 'Week 2').getByRole('article').first();
    const pdf = item.locator('figure.block-pdf');
    await pdf.getByText('Page 1 of 3').waitFor({ timeout: 15_000 });
    await pdf.getByRole('button', { name: 'Next page' }).click();
    await pdf.getByRole('button', { name: 'Next page' }).click();
    await pdf.getByText('Page 3 of 3').waitFor();
    await selectItem(item, { position: { x: 4, y: 4 } });
    await item.locator('summary', { hasText: 'Actions' }).click();
    await item.getByRole('menuitem', { name: 'Note', exact: true }).click();
    const on = desk.getByLabel('On page 3 of the PDF');
    await expect(on.isChecked()).resolves.toBe(true);
    const words = `Is this table from 2020? ${stamp}`;
    await desk.getByLabel('Your note').fill(words);
    await desk.getByRole('button', { name: 'Submit' }).click();
    const note = item.getByRole('listitem').filter({ hasText: words });
    // Back on the first page, the note turns the handout to its page.
    await pdf.getByRole('button', { name: 'Previous page' }).click();
    await pdf.getByRole('button', { name: 'Previous page' }).click();
    await pdf.getByText('Page 1 of 3').waitFor();
    await note.getByRole('button', { name: 'Turn to page 3' }).click();
    await pdf.getByText('Page 3 of 3').waitFor();
    await screenshot(desk, 'note-page-desk');

    // Words of the page are there to select, as in any text: noted, they keep their page.
    await dragAcross(desk, pdf.locator('.pdf-text[data-page="3"]'), 'page 3');
    await expect(desk.evaluate(() => getSelection()?.toString())).resolves.toBe('page 3');
    const offer = desk.getByRole('toolbar', { name: 'Selected words' });
    await offer.getByRole('button', { name: 'Note the selected words' }).click();
    const form = desk.getByRole('form', { name: 'Note' });
    await expect(form.locator('.form-quote').textContent()).resolves.toBe('page 3');
    const asked = `Why is page 3 set larger? ${stamp}`;
    await form.getByLabel('Your note').fill(asked);
    await form.getByRole('button', { name: 'Submit' }).click();
    const onWords = item.getByRole('listitem').filter({ hasText: asked });
    await onWords.getByRole('button', { name: 'Turn to page 3' }).waitFor();
    // Highlighted on its page, and only there; elsewhere it is not taken for words since gone.
    const marks = pdf.locator('.pdf-text mark[data-note-id]');
    await expect.poll(() => marks.allTextContents()).toEqual(['page 3']);
    await marks.first().evaluate((m) => m.scrollIntoView({ block: 'center' }));
    await screenshot(desk, 'note-pdf-words-desk');
    await pdf.getByRole('button', { name: 'Previous page' }).click();
    await pdf.locator('.pdf-text[data-page="2"]').waitFor();
    await expect(marks.count()).resolves.toBe(0);
    await expect(onWords.locator('.earlier').count()).resolves.toBe(0);
    await onWords.getByRole('button', { name: 'Turn to page 3' }).click();
    await expect.poll(() => marks.allTextContents()).toEqual(['page 3']);
    // The teacher's Insight counts the words at their page.
    const insight = await author.post<BoardInsight>('/api/forms/board_insight', {
      multilistId: made.multilistId,
    });
    expect(insight.confusion.map((p) => [p.quote, p.place])).toContainEqual([
      'page 3',
      'on page 3 of the PDF',
    ]);
    // The note's own address (its Copy link) opens the board with the handout at that page.
    const anchor = await note.getAttribute('id');
    await desk.goto(`${base}/`);
    await desk.goto(`${base}/author/${made.ptitle}#${anchor}`);
    await pdf.getByText('Page 3 of 3').waitFor({ timeout: 15_000 });
    // So does the words' note's, with the words highlighted there.
    const wordsAnchor = await onWords.getAttribute('id');
    await desk.goto(`${base}/`);
    await desk.goto(`${base}/author/${made.ptitle}#${wordsAnchor}`);
    await pdf.getByText('Page 3 of 3').waitFor({ timeout: 15_000 });
    await expect.poll(() => marks.allTextContents()).toEqual(['page 3']);
    await student.close();

    // On a phone, where selecting is fiddly, words of the page are named by typing them.
    const phoneStudent = await openPhone('iPhone 13');
    const phone = phoneStudent.page;
    await signIn(phone, base, 'reader');
    await phone.goto(`${base}/author/${made.ptitle}`);
    const onPhone = list(phone, 'Week 2').getByRole('article').first();
    const phonePdf = onPhone.locator('figure.block-pdf');
    await phonePdf.getByText('Page 1 of 3').waitFor({ timeout: 15_000 });
    await phonePdf.getByRole('button', { name: 'Next page' }).tap();
    await phonePdf.locator('.pdf-text[data-page="2"]').waitFor();
    await selectItem(onPhone, { tap: true, position: { x: 4, y: 4 } });
    await onPhone.locator('summary', { hasText: 'Actions' }).tap();
    await onPhone.getByRole('menuitem', { name: 'Note', exact: true }).tap();
    const typed = `Page 2 only? ${stamp}`;
    await phone.getByLabel('On the words (optional)').fill('handout PAGE 2');
    await phone.getByLabel('Your note').fill(typed);
    await phone.getByRole('button', { name: 'Submit' }).tap();
    const typedNote = onPhone.getByRole('listitem').filter({ hasText: typed });
    await typedNote.getByRole('button', { name: 'Turn to page 2' }).waitFor();
    await expect
      .poll(() => phonePdf.locator('.pdf-text mark[data-note-id]').allTextContents())
      .toEqual(['Handout page 2']);
    await screenshot(phone, 'note-pdf-typed-phone');
    await phoneStudent.close();
  });
});
