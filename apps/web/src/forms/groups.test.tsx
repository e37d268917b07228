import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { abilitiesOf, type Multilist } from '@listboard/core';
import { Form } from './Form';
import type { FormContext } from './registry';
import { GROUPS_FORMS } from './groups';
import { handoff } from '../account/session';
import { useInfo } from '../state/info';
import { makeBoard } from '../test/fixtures';
import { loadHomeBoard } from '../board/useBoards';

// The user's home board, as the join form reads it: none unless a test gives one.
vi.mock('../board/useBoards', () => ({ loadHomeBoard: vi.fn(() => Promise.resolve(undefined)) }));
const home = vi.mocked(loadHomeBoard);

afterEach(() => {
  cleanup();
  home.mockReset();
  handoff.joinGroup = null;
  useInfo.getState().close();
});

// The groups area is loaded on demand by the app; the test reads it directly.
const FORM_BY_ID = new Map(GROUPS_FORMS.map((f) => [f.id, f]));

const course = (): Multilist => ({
  ...makeBoard('author', 'Course', [{ title: 'Week', items: ['One'] }]),
  groups: ['Monday Lab', 'Tuesday Seminar', 'Staff'],
});

type Answer =
  { ok: true; value: unknown } | { ok: false; error: { status: number; error: string } };

/** The joinable groups the server answers: Monday Lab joined, Tuesday Seminar open. */
const JOINABLE: Answer = {
  ok: true,
  value: [
    { name: 'Monday Lab', description: '', isPrivate: false, member: true },
    { name: 'Tuesday Seminar', description: '', isPrivate: false, member: false },
    { name: 'Wednesday Group', description: '', isPrivate: false, member: false },
  ],
};

/**
 * The form open on the course. `calls`: the answers to its change calls in turn (`call` answers
 * every one after them).
 */
function open(
  id: string,
  answers: { api?: Answer; call?: Answer; calls?: Answer[] },
  group: string | null = null,
  board = course(),
) {
  const queue = [...(answers.calls ?? [])];
  const ctx = {
    board,
    user: { username: 'author' },
    target: { multilistId: board._id, listId: null, itemId: null, text: null },
    call: vi.fn(() => Promise.resolve(queue.shift() ?? answers.call)),
    api: vi.fn(() => Promise.resolve(answers.api)),
    alert: vi.fn(),
    navigate: vi.fn(),
    setGroup: vi.fn(),
    group,
  } as unknown as FormContext &
    Record<'call' | 'api' | 'alert' | 'setGroup', ReturnType<typeof vi.fn>>;
  const onClose = vi.fn();
  render(<Form def={FORM_BY_ID.get(id)!} ctx={ctx} onClose={onClose} />);
  return { ctx, onClose, board };
}

const chosen = () => screen.getByLabelText<HTMLSelectElement>('Group').value;

describe('the new group form', () => {
  const owned = (ptitle = 'course'): Multilist => ({
    ...course(),
    ptitle,
    abilities: abilitiesOf('author', ['read', 'note', 'assignGroup']),
  });
  const made: Answer = { ok: true, value: { name: 'Thursday Lab', isPrivate: false } };
  const assigned: Answer = {
    ok: true,
    value: { groups: ['Thursday Lab'], name: 'Thursday Lab', isPrivate: false },
  };
  const box = () => screen.queryByLabelText<HTMLInputElement>('Assign it to this board');

  it('on a board one gives groups to, assigns the group to it and copies its join link', async () => {
    Object.assign(navigator, { clipboard: { writeText: () => Promise.resolve() } });
    const board = owned();
    const { ctx, onClose } = open('createGroup', { calls: [made, assigned] }, null, board);
    expect(box()?.checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'Thursday Lab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.call.mock.calls.map((c: unknown[]) => c[0])).toEqual([
      '/api/forms/create_group',
      '/api/forms/assign_group',
    ]);
    expect(ctx.call).toHaveBeenLastCalledWith(
      '/api/forms/assign_group',
      { multilistId: board._id, groupName: 'Thursday Lab' },
      'assign group',
    );
    expect(ctx.alert.mock.calls.map((c: unknown[]) => c[0])).toEqual([
      'Group Thursday Lab created.',
      'Group Thursday Lab assigned to this board.',
    ]);
    expect(useInfo.getState().info?.text).toBe(
      `Readers join Thursday Lab from its link, copied: ${window.location.origin}/author/course?join=Thursday%20Lab`,
    );
  });

  it('only makes the group when the box is unticked, on one’s home board, or on a board of others', async () => {
    const home = open('createGroup', { call: made }, null, owned('home'));
    expect(box()?.checked).toBe(false);
    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'Thursday Lab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(home.onClose).toHaveBeenCalled());
    expect(home.ctx.call).toHaveBeenCalledTimes(1);
    cleanup();
    // Another's board: nothing to tick.
    open('createGroup', { call: made });
    expect(box()).toBeNull();
  });

  it('says when the group is made but the board refuses it, and closes', async () => {
    const refused: Answer = {
      ok: false,
      error: { status: 403, error: 'You may not assign groups to this board.' },
    };
    const { ctx, onClose } = open('createGroup', { calls: [made, refused] }, null, owned());
    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'Thursday Lab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.alert).toHaveBeenCalledWith('Group Thursday Lab created.');
    expect(ctx.alert.mock.calls.at(-1)?.[0]).toMatch(/You may not assign groups to this board/);
  });
});

describe('the join form', () => {
  it('offers the groups not joined yet, the first chosen, and posts one’s notes on the board there', async () => {
    const { ctx, onClose, board } = open('joinGroup', {
      api: JOINABLE,
      call: { ok: true, value: { groups: ['Monday Lab', 'Wednesday Group'] } },
    });
    await waitFor(() => expect(chosen()).toBe('Tuesday Seminar'));
    const options = [...screen.getByLabelText('Group').querySelectorAll('option')];
    expect(options.map((o) => o.textContent)).toEqual(['Tuesday Seminar', 'Wednesday Group']);
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'Wednesday Group' } });
    expect(screen.getByLabelText('Post my notes on this board to it')).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/join_group',
      { multilistId: board._id, groupName: 'Wednesday Group' },
      'join group',
    );
    expect(ctx.setGroup).toHaveBeenCalledWith('Wednesday Group');
    expect(ctx.alert).toHaveBeenCalledWith(
      'You joined Wednesday Group. Your notes on this board go to Wednesday Group.',
    );
  });

  it('leaves where one’s notes go when the box is unticked', async () => {
    const { ctx, onClose } = open('joinGroup', {
      api: JOINABLE,
      call: { ok: true, value: { groups: [] } },
    });
    await waitFor(() => expect(chosen()).toBe('Tuesday Seminar'));
    fireEvent.click(screen.getByLabelText('Post my notes on this board to it'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.setGroup).not.toHaveBeenCalled();
    expect(ctx.alert).toHaveBeenCalledWith('You joined Tuesday Seminar.');
  });

  it('adds the board to one’s home board as one joins, unless it is there already or the box is unticked', async () => {
    const homeBoard = (items: string[]) =>
      makeBoard('author', 'home', [{ title: 'My boards', items }]);
    home.mockResolvedValue(homeBoard(['This is your home board.']));
    const joined: Answer = { ok: true, value: { groups: ['Tuesday Seminar'] } };
    const added: Answer = { ok: true, value: { itemId: 'new-item' } };
    const keep = () => screen.queryByLabelText<HTMLInputElement>('Add this board to my home board');
    const first = open('joinGroup', { api: JOINABLE, calls: [joined, added] });
    await waitFor(() => expect(keep()?.checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    const home0 = (await home.mock.results[0]!.value) as Multilist;
    expect(first.ctx.call).toHaveBeenLastCalledWith(
      '/api/forms/insert_item',
      { listId: home0.lists[0]!._id, text: '**[Course](/author/course)**' },
      'add to home board',
    );
    expect(first.ctx.alert).toHaveBeenCalledWith(
      'You joined Tuesday Seminar. Your notes on this board go to Tuesday Seminar. “Course” is added to your home board.',
    );
    cleanup();

    const unticked = open('joinGroup', { api: JOINABLE, calls: [joined] });
    await waitFor(() => expect(keep()?.checked).toBe(true));
    fireEvent.click(keep()!);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(unticked.onClose).toHaveBeenCalled());
    expect(unticked.ctx.call).toHaveBeenCalledTimes(1);
    cleanup();

    home.mockResolvedValue(homeBoard(['**[Course](/author/course)**']));
    open('joinGroup', { api: JOINABLE });
    await waitFor(() => expect(chosen()).toBe('Tuesday Seminar'));
    expect(keep()).toBeNull();
  });

  it('says when every group of the board is joined, and tells one who assigns them where the links are', async () => {
    const joined: Answer = {
      ok: true,
      value: [{ name: 'Monday Lab', description: '', isPrivate: false, member: true }],
    };
    const reader = open('joinGroup', { api: joined });
    await waitFor(() => expect(reader.onClose).toHaveBeenCalled());
    expect(reader.ctx.alert).toHaveBeenCalledWith('You are in every group of this board already.');
    cleanup();
    const teacher = open('joinGroup', { api: joined }, null, {
      ...course(),
      abilities: abilitiesOf('author', ['read', 'assignGroup']),
    });
    await waitFor(() => expect(teacher.onClose).toHaveBeenCalled());
    expect(teacher.ctx.alert).toHaveBeenCalledWith(
      'You are in every group of this board already. To send readers a group’s join link, assign the group again (Annotate → Assign group): its link is copied.',
    );
  });

  it('opens from a join link with its group chosen, whatever the case of the link', async () => {
    handoff.joinGroup = 'wednesday group';
    open('joinGroup', { api: JOINABLE });
    await waitFor(() => expect(chosen()).toBe('Wednesday Group'));
    // Offered once: the Groups menu afterwards opens as it always does.
    expect(handoff.joinGroup).toBeNull();
  });

  it('says so when the link’s group is joined already, or cannot be joined from the board', async () => {
    const cases: [string, string][] = [
      ['Monday Lab', 'You are in Monday Lab already.'],
      ['Staff', 'You cannot join the group Staff from this board.'],
    ];
    for (const [linked, said] of cases) {
      handoff.joinGroup = linked;
      const { ctx, onClose } = open('joinGroup', { api: JOINABLE });
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(ctx.alert).toHaveBeenCalledWith(said);
      cleanup();
    }
    // A board with no groups at all: the link's group is not one of them either.
    handoff.joinGroup = 'Tuesday Seminar';
    const { ctx, onClose } = open('joinGroup', {
      api: { ok: false, error: { status: 400, error: 'This board references no groups.' } },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.alert).toHaveBeenCalledWith(
      'You cannot join the group Tuesday Seminar from this board.',
    );
  });
});

describe('the leave form', () => {
  const MINE: Answer = {
    ok: true,
    value: [
      { name: 'Monday Lab', description: '', isPrivate: false, owner: 'author' },
      { name: 'Tuesday Seminar', description: '', isPrivate: false, owner: 'teacher' },
      { name: 'Wednesday Group', description: '', isPrivate: true, owner: 'teacher' },
    ],
  };

  it('offers the groups one is in but does not own, this board’s first, and stops notes going there', async () => {
    const { ctx, onClose } = open(
      'leaveGroup',
      { api: MINE, call: { ok: true, value: { groups: ['Monday Lab'] } } },
      'Wednesday Group',
    );
    await waitFor(() => expect(chosen()).toBe('Wednesday Group'));
    const options = [...screen.getByLabelText('Group').querySelectorAll('option')];
    expect(options.map((o) => o.textContent)).toEqual(['Tuesday Seminar', 'Wednesday Group']);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/leave_group',
      { groupName: 'Wednesday Group' },
      'leave group',
    );
    expect(ctx.setGroup).toHaveBeenCalledWith(null);
    expect(ctx.alert).toHaveBeenCalledWith('You left Wednesday Group.');
  });

  it('leaves where this board’s notes go when another group is left', async () => {
    const { ctx, onClose } = open(
      'leaveGroup',
      { api: MINE, call: { ok: true, value: { groups: [] } } },
      'Wednesday Group',
    );
    await waitFor(() => expect(chosen()).toBe('Wednesday Group'));
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'Tuesday Seminar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.setGroup).not.toHaveBeenCalled();
  });

  it('says when there is nothing to leave', async () => {
    const owned: Answer = {
      ok: true,
      value: [{ name: 'Monday Lab', description: '', isPrivate: false, owner: 'author' }],
    };
    const cases: [Answer, string][] = [
      [{ ok: true, value: [] }, 'You do not belong to any groups.'],
      [owned, 'You are in no group you could leave: a group’s owner stays in it.'],
    ];
    for (const [api, said] of cases) {
      const { ctx, onClose } = open('leaveGroup', { api });
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(ctx.alert).toHaveBeenCalledWith(said);
      cleanup();
    }
  });
});

describe('the remove form', () => {
  const OWNED: Answer = {
    ok: true,
    value: [
      {
        name: 'Monday Lab',
        members: [
          { username: 'author', fullname: 'Maya Ortiz' },
          { username: 'reader', fullname: 'Riley Reader' },
        ],
      },
      {
        name: 'Tuesday Seminar',
        members: [
          { username: 'author', fullname: 'Maya Ortiz' },
          { username: 'demo', fullname: '' },
          { username: 'reader', fullname: 'Riley Reader' },
        ],
      },
    ],
  };

  it('offers each member of each group one owns, but oneself, and takes the one chosen out', async () => {
    const { ctx, onClose } = open('removeGroupMember', {
      api: OWNED,
      call: { ok: true, value: { name: 'Tuesday Seminar', members: 2 } },
    });
    const member = () => screen.getByLabelText<HTMLSelectElement>('Member');
    await waitFor(() => expect(member().value).toBe('Riley Reader (reader), Monday Lab'));
    expect([...member().querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Riley Reader (reader), Monday Lab',
      'demo, Tuesday Seminar',
      'Riley Reader (reader), Tuesday Seminar',
    ]);
    fireEvent.change(member(), { target: { value: 'demo, Tuesday Seminar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/remove_group_member',
      { groupName: 'Tuesday Seminar', username: 'demo' },
      'remove member',
    );
    expect(ctx.alert).toHaveBeenCalledWith('demo is no longer in Tuesday Seminar (2 members).');
  });

  it('says when there is no one to remove', async () => {
    const cases: [Answer, string][] = [
      [{ ok: true, value: [] }, 'You own no group: only a group’s owner removes its members.'],
      [
        {
          ok: true,
          value: [{ name: 'Solo', members: [{ username: 'author', fullname: 'Maya Ortiz' }] }],
        },
        'Your groups have no members but you.',
      ],
    ];
    for (const [api, said] of cases) {
      const { ctx, onClose } = open('removeGroupMember', { api });
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(ctx.alert).toHaveBeenCalledWith(said);
      cleanup();
    }
  });
});

describe('the assign form', () => {
  const MINE: Answer = {
    ok: true,
    value: [
      { name: 'Tuesday Seminar', description: '', isPrivate: false, owner: 'author' },
      { name: 'Staff', description: '', isPrivate: true, owner: 'author' },
    ],
  };

  it('copies an open group’s join link, and shows it in the info bar', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    const { ctx, onClose } = open('assignGroup', {
      api: MINE,
      call: {
        ok: true,
        value: { groups: ['Tuesday Seminar'], name: 'Tuesday Seminar', isPrivate: false },
      },
    });
    await waitFor(() => expect(chosen()).toBe('Tuesday Seminar'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.alert).toHaveBeenCalledWith('Group Tuesday Seminar assigned to this board.');
    const link = `${window.location.origin}/author/course?join=Tuesday%20Seminar`;
    expect(writeText).toHaveBeenCalledWith(link);
    expect(useInfo.getState().info?.text).toBe(
      `Readers join Tuesday Seminar from its link, copied: ${link}`,
    );
  });

  it('shows the link without saying it is copied when the browser gives no clipboard', async () => {
    Object.assign(navigator, {
      clipboard: { writeText: () => Promise.reject(new Error('not allowed')) },
    });
    const { onClose } = open('assignGroup', {
      api: MINE,
      call: {
        ok: true,
        value: { groups: ['Tuesday Seminar'], name: 'Tuesday Seminar', isPrivate: false },
      },
    });
    await waitFor(() => expect(chosen()).toBe('Tuesday Seminar'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useInfo.getState().info?.text).toBe(
      `Readers join Tuesday Seminar from its link: ${window.location.origin}/author/course?join=Tuesday%20Seminar`,
    );
  });

  it('gives a private group no link: its members are added by name', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    const { onClose } = open('assignGroup', {
      api: MINE,
      call: { ok: true, value: { groups: ['Staff'], name: 'Staff', isPrivate: true } },
    });
    await waitFor(() => expect(chosen()).toBe('Tuesday Seminar'));
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'Staff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
    expect(useInfo.getState().info?.text).toBe(
      'Staff is private: readers cannot join it from a link. Add its members by name (Annotate → Add a member to my group).',
    );
  });
});
