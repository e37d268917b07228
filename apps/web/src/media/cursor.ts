/**
 * The text cursor of spec section 4: alt-click on a block or sentence of an item sets it. Text
 * markers are added, updated and deleted at the cursor (cursorIndex): the block's index, or the
 * sentence's index across the item, counted as the server counts (core's sentenceSpans).
 */
import { create } from 'zustand';
import { blockSpans, sentenceEnds, sentenceSpans } from '@listboard/core';

export interface TextCursor {
  blockIndex: number;
  sentenceIndex: number;
}

interface CursorState {
  byItem: Record<string, TextCursor>;
  set: (itemId: string, cursor: TextCursor) => void;
  clear: (itemId: string) => void;
}

export const useTextCursor = create<CursorState>((set, get) => ({
  byItem: {},
  set: (itemId, cursor) => set({ byItem: { ...get().byItem, [itemId]: cursor } }),
  clear(itemId) {
    const { [itemId]: _gone, ...rest } = get().byItem;
    set({ byItem: rest });
  },
}));

export function cursorOf(itemId: string | null | undefined): TextCursor | null {
  return itemId ? (useTextCursor.getState().byItem[itemId] ?? null) : null;
}

/** The index for a marker call: the sentence's in sentences mode, else the block's. */
export function cursorIndexOf(cursor: TextCursor | null, sentences: boolean): number | null {
  if (!cursor) return null;
  return sentences ? cursor.sentenceIndex : cursor.blockIndex;
}

/** Characters of `el`'s text before the point (node, offset) inside it. */
function offsetIn(el: Element, node: Node, offset: number): number {
  const r = document.createRange();
  r.setStart(el, 0);
  try {
    r.setEnd(node, offset);
  } catch {
    return 0;
  }
  return r.toString().length;
}

/** The text node and offset under a point, where the browser can tell. */
function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  // Browsers have one or the other: caretRangeFromPoint is the older name, still the only one
  // in some, so both are looked for.
  const doc: {
    caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
    caretRangeFromPoint?: (x: number, y: number) => Range | null;
  } = document;
  const pos = doc.caretPositionFromPoint?.(x, y);
  if (pos) return { node: pos.offsetNode, offset: pos.offset };
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/**
 * The cursor for a click at (x, y) on block `blockIndex` of an item whose text is `text`: the
 * sentence is found in the block's shown text, then numbered across the whole item.
 */
export function cursorAt(
  blockEl: Element,
  blockIndex: number,
  text: string,
  owner: string,
  x: number,
  y: number,
): TextCursor {
  const ctx = { owner };
  const blocks = blockSpans(text, ctx);
  const block = blocks[blockIndex];
  if (!block) return { blockIndex, sentenceIndex: 0 };
  const all = sentenceSpans(text, ctx);
  const before = all.filter((s) => s.start < block.start).length;
  const inBlock = all.filter((s) => s.start >= block.start && s.start < block.end).length;
  const caret = caretAt(x, y);
  const shown = blockEl.textContent;
  const local =
    caret && blockEl.contains(caret.node)
      ? sentenceEnds(shown, offsetIn(blockEl, caret.node, caret.offset))
      : 0;
  return { blockIndex, sentenceIndex: before + Math.min(local, Math.max(0, inBlock - 1)) };
}
