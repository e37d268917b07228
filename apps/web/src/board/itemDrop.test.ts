import { describe, expect, it } from 'vitest';
import type { Item, List } from '@listboard/core';
import { dropIndex } from './itemDrop';

const item = (id: string) => ({ _id: id }) as Item;
const list = (...ids: string[]) => ({ items: ids.map(item) }) as List;

describe('dropIndex: the place a dropped item takes among the list’s other items', () => {
  const week = list('a', 'b', 'c', 'd');

  it('from another list: before an item is its place, after one the next, neither the end', () => {
    const x = item('x');
    expect(dropIndex(week, x, { before: 'c', after: null })).toBe(2);
    expect(dropIndex(week, x, { before: null, after: 'a' })).toBe(1);
    expect(dropIndex(week, x, { before: null, after: null })).toBe(4);
    expect(dropIndex(list(), x, { before: null, after: null })).toBe(0);
  });

  it('in its own list: taken out first, so a place below it is one less', () => {
    const b = item('b');
    expect(dropIndex(week, b, { before: 'd', after: null })).toBe(2);
    expect(dropIndex(week, b, { before: null, after: 'd' })).toBe(3);
    expect(dropIndex(week, b, { before: 'a', after: null })).toBe(0);
    // Dropped on itself, either half: where it is.
    expect(dropIndex(week, b, { before: 'b', after: null })).toBe(1);
    expect(dropIndex(week, b, { before: null, after: 'b' })).toBe(1);
    expect(dropIndex(week, b, { before: 'c', after: null })).toBe(1);
  });

  it('an item no longer in the list (moved away by someone else meanwhile) reads as the end', () => {
    expect(dropIndex(week, item('x'), { before: 'gone', after: null })).toBe(4);
  });
});
