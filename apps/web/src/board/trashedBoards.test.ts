import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrashEntry } from '@listboard/core/api/contracts/undo';
import { makeBoard } from '../test/fixtures';
import { sentBody } from '../test/server';
import { useAlerts } from '../state/alerts';
import { useInfo } from '../state/info';
import { useUi } from '../state/ui';
import { inOwnTrash, showInTrash } from './trashedBoards';

afterEach(() => {
  vi.unstubAllGlobals();
  useUi.getState().setDisplay({ showInfo: true });
});

const entry = (id: string, kind: TrashEntry['kind'], address?: string): TrashEntry => ({
  _id: id,
  kind,
  title: 'Spare week',
  author: 'author',
  deletedBy: 'author',
  deletedAt: '2026-12-06T00:00:00.000Z',
  notes: 0,
  items: 0,
  ...(address ? { address } : {}),
});

/** The API: list_trash answers `entries` (newest first); every call is kept. */
function server(entries: TrashEntry[]) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      calls.push({ path: path.split('?')[0] ?? '', body: sentBody(init) });
      return Promise.resolve(
        new Response(JSON.stringify({ entries }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

describe('a missing board of one’s own, looked for in one’s Trash', () => {
  const made = makeBoard('author', 'home', []);
  // The owner may use its Trash.
  const home = { ...made, abilities: { ...made.abilities, trash: true } };

  it('finds the newest entry at its address, through a board of one’s own on screen', async () => {
    const calls = server([
      entry('newer', 'board', '/author/spare-week'),
      entry('an-item', 'item'),
      entry('older', 'board', '/author/spare-week'),
    ]);
    const found = await inOwnTrash(['author/spare-week'], [home], 'author');
    expect(found.get('author/spare-week')?._id).toBe('newer');
    expect(calls).toEqual([{ path: '/api/forms/list_trash', body: { multilistId: home._id } }]);
  });

  it('asks nothing for someone else’s board', async () => {
    const calls = server([entry('theirs', 'board', '/author/spare-week')]);
    const found = await inOwnTrash(['author/spare-week'], [home], 'reader');
    expect(found.size).toBe(0);
    expect(calls).toEqual([]);
  });

  it('offers Restore in the info bar, or says where it is when the info bar is off', () => {
    useAlerts.setState({ alerts: [] });
    showInTrash(entry('t1', 'board', '/author/spare-week'));
    expect(useInfo.getState().info).toMatchObject({
      text: '“Spare week” is in your Trash',
      undo: { trashId: 't1', kind: 'board' },
      action: 'Restore',
      at: null,
    });
    useInfo.getState().close();
    useUi.getState().setDisplay({ showInfo: false });
    showInTrash(entry('t1', 'board', '/author/spare-week'));
    expect(useInfo.getState().info).toBeNull();
    expect(useAlerts.getState().alerts.map((a) => a.text)).toEqual([
      '“Spare week” is in your Trash: the Trash of any of your boards puts it back.',
    ]);
  });
});
