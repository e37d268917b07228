import { describe, expect, it } from 'vitest';
import { threadOrder } from './thread';

const n = (id: string, parentId: string | null, created: string) => ({
  _id: id,
  parentId,
  created,
});

describe('threadOrder', () => {
  it('puts each reply right under its parent, siblings oldest first', () => {
    const notes = [
      n('b', 'root', '2'),
      n('a', 'root', '1'),
      n('a1', 'a', '3'),
      n('a1x', 'a1', '5'),
      n('a2', 'a', '4'),
    ];
    expect(threadOrder(notes, 'root').map((x) => x._id)).toEqual(['a', 'a1', 'a1x', 'a2', 'b']);
  });

  it('hangs a reply to a hidden note off the item rather than losing it', () => {
    expect(threadOrder([n('r', 'private-note', '1')], 'root').map((x) => x._id)).toEqual(['r']);
  });
});
