/**
 * Highlights drawn in a rendered block: each note's passage wraps the text nodes it covers in
 * `<mark data-note-id>` elements, after the block has rendered. Passages that overlap nest, one
 * mark inside another. Drawing is idempotent: a block that already shows the wanted marks over
 * the same text is left alone, so a re-render never disturbs the reader's own selection.
 */
import { renderedText, textNodesOf } from './renderedText';

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

/** Shows exactly these highlights in the block, changing nothing when it already does. */
export function drawMarks(root: Element, specs: MarkSpec[]): void {
  const key = JSON.stringify(specs);
  const present = root.querySelectorAll('mark[data-note-id]').length;
  const text = renderedText(root);
  if (drawn.get(root) === `${key}\n${text}` && (present > 0 || specs.length === 0)) return;
  clearMarks(root);
  // Longer passages first, so a shorter one inside them nests within their marks.
  for (const s of [...specs].sort((a, b) => b.end - b.start - (a.end - a.start))) wrap(root, s);
  drawn.set(root, `${key}\n${text}`);
}
