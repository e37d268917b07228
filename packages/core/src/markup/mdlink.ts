/**
 * Markdown inline links, `[text](destination "title")` and `![alt](destination)`, read by
 * scanning with bracket and parenthesis depth counters rather than by regular expressions, so
 * that runs of brackets cost linear time.
 */

export interface MarkdownLink {
  image: boolean;
  text: string;
  destination: string;
  title?: string;
  /** Index just after the closing ')'. */
  end: number;
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n';
}

/** Index of the ']' closing the '[' at `open`, honouring backslash escapes; -1 if none. */
function closingBracket(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
    } else if (c === '[') {
      depth++;
    } else if (c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

interface Target {
  destination: string;
  title?: string;
  end: number;
}

/**
 * Parse the `(destination "title")` part starting at `open`. On failure, `reached` is how far
 * the scan looked, so a caller walking a long text can resume from there instead of rescanning.
 */
function parseTarget(s: string, open: number): Target | { reached: number } {
  let i = open + 1;
  while (isSpace(s[i])) i++;
  let destination: string;
  if (s[i] === '<') {
    const close = s.indexOf('>', i + 1);
    if (close < 0) return { reached: s.length };
    destination = s.slice(i + 1, close);
    if (destination.includes('\n')) return { reached: close };
    i = close + 1;
  } else {
    const start = i;
    let depth = 0;
    for (; i < s.length; i++) {
      const c = s[i];
      if (c === '\\') i++;
      else if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      } else if (isSpace(c)) break;
    }
    i = Math.min(i, s.length);
    destination = s.slice(start, i);
  }
  while (isSpace(s[i])) i++;
  let title: string | undefined;
  const q = s[i];
  if (q === '"' || q === "'" || q === '(') {
    const close = s.indexOf(q === '(' ? ')' : q, i + 1);
    if (close < 0) return { reached: s.length };
    title = s.slice(i + 1, close);
    i = close + 1;
    while (isSpace(s[i])) i++;
  }
  if (s[i] !== ')') return { reached: i };
  return title === undefined ? { destination, end: i + 1 } : { destination, title, end: i + 1 };
}

/** The link starting at index `at` ('[' or '!['), or null. */
export function parseMarkdownLinkAt(s: string, at: number): MarkdownLink | null {
  const image = s[at] === '!';
  const open = image ? at + 1 : at;
  if (s[open] !== '[') return null;
  const close = closingBracket(s, open);
  if (close < 0 || s[close + 1] !== '(') return null;
  const target = parseTarget(s, close + 1);
  if ('reached' in target) return null;
  const link: MarkdownLink = {
    image,
    text: s.slice(open + 1, close),
    destination: target.destination,
    end: target.end,
  };
  if (target.title !== undefined) link.title = target.title;
  return link;
}

/** The link when the whole (trimmed) text is exactly one link, else null. */
export function parseWholeMarkdownLink(text: string): MarkdownLink | null {
  const t = text.trim();
  if (!t.startsWith('[') && !t.startsWith('![')) return null;
  const link = parseMarkdownLinkAt(t, 0);
  return link && link.end === t.length ? link : null;
}

/**
 * Destinations of the inline links in a text, in order. After a failed target the search goes
 * on from where that scan stopped, so no stretch of text is read twice: this may miss a link
 * nested inside a malformed one, which markdown renderers would not show as a link either.
 */
export function inlineLinkDestinations(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf('](', from);
    if (at < 0) break;
    const target = parseTarget(text, at + 1);
    if ('reached' in target) {
      from = Math.max(at + 2, target.reached);
    } else {
      out.push(target.destination);
      from = target.end;
    }
  }
  return out;
}

/**
 * A section link whose title has spaces, `[Week 2](#Week 2)`, starting at `at`: markdown allows
 * no spaces in a link target, so this reads it as the link it is meant to be. The href has its
 * spaces encoded (`#Week%202`); a section link's anchor is read back decoded and made a slug.
 * Null for anything else, which markdown's own link rule reads as usual.
 */
export function sectionLinkAt(
  s: string,
  at: number,
): { text: string; labelStart: number; labelEnd: number; href: string; end: number } | null {
  if (s[at] !== '[') return null;
  const close = closingBracket(s, at);
  if (close < 0 || s[close + 1] !== '(' || s[close + 2] !== '#') return null;
  const end = s.indexOf(')', close + 3);
  if (end < 0) return null;
  const anchor = s.slice(close + 3, end);
  if (!anchor.includes(' ') || anchor.trim() === '' || /[\n"'()<>\\]/.test(anchor)) return null;
  return {
    text: s.slice(at + 1, close),
    labelStart: at + 1,
    labelEnd: close,
    href: `#${anchor.trim().replace(/ +/g, '%20')}`,
    end: end + 1,
  };
}
