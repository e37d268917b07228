/**
 * Markdown to lists: each heading starts a list; each paragraph, and each picture, becomes an
 * item, in document order. Fenced code, tables and tight lists stay whole in one item. Other
 * formats are turned into markdown first and end here.
 */
import { must } from '@listboard/core';
import type { ImportOptions, ImportedList } from './types';

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A picture, possibly wrapped in a link: [![alt](src)](href) or ![alt](src "title"). */
const IMAGE = /\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)|!\[[^\]]*\]\([^)]*\)/g;
/** The destination of a markdown link or picture. */
const DESTINATION = /(\]\()(<[^>]*>|[^)\s]*)/g;

function resolve(url: string, base: string | undefined): string {
  const bare = url.startsWith('<') && url.endsWith('>') ? url.slice(1, -1) : url;
  if (!base || bare === '' || /^[a-z][a-z0-9+.-]*:/i.test(bare) || bare.startsWith('#')) return url;
  try {
    return new URL(bare, base).href;
  } catch {
    return url;
  }
}

/** Relative links and pictures of a fetched page point back to the page's site, not to ours. */
function absolutize(text: string, base: string | undefined): string {
  return base
    ? text.replace(DESTINATION, (_m, open: string, url: string) => open + resolve(url, base))
    : text;
}

/** A paragraph with pictures in it: the text around each picture and each picture, in order. */
function splitPictures(paragraph: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (const m of paragraph.matchAll(IMAGE)) {
    out.push(paragraph.slice(last, m.index));
    out.push(m[0]);
    last = m.index + m[0].length;
  }
  out.push(paragraph.slice(last));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

const cleanHeading = (s: string) =>
  s
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1')
    .replace(/[*_`]+/g, '')
    .trim();

export function markdownToLists(markdown: string, opts: ImportOptions): ImportedList[] {
  const lists: ImportedList[] = [];
  let current: ImportedList | null = null;
  let paragraph: string[] = [];
  let fence: string | null = null;

  const list = () => {
    if (!current) {
      current = { title: opts.name, items: [] };
      lists.push(current);
    }
    return current;
  };
  const flush = () => {
    const text = paragraph.join('\n').replace(/^\n+|\s+$/g, '');
    paragraph = [];
    if (text.trim() === '') return;
    // Code and tables stay whole, pictures in their cells too.
    const whole = /^ {0,3}(`{3,}|~{3,}|\|)/.test(text);
    const parts = whole ? [text] : splitPictures(text);
    for (const part of parts) list().items.push(absolutize(part, opts.baseUrl));
  };
  /** Each list's heading level (1 for #), by the list; text before any heading has none. */
  const levels = new Map<ImportedList, number>();
  const heading = (title: string, level: number) => {
    flush();
    current = { title: cleanHeading(title) || opts.name, items: [] };
    lists.push(current);
    levels.set(current, level);
  };

  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence !== null) {
      paragraph.push(line);
      if (line.trim().startsWith(fence)) {
        fence = null;
        flush();
      }
      continue;
    }
    const opener = FENCE.exec(line);
    if (opener) {
      flush();
      fence = must(opener[1], 'the fence');
      paragraph.push(line);
      continue;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      heading(atx[2] ?? '', must(atx[1], 'the heading marks').length);
      continue;
    }
    const [title, ...more] = paragraph;
    if (
      title !== undefined &&
      more.length === 0 &&
      SETEXT_UNDERLINE.test(line) &&
      !THEMATIC_BREAK.test(title)
    ) {
      paragraph = [];
      heading(title, line.trim().startsWith('=') ? 1 : 2);
      continue;
    }
    if (line.trim() === '' || THEMATIC_BREAK.test(line)) {
      flush();
      continue;
    }
    paragraph.push(line);
  }
  flush();
  // A heading with nothing under it but headings of a lower rank (a document's title over its
  // sections, a part over its chapters) heads what follows: it opens no empty list of its own,
  // and is kept with the list that follows it.
  // The first heading, when every other is of a lower rank and nothing comes before it, is the
  // document's title.
  const [first, ...rest] = lists;
  const firstLevel = first ? levels.get(first) : undefined;
  const titled =
    first !== undefined &&
    firstLevel !== undefined &&
    rest.length > 0 &&
    rest.every((l) => (levels.get(l) ?? 0) > firstLevel);
  const kept: ImportedList[] = [];
  let over: string[] = [];
  for (const [i, l] of lists.entries()) {
    const next = lists[i + 1];
    const level = levels.get(l);
    const nextLevel = next ? levels.get(next) : undefined;
    if (
      l.items.length === 0 &&
      level !== undefined &&
      nextLevel !== undefined &&
      nextLevel > level
    ) {
      over.push(l.title);
      continue;
    }
    kept.push(over.length > 0 ? { ...l, over } : l);
    over = [];
  }
  const head = kept[0];
  if (titled && head?.over?.[0] === first.title) {
    const [documentTitle, ...parts] = head.over;
    kept[0] = {
      title: head.title,
      items: head.items,
      ...(parts.length > 0 ? { over: parts } : {}),
      documentTitle,
    };
  }
  return kept;
}
