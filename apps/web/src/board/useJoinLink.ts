/**
 * A reader group's join link, `/{owner}/{board}?join={group}` (Assign group copies it): the board
 * opens, the address loses the parameter (start-path rules), and the join form opens with the
 * group chosen. A visitor not signed in is asked to sign in first; the form opens once they have,
 * on that board. A new account's first sign-in often comes from its verification mail, on
 * another page: the join waits in this browser for a day, and that sign-in goes back to it.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import {
  groupFormMsg,
  isGuestUser,
  parseAddress,
  readStartParams,
  type PublicUser,
} from '@listboard/core';
import { handoff, switchForm } from '../account/session';
import { useAlerts } from '../state/alerts';
import { NO_SELECTION, useUi } from '../state/ui';

/** The address a join link opened, the board it leads to (the last of its chain), its group. */
interface Join {
  path: string;
  board: string;
  group: string;
}

const KEY = 'listboard.join';
/** How long a join asked of a visitor waits for them to sign in. */
const WAITS_MS = 24 * 60 * 60 * 1000;

function joinOf(url: string): Join | null {
  const group = readStartParams(url).join;
  // The address as the page shows it: without a trailing slash (start-path rules).
  const path = new URL(url, 'http://localhost').pathname.replace(/\/+$/, '');
  const last = parseAddress(path).segments.at(-1);
  return group && last ? { path, board: `/${last.owner}/${last.title}`, group } : null;
}

let pending: Join | null = typeof window === 'undefined' ? null : joinOf(window.location.href);

/** Sets the address the join is read from, as a fresh page load would. */
export function captureJoinLink(url: string): void {
  pending = joinOf(url);
}

/** Keeps the join in this browser while its visitor signs in (or signs up, and verifies). */
function keep(join: Join | null): void {
  try {
    if (join) localStorage.setItem(KEY, JSON.stringify({ ...join, at: Date.now() }));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window): the join lasts as long as the page.
  }
}

/** A join kept in this browser, if it is not too old. */
function kept(): Join | null {
  try {
    const raw = localStorage.getItem(KEY);
    const j = raw ? (JSON.parse(raw) as Partial<Join & { at: number }>) : null;
    if (!j) return null;
    keep(null);
    const fresh = typeof j.at === 'number' && Date.now() - j.at < WAITS_MS;
    return fresh &&
      typeof j.path === 'string' &&
      typeof j.board === 'string' &&
      typeof j.group === 'string'
      ? { path: j.path, board: j.board, group: j.group }
      : null;
  } catch {
    return null;
  }
}

/** Addresses that differ only in how they are escaped are one. */
const samePath = (a: string, b: string) => {
  try {
    return decodeURIComponent(a) === decodeURIComponent(b);
  } catch {
    return a === b;
  }
};

/** `board`: the board the page leads to (the last of its chain), with its own address. */
export function useJoinLink(
  board: { id: string; path: string } | null,
  user: PublicUser | null,
): void {
  const asked = useRef(false);
  const went = useRef(false);
  const navigate = useNavigate();
  const signedIn = user !== null && !isGuestUser(user);
  const id = board?.id ?? null;
  const path = board?.path ?? null;
  useEffect(() => {
    if (!pending && signedIn) pending = kept();
    const join = pending;
    if (!join || !id || !path) return;
    if (!signedIn) {
      if (asked.current) return;
      asked.current = true;
      keep(join);
      useAlerts.getState().show(groupFormMsg.signInToJoin(join.group));
      switchForm('login');
      return;
    }
    // Here: the board the link named is on screen, alone or at the end of a chain of boards.
    if (!samePath(path, join.board)) {
      // Signed in elsewhere (the home, after a verification link): back to the link's board,
      // once; the form opens when it is here.
      if (!went.current) void navigate(join.path);
      went.current = true;
      return;
    }
    pending = null;
    keep(null);
    handoff.joinGroup = join.group;
    useUi.getState().setForm({ id: 'joinGroup', target: { ...NO_SELECTION, multilistId: id } });
  }, [id, path, signedIn, navigate]);
}
