/**
 * HTML to lists, by way of markdown (turndown): h1-h6 start lists; paragraphs, pictures, lists,
 * tables and code become items, a table whole in one item (GFM tables). Scripts, styles and the
 * page head are dropped.
 */
import TurndownService from 'turndown';
import { tables } from '@joplin/turndown-plugin-gfm';
import { markdownToLists } from './markdown';
import type { ImportOptions, ImportedList } from './types';

/** Elements with no reading content of their own (or none a board can show). */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'iframe',
  'object',
  'embed',
  'form',
  'button',
  'select',
  'svg',
  'canvas',
]);

function converter(): TurndownService {
  const t = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  // The server has no DOM types; a node here is only asked its name.
  t.remove((node: { nodeName: string }) => DROPPED.has(node.nodeName.toLowerCase()));
  t.use(tables);
  return t;
}

/**
 * A table with no heading row is written with an empty one (a markdown table needs one): its
 * first row is taken as the heading instead, as a Word table's first row nearly always is. One
 * too rich for markdown (a list or code in a cell) stays an HTML table, without the wrapper the
 * plugin puts round it.
 */
function tidyTables(markdown: string): string {
  return markdown
    .replace(/^\|(?: {5}\|)+\n(\|(?: :?-{3}:? \|)+)\n(\|.*\|)$/gm, '$2\n$1')
    .replace(/<div class="joplin-table-wrapper">(<table[\s\S]*?<\/table>)<\/div>/g, '$1');
}

/** The text of the page's <title>, for naming what comes before its first heading. */
export function htmlTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = m?.[1]
    ?.replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return title || null;
}

export function htmlToMarkdown(html: string): string {
  return tidyTables(converter().turndown(html));
}

export function htmlToLists(html: string, opts: ImportOptions): ImportedList[] {
  return markdownToLists(htmlToMarkdown(html), opts);
}
