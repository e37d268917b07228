/**
 * An item's blocks as the reader sees them: the text of a block element's text nodes, in order,
 * leaving out what is there for screen readers or the browser only (KaTeX's MathML copy of a
 * formula, scripts, styles), and of a PDF only the words of the page shown, not its page buttons
 * or name. Offsets into this text are what a note's position selector counts.
 */

const NOT_SHOWN =
  '.katex-mathml, script, style, noscript, template, textarea, .block-pdf > :not(.pdf-sheet)';

/** The text nodes of a block that make up its rendered text, in document order. */
export function textNodesOf(root: Element): Text[] {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(n) {
      const hidden = n.parentElement?.closest(NOT_SHOWN);
      return hidden && root.contains(hidden) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
    },
  });
  const out: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

export function renderedText(root: Element): string {
  return textNodesOf(root)
    .map((t) => t.data)
    .join('');
}

/**
 * The offset in the rendered text of a DOM boundary point (container, offset), as a Range has
 * them: the length of the rendered text before the point.
 */
export function offsetOf(nodes: Text[], container: Node, offset: number): number {
  const doc = container.ownerDocument ?? (container as Document);
  const point = doc.createRange();
  point.setStart(container, offset);
  let total = 0;
  for (const t of nodes) {
    if (t === container) return total + Math.min(offset, t.length);
    // The node starts after the point: the point is before all of it.
    if (point.comparePoint(t, 0) > 0) return total;
    total += t.length;
  }
  return total;
}

/**
 * The DOM point of an offset in the rendered text, the inverse of offsetOf: a start at the end
 * of one text node is the next one's start, an end there stays in its node. Null past the end.
 */
export function pointAt(nodes: Text[], offset: number, isEnd: boolean): [Text, number] | null {
  let before = 0;
  for (const n of nodes) {
    if (offset < before + n.length || (isEnd && offset === before + n.length))
      return [n, offset - before];
    before += n.length;
  }
  return null;
}
