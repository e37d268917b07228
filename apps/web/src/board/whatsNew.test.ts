import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import type { Item, Multilist } from '@listboard/core';
import { makeBoard } from '../test/fixtures';
import { newOn, newWords, newestOn, useNewSince, useNewSinceVisit } from './whatsNew';

/** The course board with its items written at the given times, by the author. */
function course(times: string[]): Multilist {
  const board = makeBoard('author', 'course', [
    { title: 'Week', items: times.map((_, i) => `Item ${String(i + 1)}`) },
  ]);
  board.lists[0]!.items.forEach((item, i) => (item.created = times[i]!));
  return board;
}

/** A note on `item` by `author` at `created`. */
const noteOn = (item: Item, author: string, created: string): Item => ({
  ...item,
  _id: `note-of-${item._id}-${created}`,
  annotationClass: 'note',
  author,
  created,
  rootItem: item._id,
  notes: [],
});

const T = (minute: number) => `2026-12-01T09:${String(minute).padStart(2, '0')}:00.000Z`;

beforeEach(() => useNewSince.setState({ since: {}, kept: {} }));
afterEach(cleanup);

describe('what is new on a board', () => {
  it('is what others wrote after the line, items and notes in the board’s order', () => {
    const board = course([T(1), T(3), T(9)]);
    const [one, two] = board.lists[0]!.items;
    one!.notes = [noteOn(one!, 'demo', T(7)), noteOn(one!, 'reader', T(8))];
    two!.notes = [noteOn(two!, 'demo', T(3))];
    const fresh = newOn(board, T(4), 'reader');
    // Item 3 (9:09) and demo's note on item 1 (9:07); not the reader's own, nor the older ones.
    expect(fresh.all.map((x) => x._id)).toEqual([
      one!.notes[0]!._id,
      board.lists[0]!.items[2]!._id,
    ]);
    expect(fresh.items).toHaveLength(1);
    expect(fresh.notes).toHaveLength(1);
    expect(newestOn(board, 'reader')).toBe(T(9));
    // One's own writing moves nothing on: to the author, whose items these are, the newest is
    // the reader's note.
    expect(newestOn(board, 'author')).toBe(T(8));
    // No line (a first visit): nothing is new.
    expect(newOn(board, null, 'reader').all).toEqual([]);
  });
});

describe('replies to the reader', () => {
  it('are the new replies under a note or reply the reader wrote, told apart in words', () => {
    const board = course([T(1)]);
    const [item] = board.lists[0]!.items;
    const mine = noteOn(item!, 'reader', T(2));
    const demos = noteOn(item!, 'demo', T(3));
    const reply = (to: Item, author: string, created: string): Item => ({
      ...noteOn(item!, author, created),
      _id: `reply-${author}-${created}`,
      annotationClass: 'reply',
      parentId: to._id,
    });
    const answer = reply(mine, 'author', T(5));
    const further = reply(answer, 'demo', T(6));
    const elsewhere = reply(demos, 'author', T(7));
    item!.notes = [mine, demos, answer, further, elsewhere];
    const fresh = newOn(board, T(4), 'reader');
    expect(fresh.notes.map((x) => x._id)).toEqual([answer._id, further._id, elsewhere._id]);
    expect(fresh.toYou.map((x) => x._id)).toEqual([answer._id, further._id]);
    // To the author, whose item it is: only demo's reply to their answer (not the notes on it).
    expect(newOn(board, T(4), 'author').toYou.map((x) => x._id)).toEqual([further._id]);
    expect(newWords({ items: 0, notes: 3, toYou: 2 })).toBe('3 notes, 2 replies to you');
    expect(newWords({ items: 1, notes: 2, toYou: 1 })).toBe('1 item and 2 notes, 1 a reply to you');
    expect(newWords({ items: 0, notes: 1, toYou: 1 })).toBe('1 reply to you');
    expect(newWords({ items: 2, notes: 2, toYou: 2 })).toBe('2 items and 2 replies to you');
    expect(newWords({ items: 2, notes: 1 })).toBe('2 items and 1 note');
  });
});

describe('a visit to a board', () => {
  it('marks nothing the first time, keeps the newest thing shown, and counts from it next time', () => {
    const keep = vi.fn();
    const first = course([T(1), T(2)]);
    const { rerender, unmount } = renderHook(({ b }) => useNewSinceVisit([b], 'reader', keep), {
      initialProps: { b: first },
    });
    expect(useNewSince.getState().since[first._id]).toBeNull();
    expect(keep).toHaveBeenLastCalledWith(first._id, { seenUpTo: T(2) });
    // Something arrives while the page shows the board: the line stays, the newest moves on.
    const live = course([T(1), T(2), T(6)]);
    live._id = first._id;
    rerender({ b: live });
    expect(useNewSince.getState().since[first._id]).toBeNull();
    expect(keep).toHaveBeenLastCalledWith(first._id, { seenUpTo: T(6) });
    unmount();

    // The next visit counts from what the view state kept, or from what this page kept since,
    // whichever is later (a board loaded before the last write).
    const again = course([T(1), T(2), T(6), T(8)]);
    again._id = first._id;
    again.viewstate = { seenUpTo: T(2) };
    keep.mockClear();
    renderHook(() => useNewSinceVisit([again], 'reader', keep));
    expect(useNewSince.getState().since[first._id]).toBe(T(6));
    expect(keep).toHaveBeenCalledWith(first._id, { seenUpTo: T(8) });
  });

  it('keeps a line on a first visit where nothing of others’ shows yet, so the first thing another writes is new', () => {
    const keep = vi.fn();
    // The reader's own board: everything on it is theirs.
    const own = makeBoard('reader', 'home', [{ title: 'Mine', items: ['One'] }]);
    own.lists[0]!.items[0]!.created = T(3);
    renderHook(() => useNewSinceVisit([own], 'reader', keep));
    expect(keep).toHaveBeenCalledWith(own._id, { seenUpTo: T(3) });
    // An empty board: the time it was made.
    const empty = makeBoard('author', 'empty', []);
    renderHook(() => useNewSinceVisit([empty], 'reader', keep));
    expect(keep).toHaveBeenCalledWith(empty._id, { seenUpTo: empty.created });
    // Once a line is kept, one's own new writing moves nothing on.
    keep.mockClear();
    const more = makeBoard('reader', 'home', [{ title: 'Mine', items: ['One', 'Two'] }]);
    more._id = own._id;
    more.viewstate = { seenUpTo: T(3) };
    more.lists[0]!.items.forEach((item, i) => (item.created = [T(3), T(5)][i]!));
    renderHook(() => useNewSinceVisit([more], 'reader', keep));
    expect(keep).not.toHaveBeenCalled();
  });

  it('does not count what a hidden page received as seen until the page shows again', () => {
    const keep = vi.fn();
    const board = course([T(1)]);
    board.viewstate = { seenUpTo: T(1) };
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { rerender } = renderHook(({ b }) => useNewSinceVisit([b], 'reader', keep), {
      initialProps: { b: board },
    });
    const later = course([T(1), T(4)]);
    later._id = board._id;
    later.viewstate = board.viewstate;
    rerender({ b: later });
    expect(keep).not.toHaveBeenCalled();
    hidden.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(keep).toHaveBeenCalledWith(board._id, { seenUpTo: T(4) });
    hidden.mockRestore();
  });

  it('marks nothing for the guest, who keeps no view state', () => {
    const board = course([T(1)]);
    board.viewstate = { seenUpTo: T(0) };
    renderHook(() => useNewSinceVisit([board], 'reader', null));
    expect(useNewSince.getState().since).toEqual({});
  });
});
