/**
 * Export a board as one file: Markdown (lists as sections, items in order, media as links), a
 * self-contained HTML page, or JSON (the dump format). Each loads back through /api/forms/load
 * into the same board (importers/listboard.ts): the Markdown keeps item text verbatim with a
 * comment before each list and item; the HTML page carries the dump in a JSON data block.
 */
import { must } from '@listboard/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import MarkdownIt from 'markdown-it';
import type { Db } from '../../db/client';
import { blocks, items, lists } from '../../db/schema';
import type { BoardRow } from './access';
import { dumpBoard, type BoardDump } from './dump';
import { filesUrl } from '../media/file-urls';
import { ordered } from './ordering';
import { contentSeenBy } from '../notes/visibility';
import type { ExportFormat, ExportedFile } from '@listboard/core/api/contracts/export';

const MEDIA_TYPES = ['video', 'audio', 'image', 'document'];

/** A media block's line, and the link it is shown as outside Listboard. */
interface MediaLink {
  line: string;
  href: string;
  label: string;
}

/**
 * JSON that can sit inside an HTML comment: `--` never appears outside a JSON string, and
 * inside one `-\u002d` reads back as `--`.
 */
export const commentJson = (v: unknown) => JSON.stringify(v).replace(/--/g, '-\\u002d');

function absolute(url: string, kind: 'site' | 'upload' | 'url', publicUrl: string): string {
  if (kind === 'url') return url;
  const path = kind === 'upload' ? filesUrl(url) : url;
  return `${publicUrl.replace(/\/$/, '')}${path}`;
}

/** The media lines of every exported item, keyed by list id and position, from the stored blocks. */
async function mediaLinks(
  db: Db,
  board: BoardRow,
  publicUrl: string,
  privateOf: string | null,
): Promise<Map<string, MediaLink[]>> {
  const itemRows = await db
    .select({ id: items.id, listId: items.listId })
    .from(items)
    .where(and(eq(items.multilistId, board.id), ordered, contentSeenBy(privateOf)))
    .orderBy(asc(items.listId), asc(items.index));
  const ids = itemRows.map((i) => i.id);
  const rows = ids.length
    ? await db
        .select()
        .from(blocks)
        .where(and(inArray(blocks.itemId, ids), inArray(blocks.type, MEDIA_TYPES)))
        .orderBy(asc(blocks.index))
    : [];
  const byItem = new Map<string, MediaLink[]>();
  for (const b of rows) {
    if (!b.url) continue;
    const kind = b.isUpload ? 'upload' : /^https?:\/\//i.test(b.url) ? 'url' : 'site';
    const name = b.url.split(/[?#]/, 1)[0]?.split('/').pop() || b.url;
    const link = {
      line: b.text.trim(),
      href: absolute(b.url, kind, publicUrl),
      label: `${b.type}: ${b.caption || b.titleText || name}`,
    };
    byItem.set(b.itemId, [...(byItem.get(b.itemId) ?? []), link]);
  }
  // Keyed by the item's place among the exported items, since the dump carries no ids.
  const out = new Map<string, MediaLink[]>();
  const seen = new Map<string, number>();
  for (const i of itemRows) {
    const at = seen.get(i.listId) ?? 0;
    seen.set(i.listId, at + 1);
    const links = byItem.get(i.id);
    if (links) out.set(`${i.listId}:${at}`, links);
  }
  return out;
}

const escapeLinkText = (s: string) => s.replace(/([[\]\\])/g, '\\$1');

/** Item text with each media line shown as a link; `keep` appends the line in a comment. */
function withMediaLinks(text: string, links: MediaLink[], keep: boolean): string {
  if (links.length === 0) return text;
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const t = line.trim();
      const open = /^(`{3,}|~{3,})/.exec(t);
      if (fence) {
        if (t.startsWith(fence)) fence = null;
        return line;
      }
      if (open) {
        fence = must(open[1], 'the fence');
        return line;
      }
      const link = links.find((l) => l.line === t);
      if (!link) return line;
      const href = link.href.replace(/[\s()<>]/g, (c) => encodeURIComponent(c));
      const shown = `[${escapeLinkText(link.label)}](${href})`;
      return keep ? `${shown} <!-- lb:line ${commentJson(line)} -->` : shown;
    })
    .join('\n');
}

/** The items of a dump with their media links, in list order. */
async function linkedLists(
  db: Db,
  board: BoardRow,
  dump: BoardDump,
  publicUrl: string,
  privateOf: string | null,
) {
  const links = await mediaLinks(db, board, publicUrl, privateOf);
  const listRows = await db
    .select({ id: lists.id })
    .from(lists)
    .where(eq(lists.multilistId, board.id))
    .orderBy(asc(lists.index));
  return dump.lists.map((l, li) => ({
    ...l,
    items: l.items.map((it, ii) => ({
      ...it,
      links: links.get(`${listRows[li]?.id}:${ii}`) ?? [],
    })),
  }));
}

function toMarkdown(dump: BoardDump, lists: Awaited<ReturnType<typeof linkedLists>>): string {
  const head = {
    // Whose uploads the items' bare file names are (importers/listboard.ts, withWritersFiles).
    owner: dump.owner,
    title: dump.title,
    description: dump.description,
    listed: dump.listed,
    labels: dump.labels,
    labelColors: dump.labelColors ?? {},
  };
  const out = [`<!-- listboard-export ${commentJson(head)} -->`, '', `# ${dump.title}`, ''];
  if (dump.description) out.push(dump.description, '');
  for (const l of lists) {
    out.push(`<!-- lb:list ${commentJson({ title: l.title, description: l.description })} -->`);
    out.push('', `## ${l.title || 'Untitled'}`, '');
    if (l.description) out.push(`*${l.description.replace(/\*/g, '\\*')}*`, '');
    for (const it of l.items) {
      const { text, links, ...meta } = it;
      out.push(`<!-- lb:item ${commentJson(meta)} -->`, '');
      out.push(withMediaLinks(text, links, true), '');
    }
  }
  return out.join('\n');
}

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const PAGE_STYLE = `
:root { color-scheme: light dark; --line: #dde3ea; --muted: #5b6775; --soft: #e6eef7; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
header, footer { padding: 16px 24px; }
header h1 { margin: 0; font-size: 24px; }
header p, footer { color: var(--muted); }
main { display: flex; gap: 16px; overflow-x: auto; padding: 0 24px 24px; align-items: flex-start; }
section { flex: none; width: 320px; background: var(--soft); border-radius: 10px; padding: 10px; }
section h2 { margin: 4px 4px 2px; font-size: 16px; }
section > p { margin: 0 4px 8px; color: var(--muted); font-size: 13px; }
article { background: Canvas; border-radius: 8px; padding: 8px 12px; margin-top: 8px;
  overflow-wrap: anywhere; box-shadow: 0 1px 2px rgba(16, 24, 40, 0.1); }
article img { max-width: 100%; }
pre { overflow-x: auto; }
@media (max-width: 640px) { main { flex-direction: column; } section { width: auto; } }
@media (prefers-color-scheme: dark) { :root { --line: #333c46; --muted: #a3aebb; --soft: #25313e; } }
`;

function toHtml(
  dump: BoardDump,
  lists: Awaited<ReturnType<typeof linkedLists>>,
  exportedAt: Date,
): string {
  // The data block holds the dump for loading back; '<' is escaped so it cannot end the block.
  const data = JSON.stringify(dump).replace(/</g, '\\u003c');
  const sections = lists
    .map((l) => {
      const itemsHtml = l.items
        .map((it) => `<article>${md.render(withMediaLinks(it.text, it.links, false))}</article>`)
        .join('\n');
      const desc = l.description ? `<p>${escapeHtml(l.description)}</p>` : '';
      return `<section aria-label="${escapeHtml(l.title)}"><h2>${escapeHtml(l.title)}</h2>${desc}\n${itemsHtml}</section>`;
    })
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="Listboard">',
    `<title>${escapeHtml(dump.title)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    `<script type="application/json" id="listboard-export">${data}</script>`,
    '</head>',
    '<body>',
    `<header><h1>${escapeHtml(dump.title)}</h1>${dump.description ? `<p>${escapeHtml(dump.description)}</p>` : ''}</header>`,
    `<main>\n${sections}\n</main>`,
    `<footer>${escapeHtml(`${dump.owner}/${dump.title}`)}, exported from Listboard on ${exportedAt.toISOString().slice(0, 10)}.</footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export async function exportBoard(
  db: Db,
  board: BoardRow,
  format: ExportFormat,
  /** privateOf: the one user whose private items the file may hold (the caller). */
  opts: { publicUrl: string; now?: Date; privateOf: string | null },
): Promise<ExportedFile> {
  const dump = await dumpBoard(db, board, { privateOf: opts.privateOf });
  const base = `${board.owner}-${board.ptitle}`;
  if (format === 'json') {
    return {
      filename: `${base}.json`,
      mediaType: 'application/json',
      content: `${JSON.stringify(dump, null, 2)}\n`,
    };
  }
  const lists = await linkedLists(db, board, dump, opts.publicUrl, opts.privateOf);
  if (format === 'md') {
    return { filename: `${base}.md`, mediaType: 'text/markdown', content: toMarkdown(dump, lists) };
  }
  return {
    filename: `${base}.html`,
    mediaType: 'text/html',
    content: toHtml(dump, lists, opts.now ?? new Date()),
  };
}
