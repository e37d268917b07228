import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import DOMPurify from 'dompurify';
import {
  inlineMathAt,
  isSafeImageSource,
  mentionAt,
  must,
  sectionLinkAt,
  tagAt,
  tagKey,
} from '@listboard/core';
import { currentKatex, texToHtml, type Katex } from './katex';

const md = new MarkdownIt({ html: true, linkify: true, breaks: false, typographer: true });
/**
 * A note's light markup: what a reader writes is never HTML (it shows as typed), its quotes stay
 * as typed, and a `^function()` link stays text: a note's link may not run a command as whoever
 * clicks it.
 */
const noteMd = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });
noteMd.validateLink = (url) => md.validateLink(url) && !/^(?:\^|%5e)/i.test(url);
// A mention, `@username` (core mentionAt: not inside an address), stands out from the words.
noteMd.inline.ruler.before('escape', 'mention', (state, silent) => {
  const found = mentionAt(state.src, state.pos);
  if (!found) return false;
  if (!silent) state.push('mention', 'span', 0).content = found.username;
  state.pos = found.end;
  return true;
});
noteMd.renderer.rules.mention = (tokens, idx) =>
  `<span class="mention">@${noteMd.utils.escapeHtml(tokens[idx]?.content ?? '')}</span>`;
// A tag, `#question` (core tagAt), stands out too, and leads to the notes with it where the page
// gives a place for them (renderNoteMarkdown's `tagHref`).
noteMd.inline.ruler.before('escape', 'tag', (state, silent) => {
  const found = tagAt(state.src, state.pos);
  if (!found) return false;
  if (!silent) {
    const token = state.push('tag', 'a', 0);
    token.content = found.tag;
    // Inside a link's words it leads where the link does: no link in a link.
    token.meta = { inLink: state.linkLevel > 0 };
  }
  state.pos = found.end;
  return true;
});
noteMd.renderer.rules.tag = (tokens, idx, _options, env: object | undefined) => {
  const token = tokens[idx];
  const tag = token?.content ?? '';
  const inLink = (token?.meta as { inLink?: boolean } | null)?.inLink === true;
  const href =
    !inLink && env && 'tagHref' in env ? (env.tagHref as TagHref | undefined)?.(tagKey(tag)) : null;
  const words = `#${noteMd.utils.escapeHtml(tag)}`;
  return href
    ? `<a class="tag" href="${noteMd.utils.escapeHtml(href)}" title="Notes tagged #${noteMd.utils.escapeHtml(tagKey(tag))}">${words}</a>`
    : `<span class="tag">${words}</span>`;
};
// A picture in a note stays as it was written: a note draws none.
noteMd.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx];
  return noteMd.utils.escapeHtml(`![${token?.content ?? ''}](${token?.attrGet('src') ?? ''})`);
};

/** The KaTeX renderMarkdown hands its rules in markdown-it's env. */
const katexIn = (env: object | undefined): Katex | null =>
  env && 'katex' in env ? (env.katex as Katex | null) : null;

for (const m of [md, noteMd]) {
  // A formula inside a paragraph, `$$…$$` or `$…$` (core inlineMathAt), is set with KaTeX in the
  // line.
  m.inline.ruler.before('escape', 'math_inline', (state, silent) => {
    const found = inlineMathAt(state.src, state.pos);
    if (!found) return false;
    if (!silent) state.push('math_inline', 'math', 0).content = found.tex;
    state.pos = found.end;
    return true;
  });
  // A section link to a title with spaces, `[Week 2](#Week 2)`, is a link too (core sectionLinkAt).
  m.inline.ruler.before('link', 'section_link', (state, silent) => {
    const found = state.linkLevel > 0 ? null : sectionLinkAt(state.src, state.pos);
    if (!found || found.end > state.posMax) return false;
    if (!silent) {
      const max = state.posMax;
      state.pos = found.labelStart;
      state.posMax = found.labelEnd;
      state.push('link_open', 'a', 1).attrs = [['href', found.href]];
      state.linkLevel++;
      state.md.inline.tokenize(state);
      state.linkLevel--;
      state.push('link_close', 'a', -1);
      state.posMax = max;
    }
    state.pos = found.end;
    return true;
  });
  m.renderer.rules.math_inline = (tokens, idx, _options, env: object | undefined) =>
    texToHtml(tokens[idx]?.content ?? '', false, katexIn(env));
}
// An item's headings sit under its list's title (h3), itself under its board's (h2): a block's
// top heading, whichever mark it was written with, is an h4, and the ones under it follow on
// (to h6 at most), so the page's outline reads board, list, item.
const ITEM_TOP_HEADING = 4;
md.core.ruler.push('item_heading_levels', (state) => {
  const headings = state.tokens.filter(
    (t) => t.type === 'heading_open' || t.type === 'heading_close',
  );
  const levels = headings.map((t) => Number(t.tag.slice(1)));
  if (levels.length === 0) return;
  const shift = ITEM_TOP_HEADING - Math.min(...levels);
  headings.forEach((t, i) => {
    t.tag = `h${Math.min(6, (levels[i] ?? ITEM_TOP_HEADING) + shift)}`;
  });
});

// A list, a quote or a table takes its direction from its first letter (dir="auto"), as each of
// its lines already does (styles.css): an Arabic or Hebrew list has its bullets and its indent on
// the right, a quote its bar, a table its first column.
const BY_FIRST_LETTER = new Set([
  'bullet_list_open',
  'ordered_list_open',
  'blockquote_open',
  'table_open',
]);
md.core.ruler.push('direction_by_first_letter', (state) => {
  for (const t of state.tokens) if (BY_FIRST_LETTER.has(t.type)) t.attrSet('dir', 'auto');
});

// Long boards hold many pictures; only the ones scrolled to should cost a download. A picture
// whose source is unsafe as a link would be shows its alt text instead (core isSafeImageSource).
const renderImage = must(md.renderer.rules.image, "markdown-it's image rule");
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (!isSafeImageSource(String(token?.attrGet('src') ?? ''))) {
    return md.utils.escapeHtml(
      token ? self.renderInlineAsText(token.children ?? [], options, env) : '',
    );
  }
  token?.attrSet('loading', 'lazy');
  return renderImage(tokens, idx, options, env, self);
};

// A picture written as HTML is held to the same rule as one written as markdown.
DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  if (
    (data.attrName === 'src' || data.attrName === 'srcset') &&
    (node.nodeName === 'IMG' || node.nodeName === 'SOURCE') &&
    !isSafeImageSource(data.attrValue)
  )
    data.keepAttr = false;
});

/** Markdown to safe HTML: authors may write HTML, but nothing that runs script survives. */
/** Markdown as safe HTML; formulas set with the KaTeX given (by default, KaTeX if it is here). */
export function renderMarkdown(text: string, katex: Katex | null = currentKatex()): string {
  return DOMPurify.sanitize(md.render(text, { katex }), {
    ADD_ATTR: ['target', 'loading'],
    FORBID_TAGS: ['style', 'form'],
  });
}

/**
 * One line of markdown as safe inline HTML (emphasis, links, code, a formula), with no block
 * around it: a board's or a list's description, shown in a line of its own.
 */
export function renderInlineMarkdown(text: string, katex: Katex | null = currentKatex()): string {
  return DOMPurify.sanitize(md.renderInline(text, { katex }), {
    ADD_ATTR: ['target', 'loading'],
    FORBID_TAGS: ['style', 'form', 'img'],
  });
}

/** Where a tag in a note leads (the notes with it), by its key; null: nowhere. */
export type TagHref = (tag: string) => string | null;

/**
 * A note's words as safe inline HTML: emphasis, links, code, formulas and tags (leading where
 * `tagHref` says), its lines as written (the note keeps white space), no HTML of its writer's
 * and no pictures.
 */
export function renderNoteMarkdown(
  text: string,
  katex: Katex | null = currentKatex(),
  tagHref?: TagHref,
): string {
  return DOMPurify.sanitize(noteMd.renderInline(text, { katex, tagHref }), {
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'img'],
  });
}

/** What an inline token shows as words: none for a formula, a picture or an HTML tag. */
function tokenWords(t: Token, note: boolean): string {
  switch (t.type) {
    case 'text':
    case 'code_inline':
      return t.content;
    case 'softbreak':
    case 'hardbreak':
      return ' ';
    case 'mention':
      return `@${t.content}`;
    case 'tag':
      return `#${t.content}`;
    case 'image':
      // A note shows its picture as written.
      return note ? `![${t.content}](${t.attrGet('src') ?? ''})` : '';
    default:
      return (t.children ?? []).map((c) => tokenWords(c, note)).join('');
  }
}

/**
 * The words markdown shows, read from its tokens without drawing it (local search reads a whole
 * board so): an item's block, a description's line, or a note. Each paragraph, heading, list
 * entry, cell or code is a piece of its own, as the page never runs the words of one into the
 * next. HTML's text is read, not its tags, scripts or styles.
 */
export function markdownWords(text: string, kind: 'block' | 'line' | 'note'): string[] {
  const note = kind === 'note';
  const tokens = kind === 'block' ? md.parse(text, {}) : (note ? noteMd : md).parseInline(text, {});
  const pieces: string[] = [];
  for (const t of tokens) {
    if (t.type === 'inline') pieces.push(tokenWords(t, note));
    else if (t.type === 'fence' || t.type === 'code_block') pieces.push(t.content);
    else if (t.type === 'html_block') {
      pieces.push(
        t.content.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '),
      );
    }
  }
  return pieces;
}
