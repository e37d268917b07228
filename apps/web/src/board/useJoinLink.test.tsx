import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { PublicUser } from '@listboard/core';
import { handoff } from '../account/session';
import { useAlerts } from '../state/alerts';
import { useUi } from '../state/ui';
import { guest } from '../test/fixtures';
import { captureJoinLink, useJoinLink } from './useJoinLink';

const reader: PublicUser = { ...guest, _id: 'user-reader', username: 'reader', roles: ['reader'] };
const course = { id: 'board-course', path: '/author/course' };
const home = { id: 'board-home', path: '/reader/home' };

beforeEach(() => {
  useAlerts.setState({ alerts: [] });
  useUi.setState({ form: null });
  handoff.joinGroup = null;
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  captureJoinLink('/');
});

type Props = { board: { id: string; path: string } | null; user: PublicUser | null };
/** A join kept in the browser `ageMs` ago, as a visitor asked to sign in left it. */
const keptJoin = (ageMs: number) =>
  localStorage.setItem(
    'listboard.join',
    JSON.stringify({
      path: '/author/course',
      board: '/author/course',
      group: 'Tuesday Seminar',
      at: Date.now() - ageMs,
    }),
  );
const alerts = () => useAlerts.getState().alerts.map((a) => a.text);

/** The hook on a page at `at`; `where()` is the address the page has gone to since. */
function mount(board: Props['board'], user: PublicUser | null, at = '/author/course') {
  let where = at;
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(MemoryRouter, { initialEntries: [at] }, children);
  const hook = renderHook(
    (p: Props) => {
      where = useLocation().pathname;
      useJoinLink(p.board, p.user);
    },
    { initialProps: { board, user }, wrapper },
  );
  return { ...hook, where: () => where };
}

describe('a group’s join link', () => {
  it('opens the join form with the group, on the board, once it is on screen', () => {
    captureJoinLink('/author/course/?join=Tuesday%20Seminar');
    const hook = mount(null, reader);
    expect(useUi.getState().form).toBeNull();
    hook.rerender({ board: course, user: reader });
    expect(useUi.getState().form).toMatchObject({
      id: 'joinGroup',
      target: { multilistId: course.id },
    });
    expect(handoff.joinGroup).toBe('Tuesday Seminar');
    // Once: the board again (a reload, a change) does not open it again.
    useUi.setState({ form: null });
    hook.rerender({ board: { ...course }, user: { ...reader } });
    expect(useUi.getState().form).toBeNull();
  });

  it('asks a visitor not signed in to sign in first, once, and offers the group after', () => {
    captureJoinLink('/author/course?join=Tuesday%20Seminar');
    const hook = mount(course, guest);
    expect(alerts()).toEqual(['Sign in, or sign up, to join the group Tuesday Seminar.']);
    expect(useUi.getState().form?.id).toBe('login');
    expect(handoff.joinGroup).toBeNull();
    // The guest's board loaded again (the form cancelled, a live change): not asked again.
    useUi.setState({ form: null });
    hook.rerender({ board: { ...course }, user: { ...guest } });
    expect(useUi.getState().form).toBeNull();
    hook.rerender({ board: course, user: reader });
    expect(useUi.getState().form?.id).toBe('joinGroup');
    expect(handoff.joinGroup).toBe('Tuesday Seminar');
    // Done with: nothing waits in the browser.
    expect(localStorage.length).toBe(0);
  });

  it('waits in the browser for a first sign-in on another page, which goes back to the board', () => {
    captureJoinLink('/author/course?join=Tuesday%20Seminar');
    mount(course, guest);
    cleanup();
    useUi.setState({ form: null });
    // The verification mail's link: a fresh page, at the site's front, signed in from there.
    captureJoinLink('/');
    const later = mount(home, reader, '/reader/home');
    expect(later.where()).toBe('/author/course');
    // Until the course is on screen, the home board gets no form.
    expect(useUi.getState().form).toBeNull();
    later.rerender({ board: course, user: reader });
    expect(useUi.getState().form).toMatchObject({
      id: 'joinGroup',
      target: { multilistId: course.id },
    });
    expect(handoff.joinGroup).toBe('Tuesday Seminar');
  });

  it('opens on a chain of boards that ends at the link’s board', () => {
    captureJoinLink('/author/home;course?join=Tuesday%20Seminar');
    const hook = mount(course, reader, '/author/home;course');
    expect(hook.where()).toBe('/author/home;course');
    expect(useUi.getState().form?.id).toBe('joinGroup');
  });

  it('forgets a join a day old, and keeps one an hour old', () => {
    keptJoin(25 * 3600_000);
    const hook = mount(home, reader, '/reader/home');
    expect(hook.where()).toBe('/reader/home');
    expect(useUi.getState().form).toBeNull();
    expect(localStorage.length).toBe(0);
    cleanup();
    keptJoin(3600_000);
    expect(mount(home, reader, '/reader/home').where()).toBe('/author/course');
  });

  it('does nothing on an address without one', () => {
    captureJoinLink('/author/course?join=');
    mount(course, reader);
    expect(useUi.getState().form).toBeNull();
    expect(alerts()).toEqual([]);
  });
});
