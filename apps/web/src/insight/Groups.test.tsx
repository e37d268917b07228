import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { GroupInsight } from '@listboard/core/api/contracts/insight';
import { Groups } from './InsightSections';
import { boardInsight } from '../test/insight';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const insightWith = (groups: GroupInsight[]) => boardInsight({ groups });

const show = (groups: GroupInsight[]) =>
  render(
    <MemoryRouter>
      <Groups
        insight={insightWith(groups)}
        discussion={(g) => `/maya/home;discussion?group=${g}`}
      />
    </MemoryRouter>,
  );

describe('the groups of a board’s Insight', () => {
  it('tell the owner of a group how many of its members wrote, and name those yet to write', () => {
    show([
      {
        group: 'Section A',
        notes: 4,
        replies: 1,
        readers: 2,
        roster: {
          members: 3,
          yetToWrite: [{ username: 'dana', fullname: 'Dana Ray' }],
          remindedAt: null,
        },
      },
      {
        group: 'Section B',
        notes: 0,
        replies: 0,
        readers: 0,
        roster: {
          members: 2,
          yetToWrite: [
            { username: 'eli', fullname: null },
            { username: 'fay', fullname: 'Fay Ng' },
          ],
          remindedAt: null,
        },
      },
      { group: 'Section C', notes: 1, replies: 0, readers: 1, roster: null },
      {
        group: 'Section D',
        notes: 0,
        replies: 0,
        readers: 0,
        roster: { members: 1, yetToWrite: [], remindedAt: null },
      },
    ]);
    const table = screen.getByRole('table', { name: 'Notes by group' });
    const row = (name: string) =>
      within(table).getByRole('row', { name: new RegExp(`^${name}`) }).textContent;
    expect(within(table).getByRole('columnheader', { name: 'Members who wrote' })).toBeTruthy();
    expect(row('Section A')).toContain('2 of 3');
    expect(row('Section B')).toContain('0 of 2');
    // Not the caller's group: its roster is not theirs to see.
    expect(row('Section C')).toContain('—');
    const lines = within(screen.getByRole('list', { name: 'Yet to write' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Section A, yet to write here (1 of 3): Dana Ray (dana)Remind by mail',
      'Section B, yet to write here (2 of 2): eli, Fay Ng (fay)Remind by mail',
      'Section D: its one member has written here.',
    ]);
  });

  it('leave rosters out for one who owns none of the groups', () => {
    show([{ group: 'Section C', notes: 1, replies: 0, readers: 1, roster: null }]);
    expect(screen.queryByRole('columnheader', { name: 'Members who wrote' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Yet to write' })).toBeNull();
  });

  it('remind those yet to write by mail, once, saying how many were mailed, or why not', async () => {
    const answers = [
      new Response(JSON.stringify({ mailed: 2, notMailed: 1 }), { status: 200 }),
      new Response(
        JSON.stringify({ error: 'Section B was reminded of this board less than a day ago.' }),
        { status: 409 },
      ),
    ];
    const fetch = vi.fn(() => Promise.resolve(answers.shift()!));
    vi.stubGlobal('fetch', fetch);
    const roster = (n: number) => ({
      members: n,
      yetToWrite: Array.from({ length: n }, (_, i) => ({ username: `s${i}`, fullname: null })),
      remindedAt: null,
    });
    show([
      { group: 'Section A', notes: 0, replies: 0, readers: 0, roster: roster(3) },
      { group: 'Section B', notes: 0, replies: 0, readers: 0, roster: roster(1) },
      {
        group: 'Section D',
        notes: 0,
        replies: 0,
        readers: 0,
        roster: { members: 1, yetToWrite: [], remindedAt: null },
      },
    ]);
    // Nothing to remind a group whose members have all written.
    expect(screen.getAllByRole('button', { name: /^Remind by mail those of/ })).toHaveLength(2);
    fireEvent.click(
      screen.getByRole('button', { name: 'Remind by mail those of Section A yet to write' }),
    );
    await screen.findByText(
      'Reminder mailed to 2 members of Section A. Not mailed: 1 member with no address, with e-mail alerts turned off, or who may not open the board.',
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/forms/remind_group',
      expect.objectContaining({
        body: JSON.stringify({ multilistId: 'b', groupName: 'Section A' }),
      }),
    );
    // Sent: not offered again on this page.
    expect(
      screen.queryByRole('button', { name: 'Remind by mail those of Section A yet to write' }),
    ).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: 'Remind by mail those of Section B yet to write' }),
    );
    await screen.findByText('Section B was reminded of this board less than a day ago.');
  });

  it('say when those yet to write were reminded, in place of the button, for the day after', () => {
    show([
      {
        group: 'Section A',
        notes: 0,
        replies: 0,
        readers: 0,
        roster: {
          members: 1,
          yetToWrite: [{ username: 'dana', fullname: null }],
          remindedAt: '2026-12-06T09:05:00.000Z',
        },
      },
    ]);
    expect(screen.queryByRole('button', { name: /^Remind by mail those of/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(
      /^Reminded by mail on .+; once a day\.$/,
    );
  });
});
