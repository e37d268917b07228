/**
 * Highlights drawn in a rendered block: each note's passage wraps the text nodes it covers in
 * `<mark data-note-id>` elements, after the block has rendered. Passages that overlap nest, one
 * mark inside another. Drawing is idempotent: a block that already shows the wanted marks over
 * the same text is left alone, so a re-render never disturbs the reader's own selection.
 */
import { offsetOf, pointAt, renderedText, textNodesOf } from './renderedText';

export interface MarkSpec {
  noteId: string;
  start: number;
  end: number;
  /** Shown on hover: who wrote the note and what it says. */
  title: string;
  kind: 'anno' | 'note' | 'reply' | 'none';
}

const drawn = new WeakMap<Element, string>();

/** Whitespace between the rows of a table or the entries of a list is layout, not text. */
const LAYOUT = new Set(['TABLE', 'TBODY', 'THEAD', 'TFOOT', 'TR', 'UL', 'OL', 'DL', 'PRE']);

function wrap(root: Element, spec: MarkSpec): void {
  const doc = root.ownerDocument;
  let pos = 0;
  for (const t of textNodesOf(root)) {
    const from = pos;
    const to = pos + t.length;
    pos = to;
    if (to <= spec.start || from >= spec.end) continue;
    if (!t.data.trim() && LAYOUT.has(t.parentElement?.tagName ?? '')) continue;
    // The text's parent, which the part split off stays in: the mark goes there.
    const parent = t.parentNode;
    if (!parent) continue;
    let node = t;
    const a = Math.max(0, spec.start - from);
    const b = Math.min(t.length, spec.end - from);
    if (b < node.length) node.splitText(b);
    if (a > 0) node = node.splitText(a);
    const mark = doc.createElement('mark');
    mark.className = `note-mark note-mark-${spec.kind}`;
    mark.dataset.noteId = spec.noteId;
    mark.title = spec.title;
    mark.tabIndex = 0;
    mark.setAttribute('aria-describedby', `note-${spec.noteId}`);
    parent.insertBefore(mark, node);
    mark.appendChild(node);
  }
}

/** Takes every note mark out of a block, leaving its text as it was. */
export function clearMarks(root: Element): void {
  const marks = root.querySelectorAll('mark[data-note-id]');
  if (marks.length === 0) return;
  marks.forEach((m) => m.replaceWith(...Array.from(m.childNodes)));
  root.normalize();
  drawn.delete(root);
}

/** A boundary of the reader's selection: in the block by its offset in the rendered text. */
type Held = { at: number } | { node: Node; offset: number };

/**
 * The reader's selection where it touches the block, kept across a drawing: drawing splits and
 * joins the block's text nodes, which would otherwise lose or move a passage the reader has
 * just selected (a note's highlight arriving as they select the next words).
 */
function holdSelection(root: Element): (() => void) | null {
  const selection = root.ownerDocument.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  if (!selection || !range) return null;
  const inRoot = (n: Node) => root.contains(n);
  if (!inRoot(range.startContainer) && !inRoot(range.endContainer)) return null;
  const nodes = textNodesOf(root);
  const hold = (node: Node, offset: number): Held =>
    inRoot(node) ? { at: offsetOf(nodes, node, offset) } : { node, offset };
  const start = hold(range.startContainer, range.startOffset);
  const end = hold(range.endContainer, range.endOffset);
  return () => {
    const now = textNodesOf(root);
    const place = (h: Held, isEnd: boolean): [Node, number] =>
      'node' in h
        ? [h.node, h.offset]
        : (pointAt(now, h.at, isEnd) ?? [root, root.childNodes.length]);
    const again = root.ownerDocument.createRange();
    again.setStart(...place(start, false));
    again.setEnd(...place(end, true));
    selection.removeAllRanges();
    selection.addRange(again);
  };
}

/** Shows exactly these highlights in the block, changing nothing when it already does. */
export function drawMarks(root: Element, specs: MarkSpec[]): void {
  const key = JSON.stringify(specs);
  const present = root.querySelectorAll('mark[data-note-id]').length;
  const text = renderedText(root);
  if (drawn.get(root) === `${key}\n${text}` && (present > 0 || specs.length === 0)) return;
  const restore = holdSelection(root);
  clearMarks(root);
  // Longer passages first, so a shorter one inside them nests within their marks.
  for (const s of [...specs].sort((a, b) => b.end - b.start - (a.end - a.start))) wrap(root, s);
  drawn.set(root, `${key}\n${text}`);
  restore?.();
}
