/**
 * A board's notes as W3C Web Annotations: exported with exactly what the caller may see, and
 * imported back onto a copy of the board, note for note, passage for passage, thread for thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNO_CONTEXT,
  describeSelection,
  isTextTarget,
  quoteOf,
  type Item,
  type Multilist,
} from '@listboard/core';
import { Agent, createTestApp, matcher, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;
let course: Multilist;

const load = async (a: Agent, address: string): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: [address] })).json()[0]!;
const notesOf = (b: Multilist): Item[] => b.lists.flatMap((l) => l.items.flatMap((i) => i.notes));

async function exportFor(a: Agent, multilistId: string) {
  const res = await a.post('/api/forms/export_annotations', { multilistId, format: 'jsonld' });
  expect(res.statusCode, res.body).toBe(200);
  const file = res.json() as { filename: string; mediaType: string; content: string };
  return { file, doc: JSON.parse(file.content) as { first: { items: Record<string, unknown>[] } } };
}

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  demo = new Agent(t.app);
  await demo.signIn('demo');
  course = await load(author, '/author/course');
  const item = course.lists[1]!.items[0]!;
  const block = item.blocks.findIndex((b) => b.text.trim().length > 20);
  const text = item.blocks[block]!.text;
  const on = { listId: course.lists[1]!._id, itemId: item._id };
  const note = await reader.post('/api/forms/insert_note', {
    ...on,
    labels: [{ name: 'topic', value: 'sources' }],
    noteSpec: {
      text: 'Which *source*?',
      highlight: describeSelection(text, 3, 15, {
        blockId: item.blocks[block]!._id,
        blockIndex: block,
        version: item.version,
      }),
    },
  });
  await author.post('/api/forms/insert_note', {
    ...on,
    noteSpec: { text: 'The first one.', parentId: note.json().itemId },
  });
  await author.post('/api/forms/insert_anno', { ...on, annoSpec: { text: 'Read twice.' } });
  await demo.post('/api/forms/insert_note', {
    ...on,
    noteSpec: { text: 'demo keeps this to themself' },
    isPrivate: true,
  });
});
afterAll(async () => t.close());

describe('W3C Web Annotation export', () => {
  it('is a collection in the anno.jsonld context holding what the caller may see, with the passage’s selectors', async () => {
    const { file, doc } = await exportFor(reader, course._id);
    expect(file.filename).toBe('course-annotations.jsonld');
    expect(file.mediaType).toBe('application/ld+json');
    expect((JSON.parse(file.content) as { '@context': unknown })['@context']).toBe(ANNO_CONTEXT);
    const texts = doc.first.items.map((a) => (a.body as { value: string }[])[0]!.value);
    expect(texts).toEqual(
      expect.arrayContaining(['Which *source*?', 'The first one.', 'Read twice.']),
    );
    expect(texts).not.toContain('demo keeps this to themself');
    const note = doc.first.items.find(
      (a) => (a.body as { value: string }[])[0]!.value === 'Which *source*?',
    )!;
    expect(note.target).toMatchObject({
      source: matcher(expect.stringMatching(/\/author\/course#item-[0-9a-f-]{36}$/)),
      selector: [
        {
          type: 'TextQuoteSelector',
          exact: matcher(expect.any(String)),
          prefix: matcher(expect.any(String)),
        },
        { type: 'TextPositionSelector', start: 3, end: 15 },
      ],
    });
    expect(
      (await exportFor(demo, course._id)).doc.first.items.map(
        (a) => (a.body as { value: string }[])[0]!.value,
      ),
    ).toContain('demo keeps this to themself');
  });

  it('is refused for a board the caller cannot read, as if it did not exist', async () => {
    const res = await reader.post('/api/forms/export_annotations', {
      multilistId: '00000000-0000-4000-8000-000000000000',
      format: 'jsonld',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('W3C Web Annotation import', () => {
  it('round-trips onto a copy of the board: each note on the same item and words, replies under their notes', async () => {
    const { file, doc } = await exportFor(author, course._id);
    const json = await author.post('/api/forms/export_board', {
      multilistId: course._id,
      format: 'json',
    });
    const made = await author.post('/api/forms/load', {
      fileinfo: {
        name: 'copy.json',
        type: 'application/json',
        data: Buffer.from(json.json().content, 'utf8').toString('base64'),
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const copy = await load(author, `/${made.json().owner}/${made.json().ptitle}`);
    expect(notesOf(copy)).toHaveLength(0);
    const res = await author.post('/api/forms/import_annotations', {
      multilistId: copy._id,
      document: JSON.parse(file.content) as unknown,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: doc.first.items.length, skipped: [] });
    const after = await load(author, `/${made.json().owner}/${made.json().ptitle}`);
    const copied = after.lists[1]!.items[0]!;
    const original = (await load(author, '/author/course')).lists[1]!.items[0]!;
    const shape = (i: Item) =>
      i.notes
        .map((n) => ({
          text: n.text,
          kind: n.annotationClass,
          level: n.replyLevel,
          labels: n.labels,
          quote: isTextTarget(n.highlight) ? quoteOf(n.highlight).exact : null,
          parent: n.parentId ? i.notes.find((p) => p._id === n.parentId)?.text : null,
        }))
        .sort((a, b) => a.text.localeCompare(b.text));
    expect(shape(copied)).toEqual(shape(original));
    expect(shape(copied).some((n) => n.quote)).toBe(true);
  });

  it('writes a reader’s notes as their own, skips annotations they may not write, and refuses what is not annotations', async () => {
    const { doc } = await exportFor(author, course._id);
    const res = await reader.post('/api/forms/import_annotations', {
      multilistId: course._id,
      document: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { imported, skipped } = res.json() as { imported: number; skipped: { reason: string }[] };
    expect(skipped.map((s) => s.reason)).toContain('only the board’s authors write annotations');
    expect(imported).toBe(doc.first.items.length - skipped.length);
    const mine = notesOf(await load(reader, '/author/course')).filter(
      (n) => n.author === 'reader' && n.text === 'The first one.',
    );
    expect(mine).toHaveLength(1);
    // The same document again adds nothing: each note of the reader's is there already.
    const count = notesOf(await load(reader, '/author/course')).length;
    const again = await reader.post('/api/forms/import_annotations', {
      multilistId: course._id,
      document: doc,
    });
    expect(again.json().imported).toBe(0);
    // Every annotation skipped: those the reader may not write as before, the rest as there.
    const reasons = (again.json() as { skipped: { reason: string }[] }).skipped.map(
      (s) => s.reason,
    );
    const notThere = (r: string) => r !== 'already on this board';
    expect(reasons).toHaveLength(doc.first.items.length);
    expect(reasons.filter(notThere)).toEqual(skipped.map((s) => s.reason).filter(notThere));
    expect(notesOf(await load(reader, '/author/course'))).toHaveLength(count);
    const bad = await reader.post('/api/forms/import_annotations', {
      multilistId: course._id,
      document: { hello: 'world' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('This is not a W3C Web Annotation document.');
    const guest = new Agent(t.app);
    await guest.signInGuest();
    const refused = await guest.post('/api/forms/import_annotations', {
      multilistId: course._id,
      document: doc,
    });
    expect(refused.statusCode).toBe(403);
  });
});
