/**
 * Printing a board: the board in use (the selection's, else the last one opened) on paper, every
 * list one under another and every item in it, without the tools around them. A long list or a
 * wide board draws only what is on screen (VirtualRows, ListRow): while the page prints, it draws
 * everything. The browser's own Print (its menu; Ctrl+P is this app's previous item) and the
 * Print board command both come through `beforeprint`, which is answered at once (flushSync),
 * before the page is laid out for paper; `afterprint` puts the screen back.
 */
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { create } from 'zustand';
import './print.css';

interface Printing {
  /** The board being printed (its id), or null when nothing is. */
  boardId: string | null;
}

const usePrintingStore = create<Printing>(() => ({ boardId: null }));

/** Whether the page is being printed: lists and boards draw every item then. */
export const usePrinting = (): boolean => usePrintingStore((s) => s.boardId !== null);

/** The board being printed, or null. */
export const usePrintedBoard = (): string | null => usePrintingStore((s) => s.boardId);

/** Follows the browser's printing for the board screen; `boardId` is the board in use. */
export function usePrintMode(boardId: string | null): void {
  const latest = useRef(boardId);
  latest.current = boardId;
  useEffect(() => {
    const stop = new AbortController();
    addEventListener(
      'beforeprint',
      () => flushSync(() => usePrintingStore.setState({ boardId: latest.current })),
      { signal: stop.signal },
    );
    addEventListener('afterprint', () => usePrintingStore.setState({ boardId: null }), {
      signal: stop.signal,
    });
    return () => {
      stop.abort();
      usePrintingStore.setState({ boardId: null });
    };
  }, []);
}
