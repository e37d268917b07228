import type { Block } from '../model';

export interface MarkupContext {
  /** Owner of the board the text lives on; upload paths resolve against it. */
  owner?: string;
  uploadsFolder?: string;
}

/** Split an item's text into blocks. Blank lines separate blocks. */
export function textToBlocks(text: string, _ctx: MarkupContext = {}): Block[] {
  return text
    .split(/\n\s*\n/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0)
    .map((t) => ({ text: t, type: 'mdtext' as const }));
}
