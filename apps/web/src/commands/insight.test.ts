import { describe, expect, it, vi } from 'vitest';
import { abilitiesOf, type PublicUser } from '@listboard/core';
import { commandContext, guest, makeBoard } from '../test/fixtures';
import { INSIGHT_COMMANDS } from './insight';
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
