import { describe, expect, it } from 'vitest';
import type { Item, List, Multilist } from '../model/entities';
import { textToBlocks } from '../markup/blocks';
import { itemDefaults } from '../model/item-defaults';
import { packItem, unpackBoards, type PackedMultilist, type SharedItem } from './packed';

const BOARD = '00000000-0000-4000-8000-000000000001';
const LIST = '00000000-0000-4000-8000-000000000002';
const OTHER_LIST = '00000000-0000-4000-8000-000000000003';

function item(id: string, text: string, extra: Partial<Item> = {}): Item {
  return {
    ...itemDefaults(),
    _id: id,
    listId: LIST,
    multilistId: BOARD,
    index: 0,
    indexInBoard: 0,
    listIndex: 0,
    owner: 'author',
    author: 'author',
    text,
    blocks: textToBlocks(text).map((b, i) => ({ ...b, _id: `${id}-b${String(i)}` })),
    created: '2026-11-01T10:00:00.000Z',
    modified: '2026-11-01T10:00:00.000Z',
    version: 1,
    ...extra,
  };
}

/** What the server sends for an item: its shared part packed, and its own parts when not told. */
function packed(i: Item): Record<string, unknown> {
  const { indexInBoard: _i, viewstate, notes, ...shared } = i;
  const out = packItem(shared satisfies SharedItem, {
    multilistId: BOARD,
    boardOwner: 'author',
    listId: LIST,
    listIndex: 0,
  });
  if (Object.keys(viewstate).length) out.viewstate = viewstate;
  if (notes.length) out.notes = notes.map(packed);
  return out;
}

function board(items: Item[]): Multilist {
  const list = { _id: LIST, index: 0, title: 'Week', items } as unknown as List;
  return { _id: BOARD, owner: 'author', lists: [list] } as unknown as Multilist;
}

describe('packed board loads', () => {
  const note = item('n1', 'Why?', {
    listId: OTHER_LIST,
    indexInBoard: -1,
    author: 'reader',
    owner: 'reader',
    annotationClass: 'note',
    rootItem: 'i1',
    noteStatus: 'pending',
    isPrivate: true,
    highlight: { type: 'TextQuoteSelector', exact: 'first' } as unknown as Item['highlight'],
    modified: '2026-11-02T10:00:00.000Z',
  });
  const first = item('i1', '### First\n\nRead this first.', {
    notes: [note],
    labels: [{ name: 'week', value: '1' }],
  });
  const second = item('i2', 'Then this', { indexInBoard: 1, index: 1, viewstate: { open: true } });
  // A block whose text is not a piece of the item's text keeps it.
  second.blocks = [{ _id: 'i2-b0', text: 'Another text', type: 'text' }];
  const full = board([first, second]);

  it('leaves out what an item’s place tells, and unpacks to the full board', () => {
    const sent = JSON.parse(
      JSON.stringify({
        ...full,
        lists: [{ ...full.lists[0], items: [first, second].map(packed) }],
      }),
    ) as PackedMultilist;
    const [a, b] = sent.lists[0]!.items;
    expect(Object.keys(a!)).not.toContain('listId');
    expect(Object.keys(a!)).not.toContain('hint');
    expect(a!.blocks!.every((x) => x.text === undefined && 'textAt' in x)).toBe(true);
    // A note filed under another list says so; its author is not its owner's default.
    expect(a!.notes![0]).toMatchObject({ listId: OTHER_LIST, owner: 'reader', isPrivate: true });
    expect(b!.blocks![0]!.text).toBe('Another text');
    expect(unpackBoards([sent])).toEqual([full]);
  });

  it('unpacks a full board to itself', () => {
    expect(unpackBoards([full])).toEqual([full]);
  });
});
