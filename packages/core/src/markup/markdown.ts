/**
 * Markdown block kinds, read from the block's own lines: a pipe table, a list, raw HTML, other
 * markdown, or plain text (null). Checks look at line starts and single characters, never at
 * patterns that could backtrack.
 */
import { isDelimiterRow } from './table';

export type MarkdownBlockType = 'mdtable' | 'mdlist' | 'mdhtml' | 'mdtext';

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** `-`, `*` or `+`, or up to nine digits and '.' or ')', followed by a space or the line end. */
export function isListItemLine(line: string): boolean {
  const t = line.trimStart();
  const c = t[0];
  let after: number;
  if (c === '-' || c === '*' || c === '+') {
    after = 1;
  } else {
    let i = 0;
    while (i < 10 && isDigit(t.charCodeAt(i))) i++;
    if (i === 0 || i > 9 || (t[i] !== '.' && t[i] !== ')')) return false;
    after = i + 1;
  }
  return after === t.length || t[after] === ' ' || t[after] === '\t';
}

const HTML_START = /^<\/?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)/;

export function startsWithHtml(text: string): boolean {
  const t = text.trimStart();
  return HTML_START.test(t) || t.startsWith('<!--');
}

/** A thematic break or setext underline: three or more of one of - * _ = (spaces allowed). */
function isRuleLine(t: string): boolean {
  const c = t[0];
  if (c !== '-' && c !== '*' && c !== '_' && c !== '=') return false;
  let count = 0;
  for (const d of t) {
    if (d === c) count++;
    else if (d !== ' ' && d !== '\t') return false;
  }
  return count >= 3 || (c === '=' && count >= 1);
}

function lineHasMarkdownStart(line: string): boolean {
  if (line.startsWith('    ') || line.startsWith('\t')) return true;
  const t = line.trimStart();
  const c = t[0];
  return c === '#' || c === '>' || isRuleLine(t) || isListItemLine(t);
}

const INLINE_MARKS = new Set('*_`[]<\\$|');

function hasInlineMarkdown(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (INLINE_MARKS.has(c)) return true;
    if (c === '~' && text[i + 1] === '~') return true;
    if (c === '&' && /[#A-Za-z]/.test(text[i + 1] ?? '')) return true;
    if (c === ':' && text[i + 1] === '/' && text[i + 2] === '/') return true;
  }
  return false;
}

/** The markdown kind of a block, or null when it reads as plain text. */
export function markdownBlockType(text: string): MarkdownBlockType | null {
  const lines = text.split('\n');
  const first = lines[0] ?? '';
  if (first.includes('|') && lines[1] !== undefined && isDelimiterRow(lines[1])) return 'mdtable';
  if (isListItemLine(first) && !isRuleLine(first.trim())) return 'mdlist';
  if (startsWithHtml(text)) return 'mdhtml';
  if (lines.some(lineHasMarkdownStart) || hasInlineMarkdown(text)) return 'mdtext';
  return null;
}
