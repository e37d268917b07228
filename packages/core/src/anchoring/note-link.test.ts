import { describe, expect, it } from 'vitest';
import { itemIdOfHash, noteIdOfHash } from './note-link';

describe('a note’s and an item’s address', () => {
  it('reads the id a hash names, with or without its #, and nothing from another anchor', () => {
    expect(noteIdOfHash('#note-n1')).toBe('n1');
    expect(itemIdOfHash('item-i1')).toBe('i1');
    expect(itemIdOfHash('#note-n1')).toBeNull();
    expect(noteIdOfHash('#item-i1')).toBeNull();
    // A section's anchor, or the anchor with no id, names nothing.
    expect(itemIdOfHash('#Week 2')).toBeNull();
    expect(itemIdOfHash('#item-')).toBeNull();
  });
});
