/**
 * The reader's selection, read from the DOM Range over the rendered blocks: which item, which
 * block, and the offsets of the selected characters in that block's rendered text. So formatting,
 * links, code, lists and table cells make no difference, and a repeated word is the copy that was
 * selected. A selection over two blocks or two items has no single passage to note.
 */
import { describeSelection, type Item, type TextTarget } from '@listboard/core';
import { offsetOf, renderedText, textNodesOf } from './renderedText';

/** What a selection in the board holds. */
export interface PickedText {
  itemId: string;
  /** The selected characters as shown. */
  text: string;
  /** The passage, when the selection lies within one block of one item. */
  passage: TextTarget | null;
  /** The selection runs over more than one block or item. */
  spans: boolean;
}

const ITEM = 'article[data-item-id]';

/** The block elements of an item card, in the order of the item's blocks. */
export function blockElementsOf(card: Element): Element[] {
  return Array.from(card.children).filter((c) => c.classList.contains('block'));
}

function cardOf(node: Node): Element | null {
  const el = node instanceof Element ? node : node.parentElement;
  return el?.closest(ITEM) ?? null;
}

function blockOf(node: Node, card: Element): Element | null {
  for (let n: Node | null = node; n && n !== card; n = n.parentNode) {
    if (n.parentNode === card && n instanceof Element && n.classList.contains('block')) return n;
  }
  return null;
}

/** Whether a range holds no shown characters (a triple click runs on to the next block's start). */
const blank = (r: Range) => r.toString().trim() === '';

/**
 * The selection as a passage of one item, or null when nothing is selected in a selectable item.
 * `itemOf` gives the item a card shows, for its block ids and version.
 */
export function pickSelection(
  sel: Selection | null,
  itemOf: (id: string) => Item | null,
): PickedText | null {
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const range = sel.getRangeAt(0);
  const text = range.toString();
  if (!text.trim()) return null;
  const startCard = cardOf(range.startContainer);
  const endCard = cardOf(range.endContainer);
  const card = startCard ?? endCard;
  if (!card || !card.hasAttribute('data-selectable')) return null;
  const id = card.getAttribute('data-item-id');
  const item = id === null ? null : itemOf(id);
  if (!item) return null;
  const spans = { itemId: item._id, text, passage: null, spans: true };
  if (startCard !== endCard) return spans;

  let startBlock = blockOf(range.startContainer, card);
  let endBlock = blockOf(range.endContainer, card);
  let from: 'point' | 'start' = 'point';
  let to: 'point' | 'end' = 'point';
  if (startBlock !== endBlock) {
    // A selection that only touches the edge of a neighbouring block is within one block.
    const rest = range.cloneRange();
    if (startBlock) rest.setStartAfter(startBlock);
    const lead = range.cloneRange();
    if (endBlock) lead.setEndBefore(endBlock);
    if (startBlock && blank(rest)) {
      endBlock = startBlock;
      to = 'end';
    } else if (endBlock && blank(lead)) {
      startBlock = endBlock;
      from = 'start';
    } else return spans;
  }
  const block = startBlock;
  // Selected outside the blocks (a note, a label): the item with that text, but no passage.
  if (!block) return { itemId: item._id, text, passage: null, spans: false };
  const blocks = blockElementsOf(card);
  const index = blocks.indexOf(block);
  if (blocks.length !== item.blocks.length || index < 0)
    return { itemId: item._id, text, passage: null, spans: false };

  const nodes = textNodesOf(block);
  const whole = renderedText(block);
  const start = from === 'start' ? 0 : offsetOf(nodes, range.startContainer, range.startOffset);
  const end = to === 'end' ? whole.length : offsetOf(nodes, range.endContainer, range.endOffset);
  const exact = whole.slice(start, end);
  if (!exact.trim()) return null;
  // Words of a PDF are of the page shown, which the passage keeps.
  const page = Number(block.querySelector('[data-page]')?.getAttribute('data-page'));
  return {
    itemId: item._id,
    text: exact,
    passage: describeSelection(whole, start, end, {
      blockId: item.blocks[index]?._id ?? null,
      blockIndex: index,
      version: item.version,
      page,
    }),
    spans: false,
  };
}

/** Whether two picks are the same selection, so nothing needs updating. */
export function samePick(a: PickedText | null, b: PickedText | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.itemId === b.itemId &&
    a.text === b.text &&
    a.spans === b.spans &&
    JSON.stringify(a.passage) === JSON.stringify(b.passage)
  );
}
