/**
 * Export (Markdown, HTML, JSON) and dumps (board, clips): each file, loaded through
 * /api/forms/load into a fresh Listboard, gives back the same board.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
/** A second installation with its own database: where exported files are opened. */
let fresh: TestContext;
let author: Agent;
let reader: Agent;
let admin: Agent;
let freshReader: Agent;
let freshAdmin: Agent;
let board: Multilist;

const load = async (a: Agent, address: string): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: [address] })).json()[0]!;

interface Exported {
  filename: string;
  mediaType: string;
  content: string;
}
async function exportAs(a: Agent, multilistId: string, format: string): Promise<Exported> {
  const res = await a.post('/api/forms/export_board', { multilistId, format });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function loadFile(a: Agent, name: string, content: string, type?: string) {
  return a.post('/api/forms/load', {
    fileinfo: { name, type, data: Buffer.from(content, 'utf8').toString('base64') },
  });
}
/** The board's dump, read by the admin of its installation, without whose and what it is called. */
async function content(a: Agent, multilistId: string) {
  const res = await a.post('/api/forms/dump_multilists', { multilistId });
  expect(res.statusCode, res.body).toBe(200);
  const { owner: _owner, ...rest } = res.json();
  return rest;
}

beforeAll(async () => {
  [t, fresh] = await Promise.all([createTestApp(), createTestApp()]);
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  admin = new Agent(t.app);
  await admin.signIn('admin');
  freshReader = new Agent(fresh.app);
  await freshReader.signIn('reader');
  freshAdmin = new Agent(fresh.app);
  await freshAdmin.signIn('admin');

  // The sample course, made richer: a marker, a format, labels, code, math, a heading in an item.
  const course = await load(author, '/author/course');
  const week = course.lists[0]!;
  const video = week.items[0]!._id;
  await author.post('/api/forms/add_media_marker', { itemId: video, title: 'Intro', timecode: 5 });
  await author.post('/api/display/update_item', {
    query: { _id: week.items[1]!._id },
    doc: { $set: { bgcolor: 'yellow', fontSizeName: 'large' } },
  });
  await author.post('/api/forms/edit_item_labels', {
    itemId: course.lists[1]!.items[0]!._id,
    labels: [{ name: 'habit', value: '1' }],
  });
  await author.post('/api/forms/insert_list', {
    multilistId: course._id,
    titleText: 'Extras -- and more',
    itemText: [
      '## A heading inside an item\n\nwith a paragraph after it',
      '```js\nconst a = 1;\n\nconst b = 2;\n```',
      '$$\\int_0^1 x\\,dx$$',
      '<!-- not a marker --> and **bold** -->',
    ].join('\n\n'),
  });
  board = await load(author, '/author/course');
});
afterAll(async () => Promise.all([t.close(), fresh.close()]));

describe('export', () => {
  it.each(['md', 'html', 'json'])(
    'a %s export opens in a fresh Listboard as the same board',
    async (format) => {
      const file = await exportAs(reader, board._id, format);
      expect(file.filename).toBe(`author-course.${format}`);
      const res = await loadFile(freshReader, file.filename, file.content, file.mediaType);
      expect(res.statusCode, res.body).toBe(200);
      const made = res.json();
      expect(made).toMatchObject({ owner: 'reader', title: 'course', lists: 4 });
      expect(await content(freshAdmin, made.multilistId)).toEqual(await content(admin, board._id));
      await freshReader.post('/api/forms/delete_multilist', { multilistId: made.multilistId });
    },
  );

  it('writes Markdown with lists as sections, items in order and media as links', async () => {
    const { content: md, mediaType } = await exportAs(reader, board._id, 'md');
    expect(mediaType).toBe('text/markdown');
    const headings = md.split('\n').filter((l) => /^## /.test(l));
    expect(headings).toEqual([
      '## Week',
      '## Tip',
      '## Prompt',
      '## Extras -- and more',
      '## A heading inside an item',
    ]);
    expect(md).toMatch(
      /\[video: Lecture 1: sources\]\(http:\/\/localhost:\d+\/media\/lecture\.webm\)/,
    );
    expect(md).toMatch(
      /\[audio: Interview with a fact-checker\]\(http:\/\/[^)]+\/interview\.ogg\)/,
    );
    const order = [
      'Who is speaking?',
      'How is it framed?',
      'What is the evidence?',
      'Writing it up',
    ];
    const at = order.map((s) => md.indexOf(s));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('writes a self-contained HTML page that runs no script', async () => {
    const { content: html, mediaType } = await exportAs(reader, board._id, 'html');
    expect(mediaType).toBe('text/html');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<link\b|<script(?![^>]*type="application\/json")/);
    expect(html).toContain('<section aria-label="Week"><h2>Week</h2>');
    expect(html).toMatch(/<a href="http:\/\/localhost:\d+\/media\/lecture\.webm">video: Lecture 1/);
    // Item HTML is escaped, not passed through.
    expect(html).toContain('&lt;!-- not a marker --&gt;');
    // The data block cannot be closed early by text in the board.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('keeps a reader out of a board behind a password until it is opened', async () => {
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Locked notes' })
    ).json();
    await author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Secret',
      itemText: 'the answer',
    });
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: made.multilistId,
      password: 'sesame',
    });
    const refused = await reader.post('/api/forms/export_board', {
      multilistId: made.multilistId,
      format: 'md',
    });
    expect(refused.statusCode).toBe(403);
    await reader.post('/api/forms/board_password', {
      multilistId: made.multilistId,
      password: 'sesame',
    });
    expect((await exportAs(reader, made.multilistId, 'md')).content).toContain('the answer');
  });

  it('leaves out items only their owner may see, except for the owner', async () => {
    const made = (await author.post('/api/forms/insert_multilist', { titleText: 'Mixed' })).json();
    await author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'L',
      itemText: 'open item\n\nprivate item',
    });
    await t.database.db.execute(
      sql`update items set is_private = true where multilist_id = ${made.multilistId} and text = 'private item'`,
    );
    expect((await exportAs(reader, made.multilistId, 'md')).content).not.toContain('private item');
    const own = await exportAs(author, made.multilistId, 'json');
    expect(
      (JSON.parse(own.content) as { lists: { items: unknown[] }[] }).lists[0]!.items[1],
    ).toMatchObject({
      text: 'private item',
      isPrivate: true,
    });
  });

  it('is refused to the shared guest account', async () => {
    const guest = new Agent(t.app);
    await guest.signInGuest();
    const res = await guest.post('/api/forms/export_board', {
      multilistId: board._id,
      format: 'md',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('dumps load back', () => {
  it('a board dump loads into an identical board', async () => {
    const dump = await admin.post('/api/forms/dump_multilists', { multilistId: board._id });
    const res = await loadFile(freshAdmin, 'course.json', dump.body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ owner: 'admin', title: 'course' });
    expect(await content(freshAdmin, res.json().multilistId)).toEqual(
      await content(admin, board._id),
    );
  });

  it('a clips dump loads into a board whose clips are the same', async () => {
    const clips = await admin.post('/api/forms/dump_clips_list', { multilistId: board._id });
    const res = await loadFile(freshAdmin, 'course-clips.json', clips.body);
    expect(res.statusCode, res.body).toBe(200);
    const again = await freshAdmin.post('/api/forms/dump_clips_list', {
      multilistId: res.json().multilistId,
    });
    const strip = (list: Record<string, unknown>[]) =>
      list.map(({ itemId: _i, blockId: _b, ...rest }) => rest);
    expect(strip(again.json())).toEqual(strip(clips.json()));
    expect(clips.json().length).toBe(2);
  });

  it('loaded by someone else, names the writer’s uploads by their full address; by the writer, as written', async () => {
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Uploads travel' })
    ).json();
    await author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Week 1',
      itemText: [
        'lecture.mp4 0:30-0:50 ~ Lecture one',
        'diagram.png',
        '```\nclip.mp4\n```',
        'https://example.org/talk.mp4',
      ].join('\n\n'),
    });
    const texts = async (id: string) => {
      const dump = (await admin.post('/api/forms/dump_multilists', { multilistId: id })).json<{
        lists: { items: { text: string }[] }[];
      }>();
      return dump.lists[0]?.items.map((i) => i.text);
    };
    for (const format of ['json', 'md'] as const) {
      const file = await exportAs(author, made.multilistId, format);
      const theirs = await loadFile(reader, file.filename, file.content, file.mediaType);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(await texts(theirs.json().multilistId), format).toEqual([
        '/files/author/lecture.mp4 0:30-0:50 ~ Lecture one',
        '/files/author/diagram.png',
        '```\nclip.mp4\n```',
        'https://example.org/talk.mp4',
      ]);
      const own = await loadFile(author, file.filename, file.content, file.mediaType);
      expect(await texts(own.json().multilistId), format).toEqual(await texts(made.multilistId));
    }
  });

  it('says what is wrong with a file that is not a dump', async () => {
    const bad = await loadFile(freshReader, 'broken.json', '{"format": "listboard-dump",');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('broken.json is not valid JSON.');
    const other = await loadFile(freshReader, 'other.json', '{"hello": "world"}');
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatch(/^other\.json is not a readable Listboard dump \(format:/);
    const md = await loadFile(freshReader, 'notes.md', '# Plain\n\nJust a paragraph.');
    expect(md.statusCode).toBe(200);
    expect(md.json()).toMatchObject({ lists: 1, items: 1 });
  });
});
