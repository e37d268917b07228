/**
 * The rendered text of blocks that are not on screen (a note's item on a results page, the
 * sentences view), made by the same renderers as the cards, in an inert document so that no
 * picture is fetched. For the blocks a note can quote it is the text the card would show.
 */
import type { Block, BlockType } from '@listboard/core';
import { renderMarkdown } from '../blocks/markdown';
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
]);
const MARKDOWN = new Set(['mdtext', 'mdlist', 'mdtable', 'mdhtml', 'mdtextlink']);

let inert: Document | null = null;

export function offscreenText(block: Block): string {
  if (block.type === 'text') return block.text;
  if (block.type === 'fencedcode') return fencedBody(block.text);
  const math = block.type.startsWith('math');
  if (!MARKDOWN.has(block.type) && !math) return '';
  inert ??= document.implementation.createHTMLDocument('');
  const el = inert.createElement('div');
  el.innerHTML = math ? mathHtml(block) : renderMarkdown(block.text);
  return renderedText(el);
}
