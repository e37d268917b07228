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
  // Added after the plugin's rules, so asked before them.
  t.addRule('tableMarkdownCannotHold', {
    filter: (node: TableNode) => node.nodeName === 'TABLE' && !fitsMarkdown(node),
    replacement: (_content, node) => `\n\n${(node as unknown as TableNode).outerHTML}\n\n`,
  });
  t.addRule('emptyTable', {
    filter: (node: TableNode) =>
      node.nodeName === 'TABLE' && !node.textContent?.trim() && !node.querySelector('img'),
    replacement: () => '',
  });
  t.addRule('tableOfOneCell', {
    filter: (node: TableNode) =>
      node.nodeName === 'TABLE' && node.querySelectorAll('td, th').length === 1,
    replacement: (content) => `\n\n${content}\n\n`,
  });
  return t;
}

/** What the rules ask of a table node. */
interface TableNode {
  nodeName: string;
  outerHTML: string;
  textContent: string | null;
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
}

/**
 * Whether a markdown table can say what the table says: not when a table is inside it, nor when
 * a cell spans rows or columns (a merged Word cell), which would put what follows in the wrong
 * column. Those stay HTML tables.
 */
function fitsMarkdown(table: TableNode): boolean {
  if (table.querySelector('table')) return false;
  const spanning = Array.from(table.querySelectorAll('[rowspan], [colspan]'));
  return spanning.every(
    (cell) =>
      Number(cell.getAttribute('rowspan') ?? 1) <= 1 &&
      Number(cell.getAttribute('colspan') ?? 1) <= 1,
  );
}

/** The cells of a markdown table's row (a pipe escaped in a cell is the cell's). */
const cellsOf = (row: string) => row.split(/(?<!\\)\|/).length - 2;

/**
 * A table with no heading row is written with an empty one (a markdown table needs one): its
 * first row is taken as the heading instead, as a Word table's first row nearly always is. One
 * too rich for markdown (a list or code in a cell) stays an HTML table, without the wrapper the
 * plugin puts round it.
 */
function tidyTables(markdown: string): string {
  return markdown
    .replace(
      /^\|(?: {5}\|)+\n(\|(?: :?-{3}:? \|)+)\n(\|.*\|)$/gm,
      // A first row shorter than the table is filled out, or it would head no table at all.
      (_m, divider: string, first: string) =>
        `${first}${'     |'.repeat(Math.max(0, cellsOf(divider) - cellsOf(first)))}\n${divider}`,
    )
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
