/**
 * A note at a moment of a recording (core MediaHighlight) or on a page of a PDF (PageHighlight):
 * kept with its block, given back with the board, refused when its span runs backwards or its
 * page is no page, written to the W3C Web Annotation file as a fragment and said in a listing's
 * files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSelection, type Multilist } from '@listboard/core';
import type { BoardInsight } from '@listboard/core/api/contracts/insight';
import { eq, sql } from 'drizzle-orm';
import { items } from '../src/db/schema';
import {
  Agent,
  boardWithItem,
  createTestApp,
  parseCsv,
  signedIn,
  writeNote,
  type TestContext,
} from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let board: Awaited<ReturnType<typeof boardWithItem>>;
let videoBlock: { id: string; index: number };

const loadBoard = async (a: Agent) => {
  const res = await a.post('/api/dbload/load_multilists', {
    addresses: [`/author/${board.ptitle}`],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Multilist[]>()[0]!;
};

beforeAll(async () => {
  t = await createTestApp();
  [author, reader] = await signedIn(t.app, 'author', 'reader');
  board = await boardWithItem(author, {
    title: 'Lecture notes',
    item: 'Watch the lecture.\n\n/media/lecture.webm ~ Lecture 1\n\n/media/reading-list.pdf ~ Reading list',
  });
  const item = (await loadBoard(author)).lists[0]!.items[0]!;
  const index = item.blocks.findIndex((b) => b.type === 'video');
  videoBlock = { id: item.blocks[index]!._id!, index };
});
afterAll(() => t.close());

describe('a note at a moment of a recording', () => {
  it('is kept with its recording’s block and given back with the board', async () => {
    const highlight = { startTime: 65.2, endTime: 65.2, block: videoBlock };
    const res = await reader.post('/api/forms/insert_note', {
      listId: board.listId,
      itemId: board.itemId,
      noteSpec: { text: 'Why does the chart start at 40?', highlight },
    });
    expect(res.statusCode, res.body).toBe(200);
    const note = (await loadBoard(author)).lists[0]!.items[0]!.notes.find(
      (n) => n.text === 'Why does the chart start at 40?',
    );
    expect(note?.highlight).toEqual(highlight);
  });

  it('refuses a span that ends before it starts, or past a thousand hours', async () => {
    for (const highlight of [
      { startTime: 9, endTime: 3 },
      { startTime: 3_600_001, endTime: 3_600_001 },
    ]) {
      const res = await reader.post('/api/forms/insert_note', {
        listId: board.listId,
        itemId: board.itemId,
        noteSpec: { text: 'Nowhere', highlight },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('goes to the W3C Web Annotation file as a media fragment of its item', async () => {
    const res = await author.get(
      `/api/export/annotations?board=${encodeURIComponent(`/author/${board.ptitle}`)}&format=jsonld`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toMatch(/"value": ?"t=65.2,65.2"/);
  });
});

describe('a note’s moment in a listing as a file', () => {
  it('is said in the Markdown after its writer, and in the CSV’s place', async () => {
    const address = `/author/home?code=pending&username=author&board=${board.ptitle}`;
    const md = await author.post('/api/dbload/export_listing', { address, format: 'md' });
    expect(md.statusCode, md.body).toBe(200);
    expect(md.json<{ content: string }>().content).toContain(
      'pending, at 1:05 of the recording:\n\nWhy does the chart start at 40?',
    );
    const csv = await author.post('/api/dbload/export_listing', { address, format: 'csv' });
    const rows = parseCsv(csv.json<{ content: string }>().content);
    const column = rows[0]!.indexOf('place');
    const row = rows.find((r) => r.at(-1) === 'Why does the chart start at 40?');
    expect(row?.[column]).toBe('at 1:05 of the recording');
  });
});

describe('a note on a page of a PDF', () => {
  it('is kept with its PDF’s block, refused on no page, and said in the Markdown', async () => {
    const item = (await loadBoard(author)).lists[0]!.items[0]!;
    const index = item.blocks.findIndex((b) => b.type === 'document');
    const highlight = { page: 3, block: { id: item.blocks[index]!._id!, index } };
    const res = await reader.post('/api/forms/insert_note', {
      listId: board.listId,
      itemId: board.itemId,
      noteSpec: { text: 'Is this table from 2020?', highlight },
    });
    expect(res.statusCode, res.body).toBe(200);
    const note = (await loadBoard(author)).lists[0]!.items[0]!.notes.find(
      (n) => n.text === 'Is this table from 2020?',
    );
    expect(note?.highlight).toEqual(highlight);
    const none = await reader.post('/api/forms/insert_note', {
      listId: board.listId,
      itemId: board.itemId,
      noteSpec: { text: 'No page', highlight: { page: 0 } },
    });
    expect(none.statusCode, none.body).toBe(400);
    const md = await author.post('/api/dbload/export_listing', {
      address: `/author/home?code=pending&username=author&board=${board.ptitle}`,
      format: 'md',
    });
    expect(md.json<{ content: string }>().content).toContain(
      'pending, on page 3 of the PDF:\n\nIs this table from 2020?',
    );
  });
});

describe('Insight’s most noted places', () => {
  it('counts the moments of a recording by the half minute, and a PDF’s pages, beside the passages', async () => {
    const [demo] = await signedIn(t.app, 'demo');
    for (const [who, startTime] of [
      [demo, 70],
      [demo, 89.9],
      [reader, 95],
    ] as const) {
      const res = await who.post('/api/forms/insert_note', {
        listId: board.listId,
        itemId: board.itemId,
        noteSpec: { text: `Lost at ${startTime}?`, highlight: { startTime, endTime: startTime } },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await author.post('/api/forms/board_insight', { multilistId: board.multilistId });
    expect(res.statusCode, res.body).toBe(200);
    const places = res
      .json<BoardInsight>()
      .confusion.map((p) => [p.place, p.quote, p.notes, p.questions]);
    expect(places).toEqual([
      // 65.2, 70 and 89.9: three notes, all questions.
      ['at 1:00–1:30 of the recording', '', 3, 3],
      ['at 1:30–2:00 of the recording', '', 1, 1],
      ['on page 3 of the PDF', '', 1, 1],
    ]);
  });

  it('counts a place stored beyond any recording, within a hair of 0, or not as a number, without failing', async () => {
    for (const highlight of [
      { startTime: 1e308, endTime: 1e308 },
      // The smallest numbers there are: a half minute of them is below what a float can hold.
      { startTime: 5e-324, endTime: 5e-324 },
      { startTime: 1e-310, endTime: 1 },
      { page: 5e-324 },
      { startTime: 'soon', endTime: 'later' },
      { page: 'two' },
      { page: 1e308 },
      // Past any float, as only the database can hold it.
      sql`'{"startTime": 1e400, "endTime": 1e400}'::jsonb`,
      sql`'{"page": 1e400}'::jsonb`,
    ]) {
      const id = await writeNote(reader, board, { text: 'Far out' });
      await t.database.db.update(items).set({ highlight }).where(eq(items.id, id));
      const res = await author.post('/api/forms/board_insight', { multilistId: board.multilistId });
      expect(res.statusCode, `${JSON.stringify(highlight)}: ${res.body}`).toBe(200);
    }
  });
});

describe('a note on words of a PDF’s page', () => {
  it('keeps the words with their page, says both in the Markdown, and is counted at its page in Insight', async () => {
    const item = (await loadBoard(author)).lists[0]!.items[0]!;
    const index = item.blocks.findIndex((b) => b.type === 'document');
    const highlight = {
      ...describeSelection('Table 2: enrolment by year', 0, 7, {
        blockId: item.blocks[index]!._id!,
        blockIndex: index,
        version: item.version,
      }),
      page: 2,
    };
    const text = 'Which year is missing here?';
    const res = await reader.post('/api/forms/insert_note', {
      listId: board.listId,
      itemId: board.itemId,
      noteSpec: { text, highlight },
    });
    expect(res.statusCode, res.body).toBe(200);
    const note = (await loadBoard(author)).lists[0]!.items[0]!.notes.find((n) => n.text === text);
    expect(note?.highlight).toEqual(highlight);
    const md = await author.post('/api/dbload/export_listing', {
      address: `/author/home?code=pending&username=author&board=${board.ptitle}`,
      format: 'md',
    });
    expect(md.json<{ content: string }>().content).toMatch(
      /> Table 2\n\n\*\*Sam Lee\*\* \(reader\), [^\n]*, on page 2 of the PDF:\n\nWhich year is missing here\?/,
    );
    const insight = await author.post('/api/forms/board_insight', {
      multilistId: board.multilistId,
    });
    expect(
      insight.json<BoardInsight>().confusion.map((p) => [p.quote, p.place, p.notes]),
    ).toContainEqual(['Table 2', 'on page 2 of the PDF', 1]);
  });
});
