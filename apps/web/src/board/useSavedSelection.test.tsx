import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { abilitiesOf, type Multilist, type PublicUser } from '@listboard/core';
import { App } from '../App';
import { useSession } from '../state/session';
import { useAlerts } from '../state/alerts';
import { DEFAULT_PREFS, NO_SELECTION, useUi } from '../state/ui';
import { fakeServer } from '../test/server';
import { guest, makeBoard } from '../test/fixtures';
import { savedSelectionOf, selectionToSave } from './useSavedSelection';

const reader: PublicUser = {
  ...guest,
  _id: 'user-ann',
  username: 'ann',
  email: 'ann@example.org',
  roles: ['reader'],
};

function boardWith(viewstate: (b: Multilist) => Record<string, unknown>): Multilist {
  const b = makeBoard('author', 'course', [
    { title: 'Week', items: ['Read the first chapter.', 'Watch the lecture.'] },
    { title: 'Tip', items: ['Take notes as you go.'] },
  ]);
  b.abilities = abilitiesOf('reader', ['read', 'select', 'note', 'reply']);
  b.viewstate = viewstate(b);
  return b;
}

beforeEach(() => {
  useSession.setState({ phase: 'loading', user: null, error: null });
  useAlerts.setState({ alerts: [] });
  useUi.setState({ ...DEFAULT_PREFS, selection: NO_SELECTION, form: null, listVs: {}, itemVs: {} });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the selection in the board view state', () => {
  it('reads back only a selection that still names this board’s list and item', () => {
    const b = boardWith(() => ({}));
    const [week] = b.lists;
    const item = week!.items[1]!;
    const saved = {
      selectedMultilistId: b._id,
      selectedListId: week!._id,
      selectedItemId: item._id,
      selectedText: 'lecture',
    };
    expect(savedSelectionOf({ ...b, viewstate: saved })).toEqual(saved);
    const gone = { ...saved, selectedItemId: 'item-gone' };
    expect(savedSelectionOf({ ...b, viewstate: gone })).toEqual({
      ...saved,
      selectedItemId: null,
      selectedText: null,
    });
    const elsewhere = { ...saved, selectedListId: 'list-gone' };
    expect(savedSelectionOf({ ...b, viewstate: elsewhere })).toBeNull();
    expect(
      selectionToSave('other-board', {
        multilistId: b._id,
        listId: week!._id,
        itemId: item._id,
        text: null,
      }),
    ).toEqual({
      selectedMultilistId: null,
      selectedListId: null,
      selectedItemId: null,
      selectedText: null,
    });
  });

  it('selects again after a reload what was selected, and keeps each new selection', async () => {
    const b = boardWith((b) => ({
      selectedMultilistId: b._id,
      selectedListId: b.lists[0]!._id,
      selectedItemId: b.lists[0]!.items[1]!._id,
      selectedText: null,
    }));
    window.history.replaceState(null, '', '/author/course');
    const server = fakeServer([b], reader);
    render(<App />);
    const board = await screen.findByRole('region', { name: 'Board author/course' });
    const lecture = within(board).getByRole('article', { name: 'Watch the lecture.' });
    await waitFor(() => expect(lecture.getAttribute('aria-current')).toBe('true'));

    const tip = within(board).getByRole('article', { name: 'Take notes as you go.' });
    fireEvent.mouseUp(tip);
    await waitFor(() => expect(tip.getAttribute('aria-current')).toBe('true'));
    await waitFor(() =>
      expect(
        server.calls
          .filter((c) => c.path === '/api/display/update_multilistvs')
          .map((c) => c.body)
          // What the visit saw is kept beside it (whatsNew.test.ts).
          .filter((body) => !('seenUpTo' in (body as { doc: { $set: object } }).doc.$set)),
      ).toEqual([
        {
          query: { userId: reader._id, multilistId: b._id },
          doc: {
            $set: {
              selectedMultilistId: b._id,
              selectedListId: b.lists[1]!._id,
              selectedItemId: b.lists[1]!.items[0]!._id,
              selectedText: null,
            },
          },
        },
      ]),
    );
  });
});
