/**
 * Tags in notes, as a class meets them: the teacher asks for tags in Board settings; a student on
 * a phone tags a note (#confused), offered those tags and the ones the board's notes already
 * carry as # is typed, and their tag leads to their own notes with it on that board (as the
 * board’s “Your notes on this board” does), which they export as
 * Markdown and find again from their home's tags; the teacher sees the
 * board's tags on Insight, and one tag, or a tag in a note, opens the Discussion of that tag
 * alone, where a tag in the teacher's reply brings its thread.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { apiAs, appUrl, more, notedItem, signIn } from './session';
import { list, selectItem } from './board-helpers';

const base = appUrl();
let phoneB: Browser;
let deskB: Browser;

beforeAll(async () => {
  [phoneB, deskB] = await Promise.all([openPhone('iPhone 13'), openBrowser()]);
});
afterAll(async () => {
  await Promise.all([phoneB.close(), deskB.close()]);
});

const noteOn = (page: Page, words: string) =>
  page.getByRole('listitem').filter({ hasText: words }).last();

describe('tags in notes', () => {
  it('a teacher asks for tags; a student tags a note on a phone, offered them; the teacher opens that tag’s notes from Insight and from a note', async () => {
    const stamp = Date.now().toString(36);
    const first = `Who paid for it? #confused ${stamp}`;
    const untagged = `The chart starts at 40. ${stamp}`;
    const { ptitle } = await notedItem(base, {
      title: `Tagged ${stamp}`,
      list: 'Week 1',
      item: 'Read the article and note who paid for it.',
      note: first,
    });
    const address = `/author/${ptitle}`;
    const reader = await apiAs(base, 'reader');
    const [board] = await reader.post<{ lists: { _id: string; items: { _id: string }[] }[] }[]>(
      '/api/dbload/load_multilists',
      { addresses: [address] },
    );
    const on = { listId: board!.lists[0]!._id, itemId: board!.lists[0]!.items[0]!._id };
    await reader.post('/api/forms/insert_note', { ...on, noteSpec: { text: untagged } });

    // The student has gathered more on another board, with many tags.
    const other = await notedItem(base, {
      title: `Sources ${stamp}`,
      list: 'Week 2',
      item: 'Collect the sources you find.',
      note: `Collected ${stamp}`,
    });
    const [otherBoard] = await reader.post<
      { lists: { _id: string; items: { _id: string }[] }[] }[]
    >('/api/dbload/load_multilists', { addresses: [`/author/${other.ptitle}`] });
    await (
      await apiAs(base, 'demo')
    ).post('/api/forms/insert_note', {
      listId: otherBoard!.lists[0]!._id,
      itemId: otherBoard!.lists[0]!.items[0]!._id,
      noteSpec: { text: `So far ${stamp}: #sources #bias #framing #headline #verbs #tone #method` },
    });

    // The teacher, at a desk, asks for two tags in Board settings.
    const desk = deskB.page;
    await signIn(desk, base, 'author');
    await desk.goto(`${base}${address}`);
    await list(desk, 'Week 1').waitFor();
    await more(desk, 'Board settings');
    const settings = desk.getByRole('form', { name: 'Board settings' });
    await settings.getByLabel('Tags for notes').fill('#evidence, #Confused');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });

    // The student, on a phone: the item's Actions, Note, and tags offered as # is typed.
    const phone = phoneB.page;
    await signIn(phone, base, 'demo');
    await phone.goto(`${base}${address}`);
    const item = list(phone, 'Week 1').getByRole('article').first();
    await selectItem(item, { tap: true, position: { x: 4, y: 4 } });
    await item.locator('summary', { hasText: 'Actions' }).tap();
    await item.getByRole('menuitem', { name: 'Note', exact: true }).tap();
    // The form says which tags the teacher asks for.
    await phone.getByText(/unless you tick Private\. Tag it #evidence or #confused\.$/).waitFor();
    const words = phone.getByLabel('Your note');
    await words.tap();
    await words.pressSequentially(`Is a press office a source? ${stamp} #`);
    const offered = phone.getByRole('listbox', { name: 'Tags' });
    // The board's, in the teacher's order, each with the notes that carry it.
    await expect
      .poll(() => offered.getByRole('option').allTextContents())
      .toEqual(['#evidenceno note yet', '#confused1 note']);
    await words.pressSequentially('co');
    await expect
      .poll(() => offered.getByRole('option').allTextContents())
      .toEqual(['#confused1 note']);
    await screenshot(phone, 'tags-offered-phone');
    await offered.getByRole('option').first().tap();
    await expect(words.inputValue()).resolves.toBe(
      `Is a press office a source? ${stamp} #confused `,
    );
    await phone.getByRole('button', { name: 'Submit' }).tap();
    const second = `Is a press office a source? ${stamp}`;
    // Set off in the note: another's tag leads a student nowhere, their own to their own Notes of it.
    await noteOn(phone, first).locator('.tag', { hasText: '#confused' }).waitFor();
    expect(await noteOn(phone, first).locator('a.tag').count()).toBe(0);
    await noteOn(phone, second).getByRole('link', { name: '#confused' }).tap();
    // Their notes with it on this board.
    const onBoard = `code=notes&username=demo&board=author%2F${ptitle}`;
    await phone.waitForURL(`${base}/demo/home?${onBoard}&tag=confused`);
    await phone
      .getByRole('heading', { name: `Notes: Tagged ${stamp} (#confused)`, exact: true })
      .waitFor();
    const mine = (text: string) => phone.getByRole('article').filter({ hasText: text });
    await mine(second).waitFor();
    await phone.getByText('Notes tagged #confused only.').waitFor();
    await screenshot(phone, 'tags-own-notes-phone');
    // Kept as a file: the notes the page lists, in Markdown.
    await more(phone, 'Export');
    const exporting = phone.getByRole('form', { name: 'Export notes' });
    await expect(exporting.getByLabel('Format').inputValue()).resolves.toBe('Markdown (.md)');
    const [file] = await Promise.all([
      phone.waitForEvent('download'),
      exporting.getByRole('button', { name: 'Download' }).tap(),
    ]);
    expect(file.suggestedFilename()).toBe(`demo-notes-tagged-${stamp}-confused.md`);
    const md = fs.readFileSync(await file.path(), 'utf8');
    expect(md.split('\n')[0]).toBe(`# Notes: Tagged ${stamp} (#confused)`);
    expect(md).toContain(`${second} #confused`);
    expect(md).not.toContain(first);
    // Their home names the tags of their own notes, each a way back to those notes.
    await phone.goto(`${base}/`);
    const ownTags = phone.getByRole('region', { name: 'Tags of your notes' });
    await ownTags.getByRole('link', { name: /^#confused \d+ notes?$/ }).tap();
    await phone.waitForURL(/\/demo\/home\?code=notes&username=demo&tag=confused$/);
    await mine(second).waitFor();
    // The board's Annotate menu opens their notes on it, with the answers to them.
    await phone.goto(`${base}${address}`);
    await more(phone, 'Your notes on this board');
    await phone.waitForURL(`${base}/demo/home?${onBoard}`);
    await phone.getByRole('heading', { name: `Notes: Tagged ${stamp}`, exact: true }).waitFor();
    await mine(second).waitFor();
    await screenshot(phone, 'tags-board-notes-phone');
    // And so does their own Insight of the board.
    await phone.goto(`${base}${address}/insight`);
    const yours = phone.getByRole('region', { name: 'Your tags' });
    await yours.getByRole('link', { name: '#confused' }).tap();
    await phone.waitForURL(`${base}/demo/home?${onBoard}&tag=confused`);
    await mine(second).waitFor();
    await phone.getByRole('link', { name: 'All tags' }).tap();
    await phone.waitForURL(`${base}/demo/home?${onBoard}`);
    await phone.getByRole('heading', { name: `Notes: Tagged ${stamp}`, exact: true }).waitFor();
    await phone.getByText(`On Tagged ${stamp} only.`).waitFor();
    await phone.getByRole('link', { name: 'All boards' }).tap();
    await phone.waitForURL(`${base}/demo/home?code=notes&username=demo`);
    await phone.getByRole('heading', { name: 'Notes', exact: true }).waitFor();
    // Its tags offered to narrow it again, in one row of their own that never widens the page.
    const offeredTags = phone.locator('p.page-tags');
    await offeredTags.getByRole('link', { name: '#confused' }).waitFor();
    const row = await offeredTags.evaluate((p) => ({
      height: p.getBoundingClientRect().height,
      chip: p.querySelector('a')?.getBoundingClientRect().height ?? 0,
      page: document.documentElement.scrollWidth - window.innerWidth,
    }));
    expect(row.height).toBeLessThan(row.chip * 1.5);
    expect(row.page).toBeLessThanOrEqual(0);

    // The teacher: Insight names the tags; one opens the Discussion of that tag.
    await desk.goto(`${base}${address}/insight`);
    const tags = desk.getByRole('region', { name: 'Tags' });
    await tags.getByRole('listitem').filter({ hasText: '#confused' }).waitFor();
    expect(await tags.getByRole('listitem').allTextContents()).toEqual([
      '#confused 2 notes',
      '#evidence no note yet',
    ]);
    await tags.getByRole('link', { name: '#confused' }).click();
    await desk.waitForURL(new RegExp(`code=pending&username=author&board=${ptitle}&tag=confused$`));
    await desk
      .getByRole('heading', { name: `Pending notes: Tagged ${stamp} (#confused)`, exact: true })
      .waitFor();
    const entry = (text: string) => desk.getByRole('article').filter({ hasText: text });
    await entry(first).waitFor();
    await entry(second).waitFor();
    await expect(entry(untagged).count()).resolves.toBe(0);
    const tabs = desk.getByRole('navigation', { name: 'Discussion' });
    await tabs.getByText('Notes tagged #confused only.').waitFor();
    await screenshot(desk, 'tags-discussion');
    await tabs.getByRole('link', { name: 'All tags' }).click();
    await desk.waitForURL(new RegExp(`code=pending&username=author&board=${ptitle}$`));
    await entry(untagged).waitFor();
    // The board's Discussion names the tags it asks for, each a way back to one.
    await tabs.getByRole('link', { name: '#evidence' }).click();
    await desk.waitForURL(new RegExp(`code=pending&username=author&board=${ptitle}&tag=evidence$`));
    await desk.getByText(`No pending notes tagged #evidence on Tagged ${stamp}.`).waitFor();

    // On the board, a tag in a note leads the teacher to the same.
    await desk.goto(`${base}${address}`);
    await noteOn(desk, first).getByRole('link', { name: '#confused' }).click();
    await desk.waitForURL(new RegExp(`code=pending&username=author&board=${ptitle}&tag=confused$`));
    await entry(second).waitFor();

    // A tag in the teacher's reply brings its thread to that tag's notes (answered by the reply).
    await desk.goto(`${base}${address}`);
    await noteOn(desk, untagged).getByRole('button', { name: 'Reply' }).click();
    await desk.getByLabel('Your reply').fill(`The press office is the #evidence ${stamp}`);
    await desk.getByRole('button', { name: 'Submit' }).click();
    const reply = noteOn(desk, `The press office is the`);
    await reply.getByRole('link', { name: '#evidence' }).click();
    await desk.waitForURL(new RegExp(`code=pending&username=author&board=${ptitle}&tag=evidence$`));
    await desk.getByText(`No pending notes tagged #evidence on Tagged ${stamp}.`).waitFor();
    await tabs.getByRole('link', { name: 'Answered notes' }).click();
    await desk.waitForURL(
      new RegExp(`code=answered&username=author&board=${ptitle}&tag=evidence$`),
    );
    await entry(untagged).getByText(`The press office is the #evidence ${stamp}`).waitFor();

    // Dismissed, so the author's pending notes are as other tests find them.
    const [after] = await reader.post<
      { lists: { items: { notes: { _id: string; annotationClass: string }[] }[] }[] }[]
    >('/api/dbload/load_multilists', { addresses: [address] });
    const teacher = await apiAs(base, 'author');
    const notes = after!.lists.flatMap((l) => l.items.flatMap((i) => i.notes));
    for (const note of notes.filter((n) => n.annotationClass === 'note'))
      await teacher.post('/api/forms/set_note_status', { itemId: note._id, status: 'dismissed' });
  });
});
