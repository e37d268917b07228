/**
 * Notes as an author meets them while a class reads: a reader's highlight and the Discussion
 * entry arrive without a reload; the entry names the item and quotes the words, and its link
 * opens the item at the flashed passage; an author's reply deep in a thread answers it; a note
 * whose words are edited away is kept under "Orphaned notes"; deleting the item warns first.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { apiAs, appUrl, more, notedItem, postAsPage, signIn, signOut } from './session';
import { dragAcross, selectItem, selectList, waitShowing } from './board-helpers';

const base = appUrl();
let authorB: Browser;
let readerB: Browser;
let author: Page;
let discussion: Page;
let reader: Page;
const BOARD = '/author/discussion-live';
const TEXT = 'Ask *who* published it, and **why** now.';
const WORDS = 'who published it, and why';
/**
 * The reader's question of the first test, on those words: new on each of its tries, since a
 * retry finds the first try's note there too.
 */
let question = '';

const card = (page: Page) =>
  page.getByRole('region', { name: 'Week 1' }).getByRole('article').first();
const noteForm = (page: Page) => page.getByRole('form', { name: 'Note' });

interface Board {
  _id: string;
  lists: {
    title: string;
    items: {
      _id: string;
      listId: string;
      owner: string;
      text: string;
      version: number;
      notes: { _id: string; text: string; author: string; noteStatus: string | null }[];
    }[];
  }[];
}
const firstItem = async (page: Page) =>
  (await postAsPage<Board[]>(page, base, '/api/dbload/load_multilists', { addresses: [BOARD] }))[0]!
    .lists[0]!.items[0]!;

beforeAll(async () => {
  [authorB, readerB] = await Promise.all([openBrowser(), openBrowser()]);
  author = authorB.page;
  reader = readerB.page;
  await Promise.all([signIn(author, base, 'author'), signIn(reader, base, 'reader')]);
  const post = (path: string, body: object) =>
    postAsPage<Record<string, string>>(author, base, path, body);
  const board = await post('/api/forms/insert_multilist', {
    titleText: 'Discussion Live',
    listed: true,
  });
  const { listId } = await post('/api/forms/insert_list', {
    multilistId: board.multilistId,
    titleText: 'Week 1',
  });
  await post('/api/forms/insert_item', { listId, text: TEXT });
  discussion = await authorB.context.newPage();
}, 90_000);
afterAll(async () => {
  await Promise.all([authorB.close(), readerB.close()]);
});

describe('notes live for the author', () => {
  it('a reader’s highlight and its Discussion entry reach the author without a reload; the entry’s link opens the item at the flashed passage', async () => {
    await author.goto(`${base}${BOARD}`);
    await card(author).waitFor();
    await discussion.goto(`${base}/author/home?code=pending&username=author`);
    await discussion.getByRole('heading', { name: 'Pending notes' }).first().waitFor();

    question = `Which publisher, and which year? ${Date.now().toString(36)}`;
    await reader.goto(`${base}${BOARD}`);
    await dragAcross(reader, card(reader), WORDS);
    await reader.getByRole('button', { name: 'Note', exact: true }).click();
    await noteForm(reader).getByLabel('Your note').fill(question);
    await noteForm(reader).getByRole('button', { name: 'Submit' }).click();
    await card(reader).locator('mark[data-note-id]').first().waitFor();

    // The author's open board draws the reader's highlight by itself: this note's, as a first
    // try's note has one on the same words.
    const noteId = (await firstItem(reader)).notes.find((n) => n.text === question)!._id;
    const marks = card(author).locator(`mark[data-note-id="${noteId}"]`);
    await marks.first().waitFor({ timeout: 10_000 });
    await expect(marks.allTextContents().then((t) => t.join(''))).resolves.toBe(WORDS);

    // The Discussion tab lists the new note by itself, with its item and its words.
    const entry = discussion.getByRole('article').filter({ hasText: question });
    await entry.waitFor({ timeout: 10_000 });
    await expect(entry.textContent()).resolves.toContain(WORDS);
    const link = entry.getByRole('link', { name: 'Ask who published it, and why now.' });
    await screenshot(discussion, 'live-discussion-entry');
    await link.click();
    await discussion.waitForURL(/discussion-live#note-/);
    await expect
      .poll(() => card(discussion).locator('mark.flash').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await screenshot(discussion, 'discussion-link-opened');
  });

  it('a note on any board of the author’s reaches their Discussion live, not only on boards it lists notes from or changed of late', async () => {
    const asAuthor = <T>(path: string, body: object) => postAsPage<T>(author, base, path, body);
    const old = await asAuthor<{ multilistId: string }>('/api/forms/insert_multilist', {
      titleText: `Last term ${Date.now().toString(36)}`,
      listed: true,
    });
    const { listId } = await asAuthor<{ listId: string }>('/api/forms/insert_list', {
      multilistId: old.multilistId,
      titleText: 'Week 12',
    });
    const { itemId } = await asAuthor<{ itemId: string }>('/api/forms/insert_item', {
      listId,
      text: 'The closing essay.',
    });
    // Twenty boards changed since: that one is not among the author's latest.
    const since: string[] = [];
    for (let n = 0; n < 20; n++) {
      const made = await asAuthor<{ multilistId: string }>('/api/forms/insert_multilist', {
        titleText: `This term ${String(n)}`,
      });
      since.push(made.multilistId);
    }
    try {
      await discussion.goto(`${base}/author/home?code=pending&username=author`);
      await discussion.getByRole('heading', { name: 'Pending notes' }).first().waitFor();
      const late = `Is the essay still due? ${Date.now().toString(36)}`;
      await postAsPage(reader, base, '/api/forms/insert_note', {
        listId,
        itemId,
        noteSpec: { text: late },
      });
      await discussion.getByRole('article').filter({ hasText: late }).waitFor({ timeout: 10_000 });
    } finally {
      for (const id of since) await asAuthor('/api/forms/delete_multilist', { multilistId: id });
    }
  });

  it('the Discussion of one board, opened from its Annotate menu, lists its notes alone; its tabs keep to it, and All boards shows them all', async () => {
    const stamp = Date.now().toString(36);
    const here = `On this board ${stamp}`;
    const elsewhere = `On another board ${stamp}`;
    const item = await firstItem(reader);
    await postAsPage(reader, base, '/api/forms/insert_note', {
      listId: item.listId,
      itemId: item._id,
      noteSpec: { text: here },
    });
    const { ptitle } = await notedItem(base, {
      title: `Elsewhere ${stamp}`,
      list: 'Week 1',
      item: 'Another reading.',
      note: elsewhere,
    });
    expect(ptitle).not.toBe('discussion-live');

    await author.goto(`${base}${BOARD}`);
    await card(author).waitFor();
    await more(author, 'Discussion of this board');
    await author.waitForURL(/code=pending&username=author&board=discussion-live$/);
    await author
      .getByRole('heading', { name: 'Pending notes: Discussion Live', exact: true })
      .waitFor();
    const entry = (text: string) => author.getByRole('article').filter({ hasText: text });
    await entry(here).waitFor();
    await expect(entry(elsewhere).count()).resolves.toBe(0);
    const tabs = author.getByRole('navigation', { name: 'Discussion' });
    await screenshot(author, 'discussion-one-board');

    await tabs.getByRole('link', { name: 'Dismissed notes' }).click();
    await author.waitForURL(/code=dismissed&username=author&board=discussion-live$/);
    await author
      .getByRole('heading', { name: 'Dismissed notes: Discussion Live', exact: true })
      .waitFor();
    await tabs.getByRole('link', { name: 'Pending notes' }).click();
    await entry(here).waitFor();
    await tabs.getByRole('link', { name: 'All boards' }).click();
    await author.waitForURL(/code=pending&username=author$/);
    await author.getByRole('heading', { name: 'Pending notes', exact: true }).waitFor();
    await entry(elsewhere).waitFor();
    await entry(here).waitFor();
  });

  it('the Discussion of one list (a week’s notes), opened from the Annotate menu with the list selected; All lists shows the board’s', async () => {
    const stamp = Date.now().toString(36);
    const title = `Weeks ${stamp}`;
    const weekOne = `About week one ${stamp}`;
    const weekTwo = `About week two ${stamp}`;
    const { ptitle } = await notedItem(base, {
      title,
      list: 'Week 1',
      item: 'Read chapter one.',
      note: weekOne,
    });
    const teacher = await apiAs(base, 'author');
    const student = await apiAs(base, 'reader');
    const shown = await teacher.post<{ _id: string }[]>('/api/dbload/load_multilists', {
      addresses: [`/author/${ptitle}`],
    });
    const { listId } = await teacher.post<{ listId: string }>('/api/forms/insert_list', {
      multilistId: shown[0]!._id,
      titleText: 'Week 2',
    });
    const { itemId } = await teacher.post<{ itemId: string }>('/api/forms/insert_item', {
      listId,
      text: 'Read chapter two.',
    });
    await student.post('/api/forms/insert_note', { listId, itemId, noteSpec: { text: weekTwo } });

    await author.goto(`${base}/author/${ptitle}`);
    await selectList(author, 'Week 2');
    await more(author, 'Discussion of this list');
    await author.waitForURL(
      new RegExp(`code=pending&username=author&board=${ptitle}&list=${listId}$`),
    );
    await author
      .getByRole('heading', { name: `Pending notes: ${title} · Week 2`, exact: true })
      .waitFor();
    const entry = (text: string) => author.getByRole('article').filter({ hasText: text });
    await entry(weekTwo).waitFor();
    await expect(entry(weekOne).count()).resolves.toBe(0);
    const tabs = author.getByRole('navigation', { name: 'Discussion' });
    await tabs.getByText(`On ${title} · Week 2 only.`).waitFor();
    await screenshot(author, 'discussion-one-list');
    await tabs.getByRole('link', { name: 'All lists' }).click();
    await author.waitForURL(new RegExp(`code=pending&username=author&board=${ptitle}$`));
    await entry(weekOne).waitFor();
    await entry(weekTwo).waitFor();
    // Dismissed, so the author's pending notes are as the tests after this one find them.
    const after = await teacher.post<{ lists: { items: { notes: { _id: string }[] }[] }[] }[]>(
      '/api/dbload/load_multilists',
      { addresses: [`/author/${ptitle}`] },
    );
    for (const note of after[0]!.lists.flatMap((l) => l.items.flatMap((i) => i.notes)))
      await teacher.post('/api/forms/set_note_status', { itemId: note._id, status: 'dismissed' });
  });

  it('a coauthor opens the Discussion of a board they coauthor from its Annotate menu, sees a new note come, and marks it answered, as the note then says', async () => {
    const stamp = Date.now().toString(36);
    const first = `Is the lab open on Friday? ${stamp}`;
    const title = `Shared lab ${stamp}`;
    const { ptitle } = await notedItem(base, {
      title,
      list: 'Week 1',
      item: 'Bring your notebook.',
      note: first,
    });
    const owner = await apiAs(base, 'author');
    await owner.post('/api/forms/add_coauthor', { title, owner: 'author', username: 'demo' });
    const b = await openBrowser();
    try {
      const page = b.page;
      await signIn(page, base, 'demo');
      await page.goto(`${base}/author/${ptitle}`);
      await page.getByRole('region', { name: 'Week 1' }).getByRole('article').first().waitFor();
      await more(page, 'Discussion of this board');
      await page.waitForURL(
        `${base}/demo/home?code=pending&username=demo&board=author%2F${ptitle}`,
      );
      await page.getByRole('heading', { name: `Pending notes: ${title}`, exact: true }).waitFor();
      const entry = (text: string) => page.getByRole('article').filter({ hasText: text });
      await waitShowing(entry(first));
      // A reader's new note on the board comes without a reload.
      const later = `And on Saturday? ${stamp}`;
      const reader = await apiAs(base, 'reader');
      const board = (
        await reader.post<Board[]>('/api/dbload/load_multilists', {
          addresses: [`/author/${ptitle}`],
        })
      )[0]!;
      const item = board.lists[0]!.items[0]!;
      await reader.post('/api/forms/insert_note', {
        listId: item.listId,
        itemId: item._id,
        noteSpec: { text: later },
      });
      await entry(later).waitFor({ timeout: 10_000 });
      await screenshot(page, 'discussion-coauthor');
      await entry(first).getByRole('button', { name: 'Mark answered', exact: true }).click();
      await entry(first).waitFor({ state: 'detached' });
      // The tabs keep to the board, as the coauthor's own listing.
      await page
        .getByRole('navigation', { name: 'Discussion' })
        .getByRole('link', { name: 'Answered notes' })
        .click();
      await page.waitForURL(/code=answered&username=demo&board=author%2F/);
      await entry(first).waitFor();
      await expect(entry(later).count()).resolves.toBe(0);
      // The note says who answered it: the board has more than one who may.
      await entry(first).getByText('by Demo Reader', { exact: true }).waitFor();
    } finally {
      await b.close();
      await owner.post('/api/forms/remove_coauthor', { title, owner: 'author', username: 'demo' });
    }
  });

  it('a Discussion past its newest notes links back to the newer ones, keeping to its board', async () => {
    // Each page holds 500 notes; past the last, none, and the way back.
    await author.goto(
      `${base}/author/home?code=pending&username=author&board=discussion-live&page=1`,
    );
    await author
      .getByRole('heading', { name: 'Pending notes: Discussion Live', exact: true })
      .waitFor();
    await author.getByText('No older ones.').waitFor();
    await expect(author.getByRole('article').count()).resolves.toBe(0);
    await author.getByRole('link', { name: 'Newer ones', exact: true }).click();
    await author.waitForURL(/code=pending&username=author&board=discussion-live$/);
    await author.getByRole('article').first().waitFor();
    await expect(author.getByText('No older ones.').count()).resolves.toBe(0);
  });

  it('the home’s Discussion card counts the notes waiting there, a new one too once the home is opened again', async () => {
    const item = await firstItem(reader);
    const ask = (text: string, isPrivate = false) =>
      postAsPage(reader, base, '/api/forms/insert_note', {
        listId: item.listId,
        itemId: item._id,
        noteSpec: { text: `${text} ${Date.now().toString(36)}` },
        isPrivate,
      });
    await ask('Waiting');
    await author.goto(`${base}/author/home`);
    const card = author
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: /^Discussion \d+ notes? waiting Notes from your readers$/ });
    await card.waitFor();
    // The badge's number, which the card's name says in words.
    const waiting = async () =>
      Number(
        /^(\d+) notes? waiting$/.exec(
          (await card.locator('.dashboard-count').getAttribute('title')) ?? '',
        )?.[1],
      );
    const before = await waiting();
    expect(before).toBeGreaterThan(0);
    await screenshot(author, 'dashboard-waiting');
    await ask('Counted');
    // A private note waits for no one: it is not counted.
    await ask('Not counted', true);
    await author.goto(`${base}${BOARD}`);
    await card.waitFor({ state: 'detached' });
    await author
      .getByRole('navigation', { name: 'Board tools' })
      .getByRole('button', { name: 'Home' })
      .click();
    await expect.poll(waiting).toBe(before + 1);
    await card.click();
    await author.waitForURL(/code=pending&username=author$/);
  });

  it('a link followed signed out stays open through the sign-in: the author lands on Discussion with the note, a reader on the board', async () => {
    const visitor = await openBrowser();
    try {
      const page = visitor.page;
      const signInHere = async (username: string) => {
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        const form = page.getByRole('form', { name: 'Sign in' });
        await form.getByLabel('User name').fill(username);
        await form.getByLabel('Password').fill('listboard');
        await form.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.locator('.user-name', { hasText: username }).waitFor();
      };
      // The link a new-note mail gives the author, opened in a browser not signed in.
      const mailed = `${base}/author/home?code=pending&username=author`;
      await page.goto(mailed);
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      await signInHere('author');
      await waitShowing(page.getByRole('article').filter({ hasText: question }));
      expect(page.url()).toBe(mailed);

      await signOut(page);
      await page.goto(`${base}${BOARD}`);
      await card(page).waitFor();
      await signInHere('reader');
      // The board is fetched again for the signed-in reader; the Note button comes with it.
      await expect
        .poll(() => page.getByRole('button', { name: 'Note', exact: true }).count(), {
          timeout: 10_000,
        })
        .toBe(1);
      expect(new URL(page.url()).pathname).toBe(BOARD);
    } finally {
      await visitor.close();
    }
  });

  it('an author’s reply deep in the thread answers the reader’s note', async () => {
    // A reader's note of its own, new on each try: a first try's replies would have answered the
    // note already.
    const n = Date.now().toString(36);
    const asked = `Which edition, and which printing? ${n}`;
    const again = `Or is the year enough? ${n}`;
    const item = await firstItem(reader);
    await postAsPage(reader, base, '/api/forms/insert_note', {
      listId: item.listId,
      itemId: item._id,
      noteSpec: { text: asked },
    });
    const root = (await firstItem(reader)).notes.find((note) => note.text === asked)!;
    expect(root.noteStatus).toBe('pending');
    // The reader replies to their own note; the author then replies to that reply.
    await reader.goto(`${base}${BOARD}`);
    const rootEntry = card(reader).locator('.note').filter({ hasText: asked });
    await rootEntry.getByRole('button', { name: 'Reply' }).click();
    const replyForm = reader.getByRole('form', { name: 'Reply' });
    await replyForm.getByLabel('Your reply').fill(again);
    await replyForm.getByRole('button', { name: 'Submit' }).click();
    await author.goto(`${base}${BOARD}`);
    const deep = card(author).locator('.note').filter({ hasText: again });
    await deep.waitFor({ timeout: 10_000 });
    await deep.getByRole('button', { name: 'Reply' }).click();
    const form = author.getByRole('form', { name: 'Reply' });
    await form.getByLabel('Your reply').fill('Both: see the imprint.');
    await form.getByRole('button', { name: 'Submit' }).click();
    const answered = card(author).locator('.note').filter({ hasText: asked });
    await answered.locator('.status-answered').waitFor({ timeout: 10_000 });
    // The reader sees it answered too.
    await reader.goto(`${base}${BOARD}`);
    await card(reader)
      .locator('.note')
      .filter({ hasText: asked })
      .locator('.status-answered')
      .waitFor();
  });

  it('a reader’s question after the answer brings the note back to the author’s Discussion, live', async () => {
    const n = Date.now().toString(36);
    const asked = `Is the preface part of the reading? ${n}`;
    const followUp = `And the footnotes (${n})?`;
    const item = await firstItem(reader);
    const { itemId } = await postAsPage<{ itemId: string }>(
      reader,
      base,
      '/api/forms/insert_note',
      {
        listId: item.listId,
        itemId: item._id,
        noteSpec: { text: asked },
      },
    );
    await postAsPage(author, base, '/api/forms/insert_note', {
      listId: item.listId,
      itemId: item._id,
      noteSpec: { text: `Yes, the preface too. ${n}`, parentId: itemId },
    });
    await discussion.goto(`${base}/author/home?code=pending&username=author`);
    await discussion.getByRole('heading', { name: 'Pending notes' }).first().waitFor();
    const entry = discussion.getByRole('article').filter({ hasText: asked });
    await expect(entry.count()).resolves.toBe(0);
    // The reader asks again, under the author's answer, by the Reply button.
    await reader.goto(`${base}${BOARD}`);
    const answer = card(reader)
      .locator('.note')
      .filter({ hasText: `Yes, the preface too. ${n}` });
    await answer.getByRole('button', { name: 'Reply' }).click();
    const replyForm = reader.getByRole('form', { name: 'Reply' });
    await replyForm.getByLabel('Your reply').fill(followUp);
    await replyForm.getByRole('button', { name: 'Submit' }).click();
    const mine = card(reader).locator('.note').filter({ hasText: asked });
    await mine.locator('.status-pending').first().waitFor({ timeout: 10_000 });
    // The author's Discussion, left open, lists the note again with the new question under it.
    await entry.waitFor({ timeout: 10_000 });
    await expect(entry.textContent()).resolves.toContain(followUp);
    await screenshot(discussion, 'discussion-asked-again');
  });

  it('on Discussion the author dismisses a pending note and takes it back with the info bar’s Undo', async () => {
    const offTopic = `When is the exam? ${Date.now().toString(36)}`;
    const item = await firstItem(reader);
    await postAsPage(reader, base, '/api/forms/insert_note', {
      listId: item.listId,
      itemId: item._id,
      noteSpec: { text: offTopic },
    });
    await discussion.goto(`${base}/author/home?code=pending&username=author`);
    const entry = discussion.getByRole('article').filter({ hasText: offTopic });
    await entry.getByRole('button', { name: 'Dismiss' }).click();
    await entry.waitFor({ state: 'detached', timeout: 10_000 });
    const info = discussion.getByRole('status', { name: 'Info bar' });
    await info.getByText('Note dismissed').waitFor();
    await info.getByRole('button', { name: 'Undo' }).click();
    await info.getByText('Note pending again').waitFor({ timeout: 10_000 });
    await entry.getByRole('button', { name: 'Dismiss' }).waitFor({ timeout: 10_000 });
    const back = (await firstItem(reader)).notes.find((n) => n.text === offTopic);
    expect(back?.noteStatus).toBe('pending');
  });

  it('a reply the author is writing on Discussion keeps its note and its words while new notes arrive above it, and answers that note', async () => {
    const n = Date.now().toString(36);
    const first = `Is chapter two on the exam? ${n}`;
    const item = await firstItem(reader);
    const ask = (text: string) =>
      postAsPage(reader, base, '/api/forms/insert_note', {
        listId: item.listId,
        itemId: item._id,
        noteSpec: { text },
      });
    await ask(first);
    await discussion.goto(`${base}/author/home?code=pending&username=author`);
    const entry = discussion.getByRole('article').filter({ hasText: first });
    await entry.getByRole('button', { name: 'Reply', exact: true }).click();
    const form = discussion.getByRole('form', { name: 'Reply' });
    const quote = form.getByRole('blockquote');
    await expect(quote.innerText()).resolves.toBe(first);
    const words = 'Yes, and chapter three.';
    await form.getByLabel('Your reply').fill(words);

    // Two more notes come in while the author types: each is listed first, above the one
    // being answered.
    for (const text of [`And the appendix? ${n}`, `Which edition? ${n}`]) {
      await ask(text);
      await discussion.getByRole('article').filter({ hasText: text }).waitFor({ timeout: 10_000 });
    }
    await expect(quote.innerText()).resolves.toBe(first);
    await expect(form.getByLabel('Your reply').inputValue()).resolves.toBe(words);
    await form.getByRole('button', { name: 'Submit' }).click();
    await entry.waitFor({ state: 'detached', timeout: 10_000 });

    // The reply is under the note it quoted, which it answered; the newer ones wait still.
    const notes = (await firstItem(reader)).notes;
    const answered = notes.find((note) => note.text === first)!;
    expect(answered.noteStatus).toBe('answered');
    expect(
      notes.filter((note) => note.text.includes(n) && note.noteStatus === 'pending'),
    ).toHaveLength(2);
    await discussion
      .getByRole('article')
      .filter({ hasText: `Which edition? ${n}` })
      .waitFor();
  });

  it('the author takes the notes away as W3C Web Annotations, and a reader imports them back as their own', async () => {
    // Every note on the item goes out and comes back: the tests' before, and those a first try
    // of this one imported (they stay).
    const notes = (await firstItem(author)).notes;
    await author.goto(`${base}${BOARD}`);
    await card(author).waitFor();
    await more(author, 'Export');
    const exportForm = author.getByRole('form', { name: 'Export board' });
    await exportForm
      .getByLabel('Format')
      .selectOption('Notes and annotations, W3C Web Annotation (.jsonld)');
    const [download] = await Promise.all([
      author.waitForEvent('download'),
      exportForm.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('discussion-live-annotations.jsonld');
    const file = fs.readFileSync(await download.path());
    const doc = JSON.parse(file.toString('utf8')) as { '@context': string; total: number };
    expect(doc['@context']).toBe('http://www.w3.org/ns/anno.jsonld');
    expect(doc.total).toBe(notes.length);

    await reader.goto(`${base}${BOARD}`);
    await card(reader).waitFor();
    await more(reader, 'Import notes');
    const importForm = reader.getByRole('form', { name: 'Import notes' });
    await importForm.getByLabel('Annotation file').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/ld+json',
      buffer: file,
    });
    await importForm.getByRole('button', { name: 'Import' }).click();
    await reader.getByText(/^Imported \d+ notes?\./).waitFor();
    // Every note of the file is now the reader's too, the author's reply under the reader's copy
    // of the thread; the reader's own notes were there already and are not written twice.
    const readers = async () =>
      (await firstItem(reader)).notes.filter((n) => n.author === 'reader').map((n) => n.text);
    await expect
      .poll(async () => {
        const mine = await readers();
        return notes.filter((n) => !mine.includes(n.text)).length;
      })
      .toBe(0);
    // The same file again adds nothing.
    const count = (await firstItem(reader)).notes.length;
    await more(reader, 'Import notes');
    await importForm.getByLabel('Annotation file').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/ld+json',
      buffer: file,
    });
    await importForm.getByRole('button', { name: 'Import' }).click();
    await reader.getByText(/^Imported 0 notes\. Left out \d+: already on this board\./).waitFor();
    expect((await firstItem(reader)).notes.length).toBe(count);
  });

  it('a note whose words are edited away is kept under Orphaned notes with its quote, and deleting the item warns of readers’ notes', async () => {
    // A first try of this test may have edited the words away: they are put back first, for the
    // notes to find them.
    const was = await firstItem(author);
    if (was.text !== TEXT) {
      await postAsPage(author, base, '/api/forms/edit_item', {
        itemId: was._id,
        text: TEXT,
        version: was.version,
      });
    }
    await reader.goto(`${base}${BOARD}`);
    await card(reader).locator('mark[data-note-id]').first().waitFor();
    const item = await firstItem(author);
    // As many readers' notes as the tests before left (each try of one that made some).
    const byReaders = item.notes.filter((note) => note.author !== item.owner).length;
    await postAsPage(author, base, '/api/forms/edit_item', {
      itemId: item._id,
      text: 'Ask about the source, and the date.',
      version: item.version,
    });
    const orphans = card(reader).getByRole('region', { name: 'Orphaned notes' });
    await orphans.waitFor({ timeout: 10_000 });
    await expect(orphans.textContent()).resolves.toContain(question);
    await expect(orphans.textContent()).resolves.toContain(WORDS);
    await expect(card(reader).locator('mark[data-note-id]').count()).resolves.toBe(0);
    await screenshot(reader, 'orphaned-notes');

    await author.goto(`${base}${BOARD}`);
    await selectItem(card(author));
    await author.keyboard.press('Control+Alt+i');
    const form = author.getByRole('form', { name: 'Delete this item and its notes?' });
    await expect(form.textContent()).resolves.toContain(
      `This item has ${byReaders} notes by readers.`,
    );
    await form.getByRole('button', { name: 'Cancel' }).click();
  });
});
