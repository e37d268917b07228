import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  decodePart,
  LIST_WIDTH_STEPS,
  must,
  noteIdOfHash,
  pathTitle,
  phoneListWidth,
  type List,
  type Multilist,
} from '@listboard/core';
import { ListColumn } from './ListColumn';
import { offsetShowing } from './listScroll';
import { useBoardApi } from './boardApi';
import { SHOW_LIST_EVENT } from './boardLinks';
import type { ColorKey } from './colors';
import { useViewport } from './useViewport';
import { useZoom } from '../blocks/zoom';
import { usePrinting } from './print';

/** Boards of up to this many lists draw them all; wider ones only those near the screen. */
export const VIRTUALISE_LISTS_OVER = 10;
/** The lists drawn either side of those on screen. */
const LIST_OVERSCAN = 2;
/** The gap between lists: `.lists` and `.list-row` in the styles. */
const LIST_GAP = 15;

interface Props {
  board: Multilist;
  keys: ColorKey[];
  /** The list holding the view state's first item in view, and that item's index in it. */
  startList?: List;
  startIndex?: number;
}

/** Where the row sits in the scrolling row of boards. */
interface Geometry {
  /** From the start of the boards' scrolled content to where the first list would be. */
  margin: number;
  /** The boards' scroll-padding at the start, which a scrolled-to list keeps clear. */
  padding: number;
}

/**
 * Measures where the row starts in the boards' scrolled content. It moves when the window
 * resizes, the contents column opens beside it or a board before it changes width: each of
 * those resizes the boards' row, this board's lists or a board.
 */
function useRowGeometry(row: RefObject<HTMLElement | null>): Geometry {
  const [geo, setGeo] = useState<Geometry>({ margin: 0, padding: 0 });
  useLayoutEffect(() => {
    const el = row.current;
    const scroller = el?.closest<HTMLElement>('.boards');
    if (!el || !scroller) return;
    const measure = () => {
      const next: Geometry = {
        margin:
          el.getBoundingClientRect().left -
          scroller.getBoundingClientRect().left -
          scroller.clientLeft +
          scroller.scrollLeft,
        padding: parseFloat(getComputedStyle(scroller).scrollPaddingLeft) || 0,
      };
      setGeo((g) =>
        Math.abs(g.margin - next.margin) < 1 && g.padding === next.padding ? g : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    if (el.parentElement) observer.observe(el.parentElement);
    for (const b of scroller.querySelectorAll('[data-board]')) observer.observe(b);
    return () => observer.disconnect();
  }, [row]);
  return geo;
}

/** A list's width as ListColumn sets it: its own zoom or the board's, twice that when split. */
function listWidth(zoom: number | undefined, split: boolean, base: number): number {
  const own = zoom !== undefined ? LIST_WIDTH_STEPS[zoom] : undefined;
  if (own !== undefined) return split ? own * 2 : own;
  return split ? base * 2 + 8 : base;
}

/** The board's lists, side by side. */
export function ListRow(p: Props) {
  if (p.board.lists.length > VIRTUALISE_LISTS_OVER) return <VirtualListRow {...p} />;
  return p.board.lists.map((l) => (
    <ListColumn
      key={l._id}
      board={p.board}
      list={l}
      keys={p.keys}
      initialIndex={l === p.startList ? p.startIndex : undefined}
    />
  ));
}

/**
 * A wide board's lists, virtualised across the row of boards (TanStack Virtual, horizontal):
 * only the lists on screen and a margin either side are drawn; an empty box of its width holds
 * each other list's place, so the row keeps its width, scrolls as if they were all there, and
 * snaps (a phone's swipe) to each list's place whether it is drawn or not. The selected list,
 * the list with an open editor or form, the list the reader left off in and the list of a note
 * the address names stay drawn.
 */
function VirtualListRow({ board, keys, startList, startIndex }: Props) {
  const api = useBoardApi();
  const row = useRef<HTMLDivElement>(null);
  const lists = board.lists;
  const geo = useRowGeometry(row);
  // --list-width, as the board screen sets it.
  const { width, phone } = useViewport();
  const zoom = useZoom();
  const base = phone ? phoneListWidth(width) : (LIST_WIDTH_STEPS[zoom] ?? LIST_WIDTH_STEPS[1]);

  const sizes = lists.map((l) =>
    listWidth(api.listState(l._id).zoom, api.splitLists.includes(l._id), base),
  );
  // An address ending in #note-{id} opens that note's item, wherever its list is.
  const noteId = noteIdOfHash(decodePart(useLocation().hash));
  const noteList = noteId
    ? lists.find((l) => l.items.some((it) => it.notes.some((n) => n._id === noteId)))
    : undefined;
  const held = new Set(
    [
      api.selection.listId,
      noteList?._id,
      api.editorListId,
      api.form?.listEditor?.listId,
      startList && startIndex !== undefined && startIndex > 0 ? startList._id : undefined,
    ].flatMap((id) => {
      const i = id ? lists.findIndex((l) => l._id === id) : -1;
      return i >= 0 ? [i] : [];
    }),
  );
  const v = useVirtualizer({
    horizontal: true,
    count: lists.length,
    getScrollElement: () => row.current?.closest<HTMLElement>('.boards') ?? null,
    estimateSize: (i) => must(sizes[i], `list ${i} of ${sizes.length}`),
    getItemKey: (i) => must(lists[i], `list ${i} of ${lists.length}`)._id,
    overscan: LIST_OVERSCAN,
    gap: LIST_GAP,
    scrollMargin: geo.margin,
    scrollPaddingStart: geo.padding,
    indexAttribute: 'data-list-index',
    // The boards' row is about the window's width: the first render draws the lists in view
    // before the row is measured.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    rangeExtractor: (range: Range) =>
      [...new Set([...defaultRangeExtractor(range), ...held])].sort((a, b) => a - b),
  });

  // A change of zoom or of a split makes every list's width new, measured or not.
  const shape = sizes.join();
  useLayoutEffect(() => {
    v.measure();
  }, [shape, v]);

  const padding = geo.padding;
  const bringIn = useCallback(
    (i: number, behavior: ScrollBehavior) => {
      const scroller = v.scrollElement;
      const to = scroller ? offsetShowing(v.measurementsCache, i, scroller, padding) : null;
      if (scroller && to !== null) scroller.scrollTo({ left: Math.max(0, to), behavior });
    },
    [v, padding],
  );

  // The list the reader left off in, brought into view once (its rows scroll to the item).
  useLayoutEffect(() => {
    const i = startList ? lists.indexOf(startList) : -1;
    if (i >= 0 && startIndex !== undefined && startIndex > 0) bringIn(i, 'instant');
    // Only the list the board was first shown with counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [v]);

  const noteIndex = noteList ? lists.indexOf(noteList) : -1;
  useEffect(() => {
    if (noteIndex >= 0) bringIn(noteIndex, 'instant');
  }, [noteIndex, bringIn]);

  // A list asked for by a #section link or the contents, and not drawn: scroll to where it is.
  // The list just scrolled to that way, and when: the selection that comes with it needs no scroll.
  const aimed = useRef({ index: -1, at: 0 });
  useEffect(() => {
    const section = row.current?.closest('[data-board]');
    if (!section) return;
    const show = (e: Event) => {
      const i = lists.findIndex((l) => pathTitle(l.title) === (e as CustomEvent<string>).detail);
      const item = v.measurementsCache[i];
      if (!item) return;
      e.preventDefault();
      aimed.current = { index: i, at: performance.now() };
      v.scrollElement?.scrollTo({ left: item.start - geo.padding, behavior: 'smooth' });
    };
    section.addEventListener(SHOW_LIST_EVENT, show);
    return () => section.removeEventListener(SHOW_LIST_EVENT, show);
  }, [lists, v, geo.padding]);

  // The selection moved to a list off screen (by the keyboard, say): draw it and bring it in.
  const selected = lists.findIndex((l) => l._id === api.selection.listId);
  useEffect(() => {
    const justAimed =
      selected === aimed.current.index && performance.now() - aimed.current.at < 1000;
    if (selected >= 0 && !justAimed) bringIn(selected, 'instant');
  }, [selected, bringIn]);

  const drawn = new Set(v.getVirtualItems().map((item) => item.index));
  // On paper, every list.
  const printing = usePrinting();
  return (
    <div ref={row} className="list-row">
      {lists.map((list, i) =>
        drawn.has(i) || printing ? (
          <ListColumn
            key={list._id}
            board={board}
            list={list}
            keys={keys}
            initialIndex={list === startList ? startIndex : undefined}
            index={i}
            measure={v.measureElement}
          />
        ) : (
          // A list not drawn keeps its place, and a place the boards snap to.
          <div
            key={`place-${list._id}`}
            className="list-place"
            aria-hidden="true"
            style={{ width: v.measurementsCache[i]?.size ?? sizes[i] }}
          />
        ),
      )}
    </div>
  );
}
