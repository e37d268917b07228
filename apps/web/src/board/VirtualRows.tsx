import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { must } from '@listboard/core';
import { scrollIntoViewIfAble } from '../dom';
import { usePrinting } from './print';

/** Lists up to this many rows render whole; longer ones only what is in view (plus a margin). */
export const VIRTUALISE_OVER = 30;

export interface VisibleRange {
  first: number;
  last: number;
}

interface Props<T> {
  rows: T[];
  rowKey: (row: T) => string;
  renderRow: (row: T, index: number) => ReactNode;
  /** A first guess at a row's height; rows are measured once drawn. */
  estimate: number;
  className?: string;
  label?: string;
  /** Bring this row into view when it changes (the selected item). */
  focusIndex?: number;
  /** Scroll to this row once, when first shown (the view state's itemsViewStartIndex). */
  initialIndex?: number;
  /** The rows in view, after scrolling settles. */
  onRange?: (range: VisibleRange) => void;
}

const GAP = 8;

/** The row at an index the virtualizer gives, which counts the rows it was given. */
const rowAt = <T,>(rows: T[], i: number): T => must(rows[i], `row ${i} of ${rows.length}`);

function useSettledScroll(ref: RefObject<HTMLElement | null>, report: () => void) {
  // The listener stays for the element's life; renders while scrolling only refresh `report`.
  const latest = useRef(report);
  latest.current = report;
  useEffect(() => {
    // The ref is set before effects run, and the element lives as long as this component.
    const node = ref.current;
    if (!node) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(t);
      t = setTimeout(() => latest.current(), 250);
    };
    node.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(t);
      node.removeEventListener('scroll', onScroll);
    };
    // Attached once, for the element's life: the ref object never changes.
  }, [ref]);
}

/** A short list: every row in the DOM. */
function PlainRows<T>(p: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  // Only the index the list was first shown with counts.
  const initialIndex = useRef(p.initialIndex);
  useLayoutEffect(() => {
    const at = initialIndex.current;
    if (at === undefined || at <= 0) return;
    scrollIntoViewIfAble(ref.current?.querySelector<HTMLElement>(`[data-index="${at}"]`), {
      block: 'start',
      inline: 'nearest',
    });
  }, []);
  useEffect(() => {
    if (p.focusIndex === undefined || p.focusIndex < 0) return;
    scrollIntoViewIfAble(
      ref.current?.querySelector<HTMLElement>(`[data-index="${p.focusIndex}"]`),
      { block: 'nearest', inline: 'nearest' },
    );
  }, [p.focusIndex]);
  useSettledScroll(ref, () => {
    const box = ref.current;
    if (!box || !p.onRange) return;
    const top = box.scrollTop;
    const bottom = top + box.clientHeight;
    const shown = [...box.querySelectorAll<HTMLElement>(':scope > [data-index]')].filter(
      (el) => el.offsetTop + el.offsetHeight > top && el.offsetTop < bottom,
    );
    const first = shown[0];
    const last = shown.at(-1);
    if (first && last)
      p.onRange({ first: Number(first.dataset.index), last: Number(last.dataset.index) });
  });
  return (
    // Focusable, so a keyboard can scroll a list whose items are not (a guest's).
    <div ref={ref} className={p.className} role="group" aria-label={p.label} tabIndex={0}>
      {p.rows.map((r, i) => (
        <div key={p.rowKey(r)} data-index={i} className="row">
          {p.renderRow(r, i)}
        </div>
      ))}
    </div>
  );
}

/** A long list: only the rows in view are in the DOM, measured as they are drawn. */
function VirtualisedRows<T>(p: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: p.rows.length,
    getScrollElement: () => ref.current,
    estimateSize: () => p.estimate,
    getItemKey: (i) => p.rowKey(rowAt(p.rows, i)),
    overscan: 4,
    gap: GAP,
    initialOffset: 0,
    // A list is no taller than the window: the first render already draws the rows a list of
    // that height shows, rather than none until the list has been measured. Those rows are then
    // drawn in the board's own (background) render, not in a second one forced as it commits.
    initialRect: { width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight },
  });
  // Only the index the list was first shown with counts; the virtualizer is one for its life.
  const initialIndex = useRef(p.initialIndex);
  useLayoutEffect(() => {
    const at = initialIndex.current;
    if (at !== undefined && at > 0) v.scrollToIndex(at, { align: 'start' });
  }, [v]);
  useEffect(() => {
    if (p.focusIndex !== undefined && p.focusIndex >= 0)
      v.scrollToIndex(p.focusIndex, { align: 'auto' });
  }, [p.focusIndex, v]);
  useSettledScroll(ref, () => {
    const shown = v.getVirtualItems();
    const box = ref.current;
    if (!box || !p.onRange || shown.length === 0) return;
    const top = box.scrollTop;
    const bottom = top + box.clientHeight;
    const inView = shown.filter((r) => r.end > top && r.start < bottom);
    const first = inView[0];
    const last = inView.at(-1);
    if (first && last) p.onRange({ first: first.index, last: last.index });
  });
  // On paper, every row, one after another in the flow (the print styles); on screen, those in view.
  const printing = usePrinting();
  const shown = printing
    ? p.rows.map((r, index) => ({ key: p.rowKey(r), index, start: null as number | null }))
    : v.getVirtualItems().map((r) => ({ key: String(r.key), index: r.index, start: r.start }));
  return (
    <div
      ref={ref}
      className={`${p.className ?? ''} virtual`}
      role="group"
      aria-label={p.label}
      tabIndex={0}
    >
      <div className="virtual-space" style={printing ? undefined : { height: v.getTotalSize() }}>
        {shown.map((r) => (
          <div
            key={r.key}
            data-index={r.index}
            ref={printing ? undefined : v.measureElement}
            className="row"
            style={r.start === null ? undefined : { transform: `translateY(${r.start}px)` }}
          >
            {p.renderRow(rowAt(p.rows, r.index), r.index)}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The rows of a list column. Short lists render whole; long ones are virtualised (TanStack
 * Virtual), so a 2,000-item board keeps only the items in view in the DOM.
 */
export function VirtualRows<T>(p: Props<T>) {
  return p.rows.length > VIRTUALISE_OVER ? <VirtualisedRows {...p} /> : <PlainRows {...p} />;
}
