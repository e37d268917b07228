/** Item text to blocks and back. The text is the one source of truth; blocks are derived. */
import type { Block } from '../model';
import { classifyBlock } from './classify';
import type { MarkupContext } from './context';
import { splitBlockTexts } from './split';

export function textToBlocks(text: string, ctx: MarkupContext = {}): Block[] {
  return splitBlockTexts(text).map((t) => classifyBlock(t, ctx));
}

function withoutLeadingBlankLines(text: string): string {
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0 || text.slice(start, nl).trim() !== '') return text.slice(start);
    start = nl + 1;
  }
}

/**
 * Block texts joined by blank lines. Indentation of a block's first line is kept, since it can
 * decide how the text splits again (an indented ``` is no fence).
 */
export function blocksToText(blocks: readonly Pick<Block, 'text'>[]): string {
  return blocks
    .map((b) => withoutLeadingBlankLines(b.text.replace(/\r\n?/g, '\n')).trimEnd())
    .filter((t) => t.trim() !== '')
    .join('\n\n');
}
