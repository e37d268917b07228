/**
 * Splitting an item's text into block texts. Blank lines separate blocks, except inside fenced
 * code, display math and pipe tables, which stay whole.
 *
 * A fence or display-math opener with no closer anywhere below it opens nothing: one stray
 * ``` or $$ must not swallow the rest of the item. Whether a closer exists below is computed once,
 * backwards, so the whole split is a single linear pass however the text is built.
 *
 * Decisions depend only on the non-blank lines and their trimmed content, never on how many
 * blank lines sit between them; that is what makes blocksToText(textToBlocks(x)) split the same.
 */
import { closesFence, fenceCloserRun, fenceOpener, type FenceOpener } from './fence';
import { DISPLAY_MATH_DELIMITERS, displayMathOpener, type DisplayMathDelimiters } from './math';
import { continuesTableAfterBlank, startsTable } from './table';

type State =
  | { kind: 'normal' }
  | { kind: 'table' }
  | { kind: 'fence'; opener: FenceOpener }
  | { kind: 'math'; delimiters: DisplayMathDelimiters };

const NORMAL: State = { kind: 'normal' };
const TABLE: State = { kind: 'table' };

function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** Longest closing run of each fence character on any line after index i. */
function fenceClosersBelow(lines: readonly string[]): { backtick: number[]; tilde: number[] } {
  const backtick = new Array<number>(lines.length).fill(0);
  const tilde = new Array<number>(lines.length).fill(0);
  let maxBacktick = 0;
  let maxTilde = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    backtick[i] = maxBacktick;
    tilde[i] = maxTilde;
    const run = fenceCloserRun(lines[i] ?? '');
    if (run?.char === '`') maxBacktick = Math.max(maxBacktick, run.length);
    if (run?.char === '~') maxTilde = Math.max(maxTilde, run.length);
  }
  return { backtick, tilde };
}

/** For each display-math closer, whether some line after index i contains it. */
function mathClosersBelow(lines: readonly string[]): Map<string, boolean[]> {
  const below = new Map<string, boolean[]>();
  for (const d of DISPLAY_MATH_DELIMITERS) {
    const has = new Array<boolean>(lines.length).fill(false);
    let seen = false;
    for (let i = lines.length - 1; i >= 0; i--) {
      has[i] = seen;
      if ((lines[i] ?? '').includes(d.close)) seen = true;
    }
    below.set(d.close, has);
  }
  return below;
}

export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** The texts of the blocks an item's text is made of, in order; none is blank. */
export function splitBlockTexts(text: string): string[] {
  const lines = normalizeNewlines(text).split('\n');
  const fences = fenceClosersBelow(lines);
  const maths = mathClosersBelow(lines);
  const blocks: string[] = [];
  let current: string[] = [];
  let state: State = NORMAL;

  const endBlock = (): void => {
    if (current.length > 0) blocks.push(current.join('\n').trimEnd());
    current = [];
    state = NORMAL;
  };

  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';

    if (state.kind === 'fence') {
      current.push(line);
      if (closesFence(line, state.opener)) state = NORMAL;
      i++;
      continue;
    }
    if (state.kind === 'math') {
      current.push(line);
      if (line.includes(state.delimiters.close)) state = NORMAL;
      i++;
      continue;
    }

    if (isBlank(line)) {
      let j = i;
      while (j < lines.length && isBlank(lines[j] ?? '')) j++;
      const next = lines[j];
      if (state.kind === 'table' && next !== undefined && continuesTableAfterBlank(next)) {
        for (let k = i; k < j; k++) current.push(lines[k] ?? '');
      } else {
        endBlock();
      }
      i = j;
      continue;
    }

    if (state.kind === 'table' && !line.includes('|')) state = NORMAL;
    if (state.kind === 'normal') state = openingState(line, lines[i + 1], i, fences, maths);
    current.push(line);
    i++;
  }
  endBlock();
  return blocks;
}

function openingState(
  line: string,
  next: string | undefined,
  i: number,
  fences: { backtick: number[]; tilde: number[] },
  maths: Map<string, boolean[]>,
): State {
  const fence = fenceOpener(line);
  if (fence) {
    const longestBelow = (fence.char === '`' ? fences.backtick : fences.tilde)[i] ?? 0;
    if (longestBelow >= fence.length) return { kind: 'fence', opener: fence };
    return NORMAL;
  }
  const math = displayMathOpener(line);
  if (math) {
    if (maths.get(math.close)?.[i]) return { kind: 'math', delimiters: math };
    return NORMAL;
  }
  if (startsTable(line, next)) return TABLE;
  return NORMAL;
}
