import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ROOT_BOARD,
  TIMINGS,
  boardMsg,
  diffAddresses,
  formatAddress,
  parseAddress,
  pathTitle,
  type Multilist,
  type Segment,
} from '@listboard/core';
import { preloadRenderersFor } from '../blocks/preload';
import { CallFailed, callApi, callApiGet, queryOf, type Result } from '../api/client';
import { unpackBoards } from '@listboard/core/api/packed';
import { useAlerts } from '../state/alerts';
import { useUi } from '../state/ui';
import type { TrashEntry } from '@listboard/core/api/contracts/undo';

export type Device = 'desktop' | 'tablet' | 'phone';

export function deviceOf(width: number): Device {
  return width <= 640 ? 'phone' : width <= 1024 ? 'tablet' : 'desktop';
}

/**
 * What is on screen stays up while the next boards load, for the same viewer only: once another
 * account signs in, or the last one signs out, nothing the last one was shown (a private item,
 * a board only they may read) stays on screen under the next while its boards load.
 * `at` is where the query key holds the viewer's name.
 */
export function keptForViewer<T>(username: string | undefined, at: number) {
  return (previous: T | undefined, query: { queryKey: readonly unknown[] } | undefined) =>
    query?.queryKey[at] === username ? previous : undefined;
}

const keyOf = (owner: string, title: string) => `${owner}/${pathTitle(title)}`;
const keyOfBoard = (b: Multilist) => `${b.owner}/${b.ptitle}`;

/** The boards of a (possibly chained) address, one address per board, in order. */
export function boardAddresses(path: string): { key: string; address: string }[] {
  return parseAddress(path).segments.map((s) => ({
    key: keyOf(s.owner, s.title),
    address: `/${s.owner}/${s.title}`,
  }));
}

interface Shown {
  path: string;
  username: string | undefined;
  device: Device;
  /** Per address, the one section shown (null: the whole board). */
  sections: (number | null)[];
  boards: Multilist[];
  queryKey: unknown[];
}

/**
 * The boards of the address in the URL. Following a link that adds a board to the chain loads
 * only the boards that differ from the ones on screen (spec section 2); loading the same address
 * again (reload, or a change announced by the server) loads them all. The boards on screen stay
 * up while the next ones load, so the page never blanks between boards (for the same viewer:
 * keptForViewer). A board shown one section at a time (the Section display form) is loaded that
 * section at a time (load_section).
 */
export function useBoards(
  path: string,
  username: string | undefined,
  device: Device,
  enabled = true,
) {
  const wanted = boardAddresses(path);
  const chosen = useUi((s) => s.sections);
  const sections = wanted.map((w) => chosen[w.key]?.index ?? null);
  const shown = useRef<Shown | null>(null);
  const client = useQueryClient();
  const navigate = useNavigate();
  const queryKey = ['boards', wanted.map((w) => w.key), username, device, sections];
  return useQuery({
    queryKey,
    enabled: enabled && wanted.length > 0,
    placeholderData: keptForViewer<Multilist[]>(username, 2),
    queryFn: async () => {
      const prev = shown.current;
      const sameViewer = prev && prev.username === username && prev.device === device;
      const common =
        sameViewer && prev.path !== path
          ? diffAddresses(parseAddress(prev.path), parseAddress(path)).keep
          : 0;
      // A board kept on screen is loaded again when the section it shows changed.
      const changed = sections.findIndex((s, i) => i < common && s !== prev?.sections[i]);
      const keep = changed < 0 ? common : changed;
      // The boards as the page has them now: live changes may have patched them since.
      const current = prev ? client.getQueryData<Multilist[]>(prev.queryKey) : undefined;
      const kept = new Map((current ?? prev?.boards ?? []).map((b) => [keyOfBoard(b), b]));
      const toLoad = wanted
        .slice(keep)
        .map((w, i) => ({ ...w, section: sections[keep + i] ?? null }));
      const answer = await loadShown(toLoad, username, device);
      if (!answer.ok) throw new CallFailed(answer.error, 'Could not load the board.');
      const loaded = answer.value;
      // Formulas and markdown are set before the boards are shown: KaTeX and markdown-it are
      // loaded when one of them has math or markdown.
      await preloadRenderersFor(loaded);
      const fresh = new Map(loaded.map((b) => [keyOfBoard(b), b]));
      // An address the page has left while it loaded (a board it renamed, say) is not missed.
      const missing =
        window.location.pathname === path ? toLoad.filter((w) => !fresh.has(w.key)) : [];
      // A board renamed away from its address is shown from its new one, and the page's address
      // changes in place: a link from before the rename, or the board a reader has open.
      const moved = missing.length > 0 ? await followMoves(missing, username, device) : NO_MOVES;
      for (const [key, m] of moved) if (m.board) fresh.set(key, m.board);
      if (moved.size > 0 && window.location.pathname === path) {
        const { segments } = parseAddress(path);
        const to = formatAddress({
          segments: segments.map((s) => moved.get(keyOf(s.owner, s.title))?.to ?? s),
          query: null,
          hash: null,
        });
        void navigate(`${to}${window.location.search}${window.location.hash}`, { replace: true });
      }
      const gone = missing.filter((w) => !moved.has(w.key)).map((w) => w.key);
      const onScreen = [...kept.values(), ...fresh.values()];
      // Rarely needed: loaded the first time an address finds no board.
      const trash = gone.length > 0 ? await import('./trashedBoards') : null;
      const trashed = trash ? await trash.inOwnTrash(gone, onScreen, username) : NO_ENTRIES;
      for (const key of gone) {
        const entry = trashed.get(key);
        if (entry) trash?.showInTrash(entry);
        else
          useAlerts.getState().show(boardMsg.couldNotFindBoard(key), TIMINGS.boardNotFoundAlertMs);
      }
      const boards = wanted.flatMap((w, i) => {
        const b = i < keep ? kept.get(w.key) : fresh.get(w.key);
        return b ? [b] : [];
      });
      shown.current = { path, username, device, sections, boards, queryKey };
      return boards;
    },
  });
}

type ToLoad = { key: string; address: string; section: number | null };
type Moved = Map<string, { to: Segment; board?: Multilist }>;
const NO_MOVES: Moved = new Map();
const NO_ENTRIES: Map<string, TrashEntry> = new Map();

/**
 * Boards renamed away from addresses that had none, by the old address's key: where each is now,
 * and the board loaded from there.
 */
async function followMoves(missing: ToLoad[], username: string | undefined, device: Device) {
  const moved: Moved = new Map();
  const res = await callApi('/api/dbload/moved_boards', {
    addresses: missing.map((w) => w.address),
  });
  if (!res.ok) return moved;
  for (const m of res.value) {
    const [from] = parseAddress(m.from).segments;
    const [to] = parseAddress(m.to).segments;
    if (from && to) moved.set(keyOf(from.owner, from.title), { to });
  }
  const again = missing.flatMap((w) => {
    const to = moved.get(w.key)?.to;
    return to ? [{ ...w, address: `/${to.owner}/${to.title}` }] : [];
  });
  if (again.length === 0) return moved;
  const answer = await loadShown(again, username, device);
  if (!answer.ok) return moved;
  await preloadRenderersFor(answer.value);
  for (const m of moved.values())
    m.board = answer.value.find((b) => keyOfBoard(b) === keyOf(m.to.owner, m.to.title));
  return moved;
}

/**
 * The boards to load: whole ones in one call (load_multilists), and each board shown one
 * section at a time by that section alone (load_section). A board not there is left out.
 */
async function loadShown(
  toLoad: Omit<ToLoad, 'key'>[],
  username: string | undefined,
  device: Device,
): Promise<Result<Multilist[]>> {
  const whole = toLoad.filter((w) => w.section === null).map((w) => w.address);
  const parts = toLoad.flatMap((w) => (w.section === null ? [] : [{ ...w, section: w.section }]));
  const [boards, ...sections] = await Promise.all([
    whole.length === 0
      ? Promise.resolve({ ok: true as const, value: [] as Multilist[] })
      : loadBoards(whole, username, device),
    ...parts.map((w) =>
      callApi('/api/dbload/load_section', {
        address: w.address,
        sectionIndex: w.section,
        username: username || undefined,
        device,
      }),
    ),
  ]);
  if (!boards.ok) return boards;
  const value = [...boards.value];
  for (const s of sections) {
    if (!s.ok) return s;
    if (s.value) value.push(s.value);
  }
  return { ok: true, value };
}

/**
 * Boards are loaded with a GET the browser may keep: the answer carries an ETag and
 * `Cache-Control: private, no-cache`, so a reload of an unchanged board is a 304 with no body.
 * Addresses too long for a URL go by POST.
 */
export async function loadBoards(
  addresses: string[],
  username: string | undefined,
  device: Device,
): Promise<Result<Multilist[]>> {
  // The packed form: each item without what its place tells (core/api/packed.ts). The answer
  // is typed as the full form it unpacks to; it is used only once unpacked.
  const input = { addresses, username: username || undefined, device, form: 'packed' as const };
  const res =
    queryOf(input).length < 6000
      ? await callApiGet('/api/dbload/load_multilists', input)
      : await callApi('/api/dbload/load_multilists', input);
  return res.ok ? { ok: true, value: unpackBoards(res.value) } : res;
}

/** The user's home board (their root board), as this device loads it; undefined if none. */
export async function loadHomeBoard(username: string): Promise<Multilist | undefined> {
  const home = await loadBoards(
    [`/${username}/${pathTitle(ROOT_BOARD)}`],
    username,
    deviceOf(window.innerWidth),
  );
  return home.ok ? home.value[0] : undefined;
}
