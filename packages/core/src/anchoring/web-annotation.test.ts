import { describe, expect, it } from 'vitest';
import { describeSelection } from './selectors';
import {
  ANNO_CONTEXT,
  readWebAnnotations,
  toAnnotationCollection,
  type ExportedNote,
} from './web-annotation';

const BOARD = 'https://lb.example/author/course';
const ITEM = '11111111-1111-4111-8111-111111111111';
const base: Omit<ExportedNote['note'], '_id' | 'text' | 'annotationClass'> = {
  author: 'reader',
  hint: 'Rea Der',
  created: '2026-11-01T10:00:00.000Z',
  modified: '2026-11-01T10:00:00.000Z',
  annoLabel: null,
  noteStatus: null,
  isPrivate: false,
  groupName: null,
  labels: [],
  highlight: null,
  parentId: null,
};
const passage = describeSelection('Ask who published it and why.', 4, 20, {
  blockId: 'b1',
  blockIndex: 0,
  version: 3,
});
const notes: ExportedNote[] = [
  {
    note: {
      ...base,
      _id: 'n1',
      text: 'What about *funding*? #Question #sources',
      annotationClass: 'note',
      noteStatus: 'pending',
      groupName: 'Seminar',
      labels: [
        { name: 'topic', value: 'sources' },
        { name: 'q', value: '' },
      ],
      highlight: passage,
    },
    item: { _id: ITEM, listIndex: 1, index: 0 },
  },
  {
    note: {
      ...base,
      _id: 'n2',
      author: 'author',
      text: 'See the imprint.',
      annotationClass: 'reply',
      parentId: 'n1',
    },
    item: { _id: ITEM, listIndex: 1, index: 0 },
  },
  {
    note: {
      ...base,
      _id: 'n3',
      author: 'author',
      text: 'Watch this part.',
      annotationClass: 'anno',
      annoLabel: '2',
      isPrivate: true,
      highlight: { startTime: 12.5, endTime: 30 },
    },
    item: { _id: ITEM, listIndex: 1, index: 0 },
  },
];

describe('W3C Web Annotation', () => {
  const doc = toAnnotationCollection({ title: 'Course', url: BOARD }, notes) as {
    '@context': string;
    first: { items: Record<string, unknown>[] };
  };

  it('exports a collection in the anno.jsonld context, each note with its selectors, creator and target', () => {
    expect(doc['@context']).toBe(ANNO_CONTEXT);
    const [note, reply, media] = doc.first.items;
    expect(note).toMatchObject({
      type: 'Annotation',
      id: `${BOARD}#note-n1`,
      motivation: 'commenting',
      creator: { type: 'Person', nickname: 'reader', name: 'Rea Der' },
      target: {
        source: `${BOARD}#item-${ITEM}`,
        selector: [
          {
            type: 'TextQuoteSelector',
            exact: 'who published it',
            prefix: 'Ask ',
            suffix: ' and why.',
          },
          { type: 'TextPositionSelector', start: 4, end: 20 },
        ],
      },
    });
    // Its labels and its tags, each a tagging body.
    expect(note!.body).toEqual([
      expect.objectContaining({ value: 'What about *funding*? #Question #sources' }),
      { type: 'TextualBody', value: 'topic: sources', purpose: 'tagging' },
      { type: 'TextualBody', value: 'q', purpose: 'tagging' },
      { type: 'TextualBody', value: 'question', purpose: 'tagging' },
      { type: 'TextualBody', value: 'sources', purpose: 'tagging' },
    ]);
    expect(reply).toMatchObject({ motivation: 'replying', target: `${BOARD}#note-n1` });
    expect(media!.target).toMatchObject({
      selector: [{ type: 'FragmentSelector', value: 't=12.5,30' }],
    });
  });

  it('reads its own export back: kind, text, tags, status, privacy, group, passage and thread', () => {
    const back = readWebAnnotations(JSON.parse(JSON.stringify(doc)));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.skipped).toEqual([]);
    const [n, r, m] = back.value;
    expect(n).toEqual({
      id: `${BOARD}#note-n1`,
      kind: 'note',
      text: 'What about *funding*? #Question #sources',
      // Its tags are in its words: not labels as well.
      labels: [
        { name: 'topic', value: 'sources' },
        { name: 'q', value: '' },
      ],
      isPrivate: false,
      groupName: 'Seminar',
      annoLabel: null,
      status: 'pending',
      highlight: passage,
      item: { id: ITEM, list: 1, index: 0 },
      parent: null,
    });
    expect(r).toMatchObject({ kind: 'reply', parent: `${BOARD}#note-n1`, item: null });
    expect(m).toMatchObject({
      kind: 'anno',
      annoLabel: '2',
      isPrivate: true,
      highlight: { startTime: 12.5, endTime: 30 },
    });
  });

  it('reads an annotation from another tool as a reader’s note on the item its source names', () => {
    const back = readWebAnnotations({
      '@context': ANNO_CONTEXT,
      id: 'https://elsewhere.example/a/1',
      type: 'Annotation',
      bodyValue: 'Nice point',
      target: {
        source: `${BOARD}#item-${ITEM}`,
        selector: { type: 'TextQuoteSelector', exact: 'why', prefix: 'and ', suffix: '.' },
      },
    });
    expect(back.ok && back.value[0]).toMatchObject({
      kind: 'note',
      text: 'Nice point',
      item: { id: ITEM, list: null, index: null },
      highlight: { block: null, version: null, selector: [{ exact: 'why' }] },
    });
  });

  it('refuses what is not an annotation document, and skips a malformed annotation by its place', () => {
    expect(readWebAnnotations({ hello: 'world' })).toEqual({
      ok: false,
      error: 'This is not a W3C Web Annotation document.',
    });
    const back = readWebAnnotations([{ type: 'Annotation' }, doc.first.items[0]]);
    expect(back.ok && back.skipped).toEqual([{ at: 0, reason: 'not a well-formed annotation' }]);
    expect(back.ok && back.value).toHaveLength(1);
  });
});

describe('W3C Web Annotation: a note on a PDF’s page', () => {
  it('goes out as the PDF open parameter `page=2`, and reads back as that page', () => {
    const doc = toAnnotationCollection({ title: 'Course', url: BOARD }, [
      {
        note: { ...notes[0]!.note, _id: 'p1', text: 'The table here.', highlight: { page: 2 } },
        item: { _id: ITEM, listIndex: 1, index: 0 },
      },
    ]) as { first: { items: Record<string, unknown>[] } };
    expect(doc.first.items[0]!.target).toMatchObject({
      selector: [
        {
          type: 'FragmentSelector',
          conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
          value: 'page=2',
        },
      ],
    });
    const back = readWebAnnotations(JSON.parse(JSON.stringify(doc)));
    expect(back.ok && back.value[0]!.highlight).toEqual({ page: 2 });
  });
  it('writes words on a page as that page refined by the words, and reads them back so', () => {
    const words = { ...describeSelection('Table 2: results', 0, 7, { blockIndex: 1 }), page: 3 };
    const doc = toAnnotationCollection({ title: 'Course', url: BOARD }, [
      {
        note: { ...notes[0]!.note, _id: 'p2', text: 'Which table?', highlight: words },
        item: { _id: ITEM, listIndex: 1, index: 0 },
      },
    ]) as { first: { items: Record<string, unknown>[] } };
    expect(doc.first.items[0]!.target).toMatchObject({
      selector: [
        {
          type: 'FragmentSelector',
          conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
          value: 'page=3',
          refinedBy: [
            { type: 'TextQuoteSelector', exact: 'Table 2' },
            { type: 'TextPositionSelector', start: 0, end: 7 },
          ],
        },
      ],
    });
    const back = readWebAnnotations(JSON.parse(JSON.stringify(doc)));
    expect(back.ok && back.value[0]!.highlight).toMatchObject({
      page: 3,
      selector: [{ type: 'TextQuoteSelector', exact: 'Table 2', suffix: ': results' }, {}],
    });
  });
});
