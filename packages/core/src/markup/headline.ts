/**
 * An item's first line as plain words: what the headline view, collapsed items, the contents and
 * the Discussion page show for an item. Heading marks, emphasis and link targets are dropped.
 */
export function headlineOf(blocks: readonly { text: string }[], text = ''): string {
  const first = blocks.find((b) => b.text.trim())?.text ?? text;
  return (first.trim().split('\n')[0] ?? '')
    .replace(/^#+\s*/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]+/g, '')
    .trim()
    .slice(0, 120);
}
