import { describe, expect, it } from 'vitest';
import { itemDefaults, type Item } from '@listboard/core';
import { makeBoard, type ListSpec } from '../test/fixtures';
import { findOnBoard, type NotesOnBoard } from './boardFind';
import { placeOf } from './accent';

const ALL_NOTES: NotesOnBoard = { showNotes: 'annos+notes', shownLabels: [] };

/** A note on `item`: a reader's, or an annotation with a label. */
function noteOn(item: Item, text: string, over: Partial<Item> = {}): Item {
  return {
    ...itemDefaults(),
    _id: `note-${item.notes.length}-${item._id}`,
    parentId: item._id,
    multilistId: item.multilistId,
    listId: item.listId,
    index: item.notes.length,
    indexInBoard: 0,
    listIndex: item.listIndex,
    annotationClass: 'note',
    text,
    author: 'reader',
    owner: 'reader',
    created: '2026-01-02T00:00:00.000Z',
    modified: '2026-01-02T00:00:00.000Z',
    version: 1,
    ...over,
  };
}

describe('local search over the board’s own words', () => {
  it('finds each list and item with the words, in the board’s order, however many are drawn', () => {
    const weeks: ListSpec[] = Array.from({ length: 14 }, (_, w) => ({
      title: `Week ${w + 1}`,
      items: Array.from({ length: w === 12 ? 40 : 3 }, (_, i) =>
        w === 12 && i === 35 ? 'The **Café** effect, and the cafe again.' : `Reading ${i}.`,
      ),
    }));
    weeks[1]!.description = 'Framing, and *café* culture';
    const board = makeBoard('author', 'Semester', weeks);
    const places = findOnBoard(board, 'CAFE', ALL_NOTES);
    expect(places.map((p) => [p.listId, p.itemId, p.matches])).toEqual([
      [board.lists[1]!._id, null, 1],
      [board.lists[12]!._id, board.lists[12]!.items[35]!._id, 2],
    ]);
    expect(places.every((p) => p.multilistId === board._id)).toBe(true);
    // The third match of the board is the second of the item's.
    expect(placeOf(places, 2)).toEqual({ place: places[1], nth: 1 });
    expect(placeOf(places, 3)).toBeNull();
  });

  it('reads the words as the page shows them: no markup, no link’s address, no player', () => {
    const board = makeBoard('author', 'Readings', [
      {
        title: 'Week 1',
        items: [
          'See [the reading](https://example.org/syllabus) for the syllabus.',
          '## Syllabus\n\nIn `syllabus.md`, and\n\n```\nsyllabus = 1\n```',
          '/media/author/syllabus.mp4 ~ Lecture',
        ],
      },
    ]);
    const [first, second] = board.lists[0]!.items;
    expect(findOnBoard(board, 'syllabus', ALL_NOTES).map((p) => [p.itemId, p.matches])).toEqual([
      [first!._id, 1],
      [second!._id, 3],
    ]);
    // Words run on across markup as they show, but not across two blocks.
    expect(findOnBoard(board, 'for the syllabus', ALL_NOTES)).toHaveLength(1);
    expect(findOnBoard(board, 'syllabus in', ALL_NOTES)).toEqual([]);
  });

  it('never runs the words of one entry, cell or line of a block on into the next', () => {
    const board = makeBoard('author', 'Lists', [
      {
        title: 'Week 1',
        items: ['- first cafe\n- second\n\n| cafe | second |\n| --- | --- |\n| a | b |'],
        description: 'The *cafe* week',
      },
    ]);
    const matches = (words: string) => findOnBoard(board, words, ALL_NOTES).map((p) => p.matches);
    expect(matches('first cafe')).toEqual([1]);
    expect(matches('cafe second')).toEqual([]);
    expect(matches('cafe')).toEqual([1, 2]);
    expect(matches('the cafe week')).toEqual([1]);
  });

  it('counts the notes the board shows, with the words they quote, and not those it hides', () => {
    const board = makeBoard('author', 'Notes', [{ title: 'Week 1', items: ['An essay.'] }]);
    const item = board.lists[0]!.items[0]!;
    item.notes = [
      noteOn(item, 'Is the *evidence* enough?', {
        highlight: {
          block: { id: null, index: 0 },
          version: 1,
          selector: [{ type: 'TextQuoteSelector', exact: 'essay', prefix: 'An ', suffix: '.' }],
        },
      }),
      noteOn(item, 'evidence: weak', { annotationClass: 'anno', annoLabel: 'grade' }),
      noteOn(item, '@maya #evidence `code` and $x^2$ done'),
    ];
    const count = (notes: NotesOnBoard, words: string) =>
      findOnBoard(board, words, notes)[0]?.matches ?? 0;
    expect(count(ALL_NOTES, 'evidence')).toBe(3);
    // A note's mention and tag as they show; its code's words; no formula's.
    expect(count(ALL_NOTES, '@maya #evidence code and  done')).toBe(1);
    // The item's own word, and the note's quote of it.
    expect(count(ALL_NOTES, 'essay')).toBe(2);
    expect(count({ showNotes: 'annos', shownLabels: [] }, 'evidence')).toBe(1);
    expect(count({ showNotes: 'none', shownLabels: [] }, 'evidence')).toBe(0);
    expect(count({ showNotes: 'none', shownLabels: ['grade'] }, 'evidence')).toBe(1);
  });

  it('finds nothing for blank words', () => {
    const board = makeBoard('author', 'Blank', [{ title: 'Week 1', items: ['Words.'] }]);
    expect(findOnBoard(board, '   ', ALL_NOTES)).toEqual([]);
  });
});
