/**
 * Fenced code lines, as CommonMark draws them: up to three spaces of indent, then three or more
 * backticks or tildes. A fence closes on a line of the same character, at least as long.
 */

export interface FenceOpener {
  char: '`' | '~';
  length: number;
  /** The info string; its first word names the highlight language. */
  info: string;
}

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  return i;
}

function runLength(line: string, from: number, char: string): number {
  let i = from;
  while (i < line.length && line[i] === char) i++;
  return i - from;
}

export function fenceOpener(line: string): FenceOpener | null {
  const indent = indentOf(line);
  if (indent > 3) return null;
  const char = line[indent];
  if (char !== '`' && char !== '~') return null;
  const length = runLength(line, indent, char);
  if (length < 3) return null;
  const info = line.slice(indent + length).trim();
  // A backtick in a backtick fence's info string makes the line an inline code span instead.
  if (char === '`' && info.includes('`')) return null;
  return { char, length, info };
}

/** A line made only of one fence character (after the indent), with its length; else null. */
export function fenceCloserRun(line: string): { char: '`' | '~'; length: number } | null {
  const indent = indentOf(line);
  if (indent > 3) return null;
  const char = line[indent];
  if (char !== '`' && char !== '~') return null;
  const length = runLength(line, indent, char);
  if (length < 3) return null;
  if (line.slice(indent + length).trim() !== '') return null;
  return { char, length };
}

export function closesFence(line: string, opener: FenceOpener): boolean {
  const run = fenceCloserRun(line);
  return run !== null && run.char === opener.char && run.length >= opener.length;
}

/** The highlight language named by an info string: its first word, if any. */
export function infoLanguage(info: string): string | undefined {
  const word = info.trim().split(/\s/, 1)[0];
  return word ? word : undefined;
}
