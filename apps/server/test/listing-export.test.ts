/**
 * A listing of notes as a file (`/api/dbload/export_listing`): Markdown and CSV of the notes the
 * listing's page shows, narrowed as its address asks, each with the replies its caller may read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  boardWithItem,
  createTestApp,
  parseCsv,
  writeNote,
  type TestContext,
} from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;
let board: Awaited<ReturnType<typeof boardWithItem>>;

const exportOf = (a: Agent, address: string, format: 'md' | 'csv') =>
  a.post('/api/dbload/export_listing', { address, format });
const readerNotes = (narrow = '') => `/reader/home?code=notes&username=reader${narrow}`;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  demo = new Agent(t.app);
  await demo.signIn('demo');
  board = await boardWithItem(author, {
    title: 'Essay sources',
    item: 'Read the first chapter of the report.',
  });
  const write = (who: Agent, noteSpec: Parameters<typeof writeNote>[2], more = {}) =>
    writeNote(who, board, noteSpec, more);
  const quoted = await write(reader, {
    text: 'Who paid for the survey? #evidence',
    highlight: {
      block: null,
      version: null,
      selector: [
        { type: 'TextQuoteSelector', exact: 'the first chapter', prefix: 'Read ', suffix: ' of' },
      ],
    },
  });
  await write(reader, { text: '=SUM(1,2) is how the table adds up. #evidence' });
  await write(reader, { text: 'A thought with no tag.' });
  await write(author, { text: 'Page 4 says: the ministry.', parentId: quoted });
  await write(demo, { text: 'Mine alone #evidence', parentId: quoted }, { isPrivate: true });
  await write(demo, { text: 'A private note of mine #evidence' }, { isPrivate: true });
});
afterAll(() => t.close());

describe('a listing of notes as a file', () => {
  it('Markdown: the reader’s own notes with a tag, each under where it is, with its quote and the replies they may read', async () => {
    const res = await exportOf(reader, readerNotes('&tag=evidence'), 'md');
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json<{ filename: string; mediaType: string; content: string }>();
    expect(file.filename).toBe('reader-notes-evidence.md');
    expect(file.mediaType).toBe('text/markdown');
    const md = file.content;
    expect(md.split('\n')[0]).toBe('# Notes (#evidence)');
    expect(md).toContain('reader: 2 in 1 week. Exported from Listboard on ');
    // Where each is: its board and item, linked whole.
    expect(md).toMatch(
      /### On \[Essay sources\]\(http:\/\/[^)]+\/author\/home;essay-sources\): \[Read the first chapter of the report\\\.\]\(http:\/\/[^)]+#note-[0-9a-f-]+\)/,
    );
    expect(md).toContain('> the first chapter');
    expect(md).toMatch(
      /\*\*Sam Lee\*\* \(reader\), \d{4}-\d\d-\d\d \d\d:\d\d UTC, answered:\n\nWho paid for the survey\? #evidence/,
    );
    expect(md).toMatch(
      /- \*\*Maya Ortiz\*\* \(author\), \d{4}-\d\d-\d\d \d\d:\d\d UTC: Page 4 says: the ministry\./,
    );
    expect(md).toContain('=SUM(1,2) is how the table adds up. #evidence');
    // Not what the tag leaves out, nor another's private reply or note.
    expect(md).not.toContain('A thought with no tag.');
    expect(md).not.toContain('Mine alone');
    expect(md).not.toContain('A private note of mine');
  });

  it('CSV: one row for each note and reply, a formula never one', async () => {
    const res = await exportOf(reader, readerNotes('&tag=evidence'), 'csv');
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json<{ filename: string; mediaType: string; content: string }>();
    expect(file.filename).toBe('reader-notes-evidence.csv');
    const [header, ...records] = parseCsv(file.content);
    const rows = records.map((r) => Object.fromEntries(r.map((cell, i) => [header![i]!, cell])));
    expect(rows.map((r) => [r.kind, r.writer, r.words])).toEqual([
      ['note', 'reader', "'=SUM(1,2) is how the table adds up. #evidence"],
      ['note', 'reader', 'Who paid for the survey? #evidence'],
      ['reply', 'author', 'Page 4 says: the ministry.'],
    ]);
    const asked = rows[1]!;
    expect(asked.on).toBe('On Essay sources: Read the first chapter of the report.');
    expect(asked.link).toMatch(/^http:\/\/[^/]+\/author\/home;essay-sources#note-/);
    expect(asked.quote).toBe('the first chapter');
    expect(asked.tags).toBe('#evidence');
    expect(asked.status).toBe('answered');
    expect(asked.name).toBe('Sam Lee');
  });

  it('the teacher’s Discussion of the board, and its writer’s own private note to its writer alone', async () => {
    const res = await exportOf(
      author,
      `/author/home?code=myNotes&username=author&board=${board.ptitle}`,
      'md',
    );
    expect(res.statusCode, res.body).toBe(200);
    const md = res.json<{ content: string }>().content;
    expect(md.split('\n')[0]).toBe('# My notes: Essay sources');
    expect(md).toContain('A thought with no tag.');
    expect(md).not.toContain('Mine alone');
    expect(md).not.toContain('A private note of mine');
    const own = await exportOf(demo, '/demo/home?code=notes&username=demo', 'md');
    expect(own.json<{ content: string }>().content).toContain('A private note of mine #evidence');
  });

  it('refuses what is no listing of notes, another’s listing, and no one signed in', async () => {
    expect(
      (await exportOf(author, '/author/home?code=myBoards&username=author', 'md')).json(),
    ).toEqual({
      error: 'Only a listing of notes is exported: open Discussion, My notes or Notes.',
    });
    expect(
      (await exportOf(author, '/author/home?searchStr=survey&by=text&users=all', 'csv')).statusCode,
    ).toBe(400);
    expect((await exportOf(reader, readerNotes('&tag=1st'), 'md')).statusCode).toBe(400);
    expect(
      (await exportOf(reader, '/author/home?code=pending&username=author', 'md')).statusCode,
    ).toBe(403);
    expect((await exportOf(new Agent(t.app), readerNotes(), 'md')).statusCode).toBe(401);
  });
});
