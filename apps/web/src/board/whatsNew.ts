/**
 * What is new since a user's last visit to a board (ours): the items, notes, replies and
 * annotations others wrote after the newest thing the last visit showed them. The board's view
 * state keeps that time for each user (`seenUpTo`, the server's own `created` of that thing, so
 * no clock but the server's counts); a visit reads it as it opens and moves it on to the newest
 * thing of others' it shows, live arrivals included (once the page is in sight). A first visit,
 * and the shared guest, mark nothing.
 */
import { useEffect, useMemo, useRef } from 'react';
import { create } from 'zustand';
import { answersTo, counted, isResultsBoard, type Item, type Multilist } from '@listboard/core';

interface NewSince {
  /** Per board: what this visit counts as new after; null marks nothing (a first visit). */
  since: Record<string, string | null>;
  /** Per board: the newest thing shown, as kept in its view state while this page lives. */
  kept: Record<string, string>;
}

export const useNewSince = create<NewSince>(() => ({ since: {}, kept: {} }));

/** The later of two of the server's times (ISO strings in one form, so they sort as text). */
const later = (a: string | undefined, b: string | undefined) => (!a ? b : !b || a > b ? a : b);

/** Whether `x` is new to `me` on a visit that counts from `since`. */
export const isNewTo = (x: Item, since: string | null | undefined, me: string | null): boolean =>
  Boolean(since) && x.created > (since ?? '') && x.author !== me;

/** The items and notes of a board in its order, each item followed by its notes. */
function* everything(board: Multilist): Generator<Item> {
  for (const list of board.lists)
    for (const item of list.items) {
      yield item;
      yield* item.notes;
    }
}

/**
 * The newest `created` among what others wrote on a board (its items and their notes), if
 * anything: one's own writing is never new to one, so it moves nothing on (an author building a
 * board writes no view state for each item they add).
 */
export function newestOn(board: Multilist, me: string | null): string | undefined {
  let newest: string | undefined;
  for (const x of everything(board)) if (x.author !== me) newest = later(newest, x.created);
  return newest;
}

/**
 * What is new to `me` on a board, in the board's order: items, notes of every kind, and the new
 * replies that answer `me` (under a note or reply of theirs: core answersTo).
 */
export function newOn(
  board: Multilist,
  since: string | null | undefined,
  me: string | null,
): { items: Item[]; notes: Item[]; toYou: Item[]; all: Item[] } {
  const shown = since ? [...everything(board)] : [];
  const all = shown.filter((x) => isNewTo(x, since, me));
  const notes = all.filter((x) => x.annotationClass !== 'none');
  const byId = new Map(notes.length ? shown.map((x) => [x._id, x]) : []);
  return {
    items: all.filter((x) => x.annotationClass === 'none'),
    notes,
    toYou: notes.filter((x) => answersTo(x, me, byId)),
    all,
  };
}

/** What is new to `me` on a board since this visit's line (newOn), worked out again as it changes. */
export function useNewOn(board: Multilist, me: string | null): ReturnType<typeof newOn> {
  const since = useNewSince((s) => s.since[board._id]);
  return useMemo(() => newOn(board, since, me), [board, since, me]);
}

/**
 * How many items and notes are new, in words, and how many of the notes are replies to the
 * reader: "2 items and 1 note", "3 notes, 1 a reply to you", "2 replies to you".
 */
export function newWords({
  items,
  notes,
  toYou = 0,
}: {
  items: number;
  notes: number;
  toYou?: number;
}): string {
  const noteWords =
    toYou > 0 && toYou === notes
      ? counted(toYou, 'reply', 'replies') + ' to you'
      : notes > 0 && counted(notes, 'note');
  const words = [items > 0 && counted(items, 'item'), noteWords].filter(Boolean).join(' and ');
  if (toYou === 0 || toYou === notes) return words;
  return `${words}, ${String(toYou)} ${toYou === 1 ? 'a reply' : 'replies'} to you`;
}

/** A board whose visits count: a results page, or a board behind its password, keeps none. */
const visited = (b: Multilist) => !isResultsBoard(b._id) && !b.locked;

/** Where a visit to a board counts from: its view state's line, or a later one this page kept. */
const lineOf = (b: Multilist) =>
  later(b.viewstate.seenUpTo as string | undefined, useNewSince.getState().kept[b._id]);

/**
 * Starts a visit to each board shown (its line: the view state's `seenUpTo`, or what this page
 * kept since it was loaded), and keeps the newest thing shown in the board's view state as it
 * grows. `keep` writes a board's view state; null for the guest, whose visits mark nothing.
 */
export function useNewSinceVisit(
  boards: Multilist[],
  me: string | null,
  keep: ((multilistId: string, patch: { seenUpTo: string }) => void) | null,
): void {
  const stored = boards.filter(visited);
  const key = stored.map((b) => b._id).join(',');
  const latest = useRef(stored);
  latest.current = stored;
  useEffect(() => {
    if (!keep) return;
    useNewSince.setState({
      since: Object.fromEntries(latest.current.map((b) => [b._id, lineOf(b) ?? null])),
    });
  }, [key, keep]);
  // What a hidden page receives live is not seen until the page shows again.
  useEffect(() => {
    if (!keep) return;
    const keepNewest = () => {
      if (document.visibilityState === 'hidden') return;
      for (const b of boards.filter(visited)) {
        const kept = lineOf(b);
        // A first visit keeps a line even where nothing of others' shows yet (the reader's own
        // board, an empty one): the first thing another writes there is new next time.
        const newest = newestOn(b, me) ?? (kept ? undefined : (newestOn(b, null) ?? b.created));
        if (!newest || (kept && newest <= kept)) continue;
        useNewSince.setState((s) => ({ kept: { ...s.kept, [b._id]: newest } }));
        keep(b._id, { seenUpTo: newest });
      }
    };
    keepNewest();
    document.addEventListener('visibilitychange', keepNewest);
    return () => {
      document.removeEventListener('visibilitychange', keepNewest);
    };
  }, [boards, me, keep]);
}
