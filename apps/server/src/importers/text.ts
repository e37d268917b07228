/**
 * Plain text to lists. Text has no headings, so it is one list named after the file; each
 * paragraph (lines up to a blank line) is an item.
 */
import type { ImportOptions, ImportedList } from './types';

export function textToLists(text: string, opts: ImportOptions): ImportedList[] {
  const items = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n(?:[ \t]*\n)+/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '');
  return items.length ? [{ title: opts.name, items }] : [];
}
