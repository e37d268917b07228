import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import type { PublicUser } from '@listboard/core';
import { handoff } from '../account/session';
import { useAlerts } from '../state/alerts';
import { useUi } from '../state/ui';
import { guest } from '../test/fixtures';
import { captureJoinLink, useJoinLink } from './useJoinLink';

const reader: PublicUser = { ...guest, _id: 'user-reader', username: 'reader', roles: ['reader'] };

beforeEach(() => {
  useAlerts.setState({ alerts: [] });
  useUi.setState({ form: null });
  handoff.joinGroup = null;
});
afterEach(() => {
  cleanup();
  captureJoinLink('/');
});

const alerts = () => useAlerts.getState().alerts.map((a) => a.text);
const mount = (boardId: string | null, user: PublicUser | null) =>
  renderHook(
    (p: { boardId: string | null; user: PublicUser | null }) => useJoinLink(p.boardId, p.user),
    { initialProps: { boardId, user } },
  );

describe('a group’s join link', () => {
  it('opens the join form with the group, on the board, once it is on screen', () => {
    captureJoinLink('/author/course?join=Tuesday%20Seminar');
    const hook = mount(null, reader);
    expect(useUi.getState().form).toBeNull();
    hook.rerender({ boardId: 'board-1', user: reader });
    expect(useUi.getState().form).toMatchObject({
      id: 'joinGroup',
      target: { multilistId: 'board-1' },
    });
    expect(handoff.joinGroup).toBe('Tuesday Seminar');
    // Once: the board again (a reload, a change) does not open it again.
    useUi.setState({ form: null });
    hook.rerender({ boardId: 'board-1', user: { ...reader } });
    expect(useUi.getState().form).toBeNull();
  });

  it('asks a visitor not signed in to sign in first, once, and offers the group after', () => {
    captureJoinLink('/author/course?join=Tuesday%20Seminar');
    const hook = mount('board-1', guest);
    expect(alerts()).toEqual(['Sign in to join the group Tuesday Seminar.']);
    expect(useUi.getState().form?.id).toBe('login');
    expect(handoff.joinGroup).toBeNull();
    // The guest's board loaded again (the form cancelled, a live change): not asked again.
    useUi.setState({ form: null });
    hook.rerender({ boardId: 'board-1', user: { ...guest } });
    expect(useUi.getState().form).toBeNull();
    hook.rerender({ boardId: 'board-1', user: reader });
    expect(useUi.getState().form?.id).toBe('joinGroup');
    expect(handoff.joinGroup).toBe('Tuesday Seminar');
  });

  it('does nothing on an address without one', () => {
    captureJoinLink('/author/course?join=');
    mount('board-1', reader);
    expect(useUi.getState().form).toBeNull();
    expect(alerts()).toEqual([]);
  });
});
