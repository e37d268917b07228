/**
 * The rendered text of blocks that are not on screen (a note's item on a results page, the
 * sentences view), made by the same renderers as the cards, in an inert document so that no
 * picture is fetched. For the blocks a note can quote it is the text the card would show.
 */
import type { Block, BlockType } from '@listboard/core';
import { currentMarkdown, loadMarkdown, MARKDOWN_BLOCKS } from '../blocks/markdownLoad';
import { mathHtml } from '../blocks/MathBlock';
import { fencedBody } from '../blocks/CodeBlock';
import { renderedText } from './renderedText';

/** Blocks made of text, where a passage can be quoted and highlighted. */
export const TEXT_BLOCKS: ReadonlySet<string> = new Set<BlockType>([
  'mdtext',
  'mdlist',
  'mdtable',
  'mdhtml',
  'mdtextlink',
  'fencedcode',
  'mathblock1',
  'mathblock2',
  'mathinline1',
  'mathinline2',
  'text',
  // A PDF: the words of its page shown (blocks/PdfBlock.tsx); none off screen.
  'document',
]);

let inert: Document | null = null;

export function offscreenText(block: Block): string {
  if (block.type === 'text') return block.text;
  if (block.type === 'fencedcode') return fencedBody(block.text);
  const math = block.type.startsWith('math');
  if (!MARKDOWN_BLOCKS.has(block.type) && !math) return '';
  const render = math ? null : currentMarkdown();
  // Boards wait for markdown-it before they are shown; a block met before it is here (a live
  // change) reads as its card shows it meanwhile: as written.
  if (!math && !render) {
    void loadMarkdown();
    return block.text;
  }
  inert ??= document.implementation.createHTMLDocument('');
  const el = inert.createElement('div');
  el.innerHTML = render ? render(block.text) : mathHtml(block);
  return renderedText(el);
}
