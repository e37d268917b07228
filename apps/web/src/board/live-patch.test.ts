import { describe, expect, it } from 'vitest';
import { makeBoard } from '../test/fixtures';
import { applyChange, readChange } from './live-patch';

const board = makeBoard('author', 'course', [
  { title: 'Week', items: ['Lecture'] },
  { title: 'Tip', items: ['One', 'Two'] },
]);
const two = board.lists[1]!.items[1]!;
const changed = {
  ...two,
  text: 'Two, reworded',
  indexInBoard: -1,
  viewstate: {},
  notes: [{ ...two, _id: 'note-1', text: 'A note', annotationClass: 'note' as const }],
};

describe('a live change applied to the boards on screen', () => {
  it('swaps the item in, keeping its place and the viewer’s view state, and takes the version', () => {
    const mine = { ...board, lists: board.lists.map((l) => ({ ...l })) };
    mine.lists[1] = {
      ...mine.lists[1]!,
      items: [mine.lists[1]!.items[0]!, { ...two, viewstate: { showNotes: true } }],
    };
    const next = applyChange([mine], { multilistId: board._id, version: 2, item: changed });
    if (typeof next === 'string') throw new Error(next);
    const item = next[0]!.lists[1]!.items[1]!;
    expect(next[0]!.version).toBe(2);
    expect(item.text).toBe('Two, reworded');
    expect(item.notes.map((n) => n.text)).toEqual(['A note']);
    expect(item.indexInBoard).toBe(two.indexInBoard);
    expect(item.viewstate).toEqual({ showNotes: true });
    // The rest of the board is the same objects: nothing else re-renders.
    expect(next[0]!.lists[0]).toBe(mine.lists[0]);
    expect(next[0]!.lists[1]!.items[0]).toBe(mine.lists[1].items[0]);
  });

  it('says which changes it cannot apply', () => {
    const other = makeBoard('author', 'other', [{ title: 'A', items: ['x'] }]);
    expect(applyChange([other], { multilistId: board._id, version: 2, item: changed })).toBe(
      'unaffected',
    );
    // No item: a change to the lists themselves.
    expect(applyChange([board], { multilistId: board._id, version: 2 })).toBe('stale');
    // A change missed in between.
    expect(applyChange([board], { multilistId: board._id, version: 3, item: changed })).toBe(
      'stale',
    );
    // An item not on screen (a section not shown).
    expect(
      applyChange([board], {
        multilistId: board._id,
        version: 2,
        item: { ...changed, _id: 'elsewhere' },
      }),
    ).toBe('stale');
  });

  it('applies a catch-up: every item changed since the version the page holds', () => {
    const one = board.lists[1]!.items[0]!;
    const next = applyChange([board], {
      multilistId: board._id,
      from: 1,
      version: 4,
      items: [changed, { ...one, text: 'One, reworded', indexInBoard: -1 }],
    });
    if (typeof next === 'string') throw new Error(next);
    expect(next[0]!.version).toBe(4);
    expect(next[0]!.lists[1]!.items.map((i) => [i.text, i.indexInBoard])).toEqual([
      ['One, reworded', one.indexInBoard],
      ['Two, reworded', two.indexInBoard],
    ]);
    // From a version the page does not hold: load the board instead.
    expect(
      applyChange([board], { multilistId: board._id, from: 2, version: 4, items: [changed] }),
    ).toBe('stale');
  });

  it('reads an event’s data, and nothing else', () => {
    expect(readChange('{"multilistId":"b","version":4}')).toEqual({ multilistId: 'b', version: 4 });
    expect(readChange('not json')).toBeNull();
    expect(readChange('{"call":"x"}')).toBeNull();
  });
});
