/**
 * A reader group's join link, `/{owner}/{board}?join={group}` (Assign group copies it): the board
 * opens, the address loses the parameter (start-path rules), and the join form opens with the
 * group chosen. A visitor not signed in is asked to sign in first; the form opens once they have.
 * The group is read once, from the address the app was loaded with.
 */
import { useEffect, useRef } from 'react';
import { groupFormMsg, isGuestUser, readStartParams, type PublicUser } from '@listboard/core';
import { handoff, switchForm } from '../account/session';
import { useAlerts } from '../state/alerts';
import { NO_SELECTION, useUi } from '../state/ui';

let pending: string | null =
  typeof window === 'undefined' ? null : readStartParams(window.location.href).join;

/** Sets the address the group is read from, as a fresh page load would. */
export function captureJoinLink(url: string): void {
  pending = readStartParams(url).join;
}

export function useJoinLink(boardId: string | null, user: PublicUser | null): void {
  const asked = useRef(false);
  useEffect(() => {
    const group = pending;
    if (!group || !boardId) return;
    if (!user || isGuestUser(user)) {
      if (asked.current) return;
      asked.current = true;
      useAlerts.getState().show(groupFormMsg.signInToJoin(group));
      switchForm('login');
      return;
    }
    pending = null;
    handoff.joinGroup = group;
    useUi
      .getState()
      .setForm({ id: 'joinGroup', target: { ...NO_SELECTION, multilistId: boardId } });
  }, [boardId, user]);
}
