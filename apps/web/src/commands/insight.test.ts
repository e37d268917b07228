import { describe, expect, it, vi } from 'vitest';
import { abilitiesOf, selectionMsg, type PublicUser } from '@listboard/core';
import { NO_SELECTION } from '../state/ui';
import { commandContext, guest, makeBoard } from '../test/fixtures';
import { INSIGHT_COMMANDS, notesOfHref } from './insight';
import type { CommandActions } from './registry';

const person = (username: string, roles: PublicUser['roles']): PublicUser => ({
  ...guest,
  _id: `user-${username}`,
  username,
  roles,
});

/** Where Discussion of this board takes `user`, with these abilities on ann's board; null: not offered. */
function discussionFor(user: PublicUser, moderates: boolean): string | null {
  const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
  const navigate = vi.fn();
  const ctx = commandContext(user, board, {
    abilities: abilitiesOf('reader', [
      'read',
      'select',
      ...(moderates ? ['moderate' as const] : []),
    ]),
    actions: { navigate } as unknown as CommandActions,
  });
  const command = INSIGHT_COMMANDS.find((c) => c.id === 'boardDiscussion')!;
  if (!command.visible!(ctx)) return null;
  void command.run(ctx);
  return navigate.mock.calls[0]![0] as string;
}

describe('Discussion of this board', () => {
  it('opens the owner’s Discussion for the owner and a site admin, and their own for each who answers the board’s notes', () => {
    const narrowed = '/ann/home?code=pending&username=ann&board=plants';
    expect(discussionFor(person('ann', ['author']), true)).toBe(narrowed);
    expect(discussionFor(person('admin', ['lbadmin']), true)).toBe(narrowed);
    // A coauthor or an editor: the policy lets them moderate the board.
    expect(discussionFor(person('cora', ['author']), true)).toBe(
      '/cora/home?code=pending&username=cora&board=ann%2Fplants',
    );
    // A reader, or a coauthor marked contributor-only, answers no notes here.
    expect(discussionFor(person('sam', ['reader']), false)).toBeNull();
  });
});

describe('Your notes on this board', () => {
  it('opens one’s own Notes narrowed to the board, for anyone signed in, on a board open to them', () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    const navigate = vi.fn();
    const command = INSIGHT_COMMANDS.find((c) => c.id === 'boardNotes')!;
    const as = (user: PublicUser, shown = board) =>
      commandContext(user, shown, {
        abilities: abilitiesOf('reader', ['read', 'select']),
        actions: { navigate } as unknown as CommandActions,
      });
    const sam = as(person('sam', ['reader']));
    expect(command.visible!(sam)).toBe(true);
    void command.run(sam);
    expect(navigate).toHaveBeenLastCalledWith(
      '/sam/home?code=notes&username=sam&board=ann%2Fplants',
    );
    // Its owner's own, by the board's path title alone.
    void command.run(as(person('ann', ['author'])));
    expect(navigate).toHaveBeenLastCalledWith('/ann/home?code=notes&username=ann&board=plants');
    // Not without an account, nor on a board behind a password not given.
    expect(command.visible!(as(guest))).toBe(false);
    expect(command.visible!(as(person('sam', ['reader']), { ...board, locked: true }))).toBe(false);
  });
});

describe('Discussion of this list', () => {
  it('opens the Discussion narrowed to the list selected, for those who answer the board’s notes; asks for a list first', () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    const list = board.lists[0]!;
    const navigate = vi.fn();
    const alert = vi.fn();
    const command = INSIGHT_COMMANDS.find((c) => c.id === 'listDiscussion')!;
    const as = (user: PublicUser, moderates: boolean, listId: string | null) =>
      commandContext(user, board, {
        abilities: abilitiesOf('reader', [
          'read',
          'select',
          ...(moderates ? ['moderate' as const] : []),
        ]),
        selection: { ...NO_SELECTION, listId },
        actions: { navigate, alert } as unknown as CommandActions,
      });
    const ann = as(person('ann', ['author']), true, list._id);
    expect(command.visible!(ann)).toBe(true);
    void command.run(ann);
    expect(navigate).toHaveBeenCalledWith(
      `/ann/home?code=pending&username=ann&board=plants&list=${list._id}`,
    );
    void command.run(as(person('ann', ['author']), true, null));
    expect(alert).toHaveBeenCalledWith(selectionMsg.selectAListFirst);
    expect(command.visible!(as(person('sam', ['reader']), false, list._id))).toBe(false);
  });

  it('a group or a writer chosen on a list’s Discussion keeps to the list', () => {
    const results = {
      owner: 'ann',
      ptitle: 'pending',
      onBoard: { owner: 'ann', ptitle: 'plants', list: { _id: 'week-2-id' } },
      noteGroups: { choices: ['Monday'] },
    };
    expect(
      notesOfHref(
        person('ann', ['author']),
        results,
        { results: true, code: 'pending' },
        { group: 'Monday' },
      ),
    ).toBe('/ann/home?code=pending&username=ann&board=plants&list=week-2-id&group=Monday');
  });
});

describe('a note’s group badge and writer’s name', () => {
  const ann = person('ann', ['author']);
  const sam = person('sam', ['reader']);
  const board = { owner: 'ann', ptitle: 'plants', abilities: { moderate: false } };
  const on = { results: false, code: null };
  it('leads on a board to its Discussion of that group for whoever answers its notes, for a reader nowhere', () => {
    expect(notesOfHref(ann, board, on, { group: 'Section A' })).toBe(
      '/ann/home?code=pending&username=ann&board=plants&group=Section%20A',
    );
    expect(notesOfHref(sam, board, on, { group: 'Section A' })).toBeNull();
  });

  it('narrows a listing that offers the group to it, keeping its tab and board; elsewhere nowhere', () => {
    const listing = {
      owner: 'ann',
      ptitle: 'pending-notes',
      onBoard: { owner: 'ann', ptitle: 'plants' },
      noteGroups: { choices: ['Section A', 'Section B'] },
    };
    const answered = { results: true, code: 'answered' };
    expect(notesOfHref(ann, listing, answered, { group: 'Section B' })).toBe(
      '/ann/home?code=answered&username=ann&board=plants&group=Section%20B',
    );
    // A group the listing does not offer, and search results: no link.
    expect(notesOfHref(ann, listing, answered, { group: 'Elsewhere' })).toBeNull();
    expect(
      notesOfHref(
        ann,
        { owner: 'ann', ptitle: 'found' },
        { results: true, code: null },
        { group: 'Section A' },
      ),
    ).toBeNull();
  });

  it('a tag in a note leads on a board to its Discussion of that tag for whoever answers its notes, and narrows a listing keeping its own narrowing', () => {
    expect(notesOfHref(ann, board, on, { tag: 'question' })).toBe(
      '/ann/home?code=pending&username=ann&board=plants&tag=question',
    );
    expect(notesOfHref(sam, board, on, { tag: 'question' })).toBeNull();
    const listing = {
      owner: 'ann',
      ptitle: 'pending-notes',
      onBoard: { owner: 'ann', ptitle: 'plants' },
      onWriter: { username: 'sam' },
      onTag: 'question',
    };
    const answered = { results: true, code: 'answered' };
    expect(notesOfHref(ann, listing, answered, { tag: 'confused' })).toBe(
      '/ann/home?code=answered&username=ann&board=plants&tag=confused&writer=sam',
    );
    // A narrowing by group or writer keeps the tag the listing has.
    expect(notesOfHref(ann, { ...listing, onWriter: undefined }, answered, { writer: 'lee' })).toBe(
      '/ann/home?code=answered&username=ann&board=plants&tag=question&writer=lee',
    );
    expect(
      notesOfHref(
        ann,
        { owner: 'ann', ptitle: 'found' },
        { results: true, code: null },
        { tag: 'question' },
      ),
    ).toBeNull();
  });

  it('a tag leads a reader from their own words on a board, and on their Notes, to their own Notes of it', () => {
    // From the board: their notes on that board with it.
    expect(notesOfHref(sam, board, on, { tag: 'evidence', mine: true })).toBe(
      '/sam/home?code=notes&username=sam&board=ann%2Fplants&tag=evidence',
    );
    // Another's tag leads a reader nowhere; one who answers the board's notes, to its Discussion.
    expect(notesOfHref(sam, board, on, { tag: 'evidence' })).toBeNull();
    expect(notesOfHref(ann, board, on, { tag: 'evidence', mine: true })).toBe(
      '/ann/home?code=pending&username=ann&board=plants&tag=evidence',
    );
    expect(
      notesOfHref(
        sam,
        { owner: 'sam', ptitle: 'notes', onTag: 'evidence' },
        { results: true, code: 'notes' },
        { tag: 'resolved' },
      ),
    ).toBe('/sam/home?code=notes&username=sam&tag=resolved');
    // On their Notes of one board, keeping to it.
    expect(
      notesOfHref(
        sam,
        { owner: 'sam', ptitle: 'notes', onBoard: { owner: 'ann', ptitle: 'plants' } },
        { results: true, code: 'notes' },
        { tag: 'resolved' },
      ),
    ).toBe('/sam/home?code=notes&username=sam&board=ann%2Fplants&tag=resolved');
  });

  it('narrow a listing of the notes on one’s boards to one writer, keeping its group; on a board or elsewhere, nowhere', () => {
    const listing = {
      owner: 'ann',
      ptitle: 'pending-notes',
      noteGroups: { choices: ['Section A'], only: 'Section A' },
    };
    expect(notesOfHref(ann, listing, { results: true, code: 'pending' }, { writer: 'sam' })).toBe(
      '/ann/home?code=pending&username=ann&group=Section%20A&writer=sam',
    );
    expect(notesOfHref(ann, board, on, { writer: 'sam' })).toBeNull();
    expect(
      notesOfHref(
        ann,
        { owner: 'ann', ptitle: 'notes' },
        { results: true, code: 'notes' },
        { writer: 'sam' },
      ),
    ).toBeNull();
  });
});
