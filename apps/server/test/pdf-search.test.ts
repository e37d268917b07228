/**
 * Search finds an item by the words of the PDFs it shows: a handout's words are read when it is
 * uploaded (importers/pdf.ts `pdfWords`) and the item's search vector takes them in (migration
 * 0035), for as long as one of its blocks shows the file. What may be found is what may be seen:
 * the item's visibility decides, and a block naming a file its writer could not read shows it to
 * no one, so it brings none of its words either.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { must, type Multilist } from '@listboard/core';
import { uploads } from '../src/db/schema';
import { Agent, createTestApp, signedIn, type TestContext } from './harness';
import { makePdf } from './import-fixtures';
import { readEarlierPdfs } from '../src/services/media/pdf-backfill';
import { createFileStore } from '../src/storage';

let t: TestContext;
let dataDir: string;
let author: Agent;
let reader: Agent;
let demo: Agent;
const MIGRATION = path.resolve(import.meta.dirname, '../drizzle/0035_pdf_words.sql');
const VECTOR_MIGRATION = path.resolve(import.meta.dirname, '../drizzle/0036_pdf_words_vector.sql');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-pdf-search-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  [author, reader, demo] = await signedIn(t.app, 'author', 'reader', 'demo');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A PDF of these pages, one line each, uploaded as the browser does: presigned, PUT, recorded. */
async function uploadPdf(who: Agent, bucketPath: string, pages: string[]): Promise<string> {
  const body = makePdf(pages.map((text) => [{ text, size: 14, y: 700 }]));
  const signed = (await who.post('/api/upload/s3', { bucketPath, fileType: '' })).json<{
    url: string;
    headers: Record<string, string>;
  }>();
  const put = await t.app.inject({
    method: 'PUT',
    url: signed.url,
    headers: signed.headers,
    payload: body,
  });
  expect(put.statusCode, put.body).toBe(200);
  const rec = await who.post('/api/upload/record', { bucketPath, fileType: '', size: body.length });
  expect(rec.statusCode, rec.body).toBe(200);
  // The record answers what it always has: the PDF's words stay on the server.
  expect(rec.json()).not.toHaveProperty('words');
  return rec.json<{ url: string }>().url;
}

/** A listed board of `who`'s with one item of this text; its ids. */
async function boardWith(who: Agent, title: string, text: string) {
  const made = await who.post('/api/forms/insert_multilist', { titleText: title, listed: true });
  expect(made.statusCode, made.body).toBe(200);
  const { multilistId } = made.json<{ multilistId: string }>();
  const list = await who.post('/api/forms/insert_list', { multilistId, titleText: 'Week 1' });
  const { listId } = list.json<{ listId: string }>();
  const item = await who.post('/api/forms/insert_item', { listId, text });
  expect(item.statusCode, item.body).toBe(200);
  return { multilistId, listId, itemId: item.json<{ itemId: string }>().itemId };
}

/** The items a search for these words finds, as `who`, by their text. */
async function found(who: Agent, words: string): Promise<string[]> {
  const q = new URLSearchParams({ searchStr: words, users: 'all', bucket: 'none' });
  const res = await who.post('/api/dbload/load_search', {
    address: `/x/home;results?${q.toString()}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Multilist>().lists.flatMap((l) => l.items.map((i) => i.text));
}

describe('search reads the words of the PDFs an item shows', () => {
  it('finds a handout by a word on its second page, as long as an item shows it, and by a phrase', async () => {
    const url = await uploadPdf(author, 'author/enzymes.pdf', [
      'Week one handout',
      'Catalase speeds the breakdown of peroxide.',
    ]);
    const board = await boardWith(author, 'Enzymes', `Read before class.\n\n${url} ~ Handout`);
    const hit = (await found(reader, 'catalase')).join('\n');
    expect(hit).toContain('Read before class.');
    // The hit says where in the PDF the word is, its page and the words around it.
    expect(hit).toMatch(
      /In enzymes\\\.pdf, page 2: “Catalase speeds the breakdown of peroxide\\\.”/,
    );
    expect(hit).not.toContain('page 1:');
    expect((await found(reader, '"breakdown of peroxide"')).join('\n')).toContain(
      'Read before class.',
    );
    // The item's own words still count; found by them, it needs no word from its PDF.
    const own = (await found(reader, 'before class')).join('\n');
    expect(own).toContain('Read before class.');
    expect(own).not.toContain('In enzymes');
    // The item edited to show the PDF no more: its words go with it.
    const edit = await author.post('/api/forms/edit_item', {
      listId: board.listId,
      itemId: board.itemId,
      text: 'Read before class. Handout to follow.',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found(reader, 'catalase')).toEqual([]);
    // And shown again, found again.
    await author.post('/api/forms/edit_item', {
      listId: board.listId,
      itemId: board.itemId,
      text: `Read before class, again.\n\n${url} ~ Handout`,
    });
    expect((await found(reader, 'catalase')).join('\n')).toContain('Read before class, again.');
  });

  it('says where the words are when they are found in the PDF written with accents', async () => {
    const url = await uploadPdf(author, 'author/menu.pdf', [
      'Desserts',
      'Crème brûlée from the Straße café',
    ]);
    await boardWith(author, 'Menu', `Menu for Friday.\n\n${url}`);
    const line = /In menu\\\.pdf, page 2: “Crème brûlée from the Straße café”/;
    expect((await found(reader, 'creme brulee')).join('\n')).toMatch(line);
    expect((await found(reader, 'strasse')).join('\n')).toMatch(line);
    // An item whose own words hold the word, accents or not, needs no line.
    await boardWith(author, 'Café menu', `Menu of the cafe.\n\n${url}`);
    const own = await found(reader, 'café');
    expect(own.find((h) => h.includes('Menu of the cafe.'))).not.toContain('In menu');
    expect(own.find((h) => h.includes('Menu for Friday.'))).toMatch(line);
  });

  it('reads the words anew when the same file is uploaded again', async () => {
    const url = await uploadPdf(author, 'author/syllabus.pdf', ['Assessment: two essays']);
    await boardWith(author, 'Syllabus', `The syllabus.\n\n${url}`);
    expect((await found(reader, 'essays')).join('\n')).toContain('The syllabus.');
    await uploadPdf(author, 'author/syllabus.pdf', ['Assessment: one portfolio']);
    expect(await found(reader, 'essays')).toEqual([]);
    expect((await found(reader, 'portfolio')).join('\n')).toContain('The syllabus.');
  });

  it('finds nothing through an item its searcher may not see, nor a file its block may not show', async () => {
    const url = await uploadPdf(author, 'author/answers.pdf', ['Answer key: mitochondrion']);
    // In the author's private item: the author finds it, no reader does.
    const board = await boardWith(author, 'Answer key', 'Keys are below.');
    const key = await author.post('/api/forms/insert_item', {
      listId: board.listId,
      text: `Keys for the quiz.\n\n${url}`,
      isPrivate: true,
    });
    expect(key.statusCode, key.body).toBe(200);
    expect((await found(author, 'mitochondrion')).join('\n')).toContain('Keys for the quiz.');
    expect(await found(reader, 'mitochondrion')).toEqual([]);
    // A reader's own listed board naming that file, which they cannot read (no item they may see
    // shows it): it shows nothing,
    // so its words find nothing, for the reader or anyone else.
    await boardWith(reader, 'Borrowed key', `A key I found.\n\n${url}`);
    expect(await found(reader, 'mitochondrion')).toEqual([]);
    expect(await found(demo, 'mitochondrion')).toEqual([]);
    expect((await found(author, 'mitochondrion')).join('\n')).not.toContain('A key I found.');
  });

  it('reads, in the background, the words of a PDF recorded before they were kept', async () => {
    const url = await uploadPdf(author, 'author/earlier.pdf', ['Lab safety: goggles on']);
    // As the PDFs recorded before the words were kept are: none, and then migration 0035's
    // statement that marks them to be read.
    await t.database.db.update(uploads).set({ words: null });
    const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    await t.database.db.execute(sql.raw(statements[2]!));
    const unread = await t.database.db
      .select({ path: uploads.fullpath })
      .from(uploads)
      .where(eq(uploads.wordsRead, false));
    expect(unread.map((u) => u.path)).toContain('author/earlier.pdf');
    expect(unread.every((u) => u.path.endsWith('.pdf'))).toBe(true);
    await boardWith(author, 'Lab rules', `Rules for the lab.\n\n${url}`);
    expect(await found(reader, 'goggles')).toEqual([]);
    const store = createFileStore(t.config);
    expect(await readEarlierPdfs(t.database.db, store)).toBe(unread.length);
    expect((await found(reader, 'goggles')).join('\n')).toContain('Rules for the lab.');
    // Each is read once.
    expect(await readEarlierPdfs(t.database.db, store)).toBe(0);
  });

  it('keeps no words for a PDF that has none, or for other files', async () => {
    await uploadPdf(author, 'author/scan.pdf', ['']);
    const rows = await t.database.db
      .select({ words: uploads.words })
      .from(uploads)
      .where(eq(uploads.fullpath, 'author/scan.pdf'));
    expect(rows).toEqual([{ words: null }]);
  });

  it('reads a PDF’s words for search once, as they are stored, not at each edit of an item showing it', async () => {
    const url = await uploadPdf(author, 'author/reading.pdf', ['Photosynthesis in leaves']);
    const board = await boardWith(author, 'Reading', `This week's reading.\n\n${url}`);
    const vectorOf = async () =>
      (
        await t.database.db
          .select({ v: uploads.wordsVector })
          .from(uploads)
          .where(eq(uploads.fullpath, 'author/reading.pdf'))
      )[0]?.v;
    expect(await vectorOf()).toMatch(/'photosynthes/);
    // The item's edit takes the stored vector as it is: a vector written under the words (as
    // a stored one stands for them) is what the edited item is found by.
    await t.database.db.execute(
      sql`UPDATE uploads SET words_vector = to_tsvector('simple', 'chloroplast')
          WHERE fullpath = 'author/reading.pdf'`,
    );
    expect(await found(reader, 'chloroplast')).toEqual([]);
    const edit = await author.post('/api/forms/edit_item', {
      listId: board.listId,
      itemId: board.itemId,
      text: `This week's reading, due Friday.\n\n${url}`,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await found(reader, 'chloroplast')).join('\n')).toContain('due Friday');
    // New words stored make their vector anew, and the items showing the file are found by them.
    await t.database.db
      .update(uploads)
      .set({ words: 'Stomata open at dawn' })
      .where(eq(uploads.fullpath, 'author/reading.pdf'));
    expect(await vectorOf()).toMatch(/'stomat/);
    expect(await found(reader, 'chloroplast')).toEqual([]);
    expect((await found(reader, 'stomata')).join('\n')).toContain('due Friday');
    // The PDFs stored before the vectors were kept get theirs from migration 0036.
    await t.database.db.execute(sql`ALTER TABLE uploads DISABLE TRIGGER USER`);
    await t.database.db.update(uploads).set({ wordsVector: null });
    await t.database.db.execute(sql`ALTER TABLE uploads ENABLE TRIGGER USER`);
    const statements = fs.readFileSync(VECTOR_MIGRATION, 'utf8').split('--> statement-breakpoint');
    const fill = statements.find((s) => s.trim().startsWith('UPDATE'));
    await t.database.db.execute(sql.raw(must(fill, 'the migration’s UPDATE')));
    expect(await vectorOf()).toMatch(/'stomat/);
  });
});
