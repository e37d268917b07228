/**
 * Display and inline math delimiters. Display math may span lines (and blank lines), so the
 * splitter asks here whether a line opens a region that a later line closes.
 */

import type { Block } from '../model/entities';

export type MathBlockType = 'mathblock1' | 'mathblock2' | 'mathinline1' | 'mathinline2';

export interface DisplayMathDelimiters {
  open: string;
  close: string;
}

const DOLLARS: DisplayMathDelimiters = { open: '$$', close: '$$' };
const BRACKETS: DisplayMathDelimiters = { open: '\\[', close: '\\]' };
export const DISPLAY_MATH_DELIMITERS: readonly DisplayMathDelimiters[] = [DOLLARS, BRACKETS];

/**
 * The delimiters of a display-math region this line opens, or null. A line such as `$$x$$`
 * opens and closes on itself, so it opens no region.
 */
export function displayMathOpener(line: string): DisplayMathDelimiters | null {
  const t = line.trimStart();
  for (const d of DISPLAY_MATH_DELIMITERS) {
    if (t.startsWith(d.open)) {
      return t.includes(d.close, d.open.length) ? null : d;
    }
  }
  return null;
}

function wrapped(text: string, open: string, close: string): string | null {
  if (text.length < open.length + close.length) return null;
  if (!text.startsWith(open) || !text.endsWith(close)) return null;
  return text.slice(open.length, text.length - close.length);
}

/** The math type of a whole (trimmed) block, or null when it is not one formula. */
export function mathBlockType(text: string): MathBlockType | null {
  const dollars = wrapped(text, '$$', '$$');
  if (dollars !== null) {
    return dollars.trim() !== '' && !dollars.includes('$$') ? 'mathblock1' : null;
  }
  const brackets = wrapped(text, '\\[', '\\]');
  if (brackets !== null) {
    return brackets.trim() !== '' && !brackets.includes('\\]') ? 'mathblock2' : null;
  }
  const dollar = wrapped(text, '$', '$');
  if (dollar !== null) {
    return dollar.trim() !== '' && !dollar.includes('$') ? 'mathinline1' : null;
  }
  const parens = wrapped(text, '\\(', '\\)');
  if (parens !== null) {
    return parens.trim() !== '' && !parens.includes('\\)') ? 'mathinline2' : null;
  }
  return null;
}

/**
 * A formula inside a paragraph, starting at `pos`: its TeX and the index just after its closing
 * dollars, or null. Two forms:
 *
 * - `$$…$$` ("the area is $$\pi r^2$$ here"): anything but a blank line between the pairs;
 * - `$…$` ("where $n$ is the sample's size"), held to the rule TeX writers know from Pandoc so
 *   that prices stay text: the opening dollar is followed by a character that is not a space,
 *   the closing one follows one that is not a space and is not followed by a digit. The first
 *   dollar after the opening one that is not escaped (`\$`) closes it or, if it cannot, there is
 *   no formula: "costs $5 and $6" stays as written.
 *
 * An empty formula or one that would run over a blank line is no formula, and the dollars stay
 * as written.
 */
export function inlineMathAt(src: string, pos: number): { tex: string; end: number } | null {
  if (src.startsWith('$$', pos)) {
    const close = src.indexOf('$$', pos + 2);
    if (close < 0) return null;
    const tex = src.slice(pos + 2, close);
    if (tex.trim() === '' || /\n\s*\n/.test(tex)) return null;
    return { tex, end: close + 2 };
  }
  if (src[pos] !== '$' || !/\S/.test(src[pos + 1] ?? ' ')) return null;
  for (let i = pos + 1; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c !== '$') continue;
    const tex = src.slice(pos + 1, i);
    const closes = /\S$/.test(tex) && !/^[\d$]/.test(src[i + 1] ?? '') && !/\n\s*\n/.test(tex);
    return closes ? { tex, end: i + 1 } : null;
  }
  return null;
}

/** Whether a text holds a formula `inlineMathAt` finds (a dollar escaped as `\$` starts none). */
export function hasInlineMath(text: string): boolean {
  for (let at = text.indexOf('$'); at >= 0; at = text.indexOf('$', at + 1)) {
    if (text[at - 1] !== '\\' && inlineMathAt(text, at)) return true;
  }
  return false;
}

/** A formula block's TeX, inside the delimiters its type names: $$…$$, \[…\], $…$ or \(…\). */
export function mathSource(block: Pick<Block, 'text' | 'type'>): { tex: string; display: boolean } {
  const t = block.text.trim();
  if (block.type === 'mathblock1')
    return { tex: t.replace(/^\$\$/, '').replace(/\$\$$/, ''), display: true };
  if (block.type === 'mathblock2')
    return { tex: t.replace(/^\\\[/, '').replace(/\\\]$/, ''), display: true };
  if (block.type === 'mathinline1')
    return { tex: t.replace(/^\$/, '').replace(/\$$/, ''), display: false };
  return { tex: t.replace(/^\\\(/, '').replace(/\\\)$/, ''), display: false };
}
