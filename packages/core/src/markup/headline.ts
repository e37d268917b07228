import type { Block, BlockType } from '../model/entities';
import { fileNameOf } from './address';
import { classifyBlock } from './classify';
import { mathSource } from './math';
import { textToBlocks } from './blocks';

const MAX = 120;

/** The first line with words in it. */
const firstLine = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '') ?? '';

/** A line of light markup as the words it shows. */
function words(line: string): string {
  return (
    line
      // A heading's, a quote's or a list entry's marks; a table row's outer bars.
      .replace(/^(#{1,6}\s+|>\s*|[-*+]\s+|\d{1,9}[.)]\s+)+/, '')
      .replace(/^\|(.*)\|$/, '$1')
      // Pictures by their alt text, links by their words, a formula by its source.
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\$\$(.+?)\$\$/g, '$1')
      // Markup written as HTML shows its words, not its tags.
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/(?<!\\)[*_`~]+/g, '')
      // A mark written as itself (`\?`, `\*`) shows as the mark, without its backslash.
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * An item's first words as plain text: what the headline view, collapsed items, the Trash, the
 * Insight figures and the Discussion page show for an item. Its first block with words decides:
 * a recording, picture or document by its caption (else its alt text, title or file name), a
 * formula by its source, code by its first line, a link by its words, markup by the words of its
 * first line (heading, quote, list and emphasis marks, link targets and HTML tags dropped).
 * Plain text, never markup: whoever shows it as markup escapes it (markdownLiteral).
 */
export function headlineOf(blocks: readonly (Block | { text: string })[], text = ''): string {
  const given = blocks.filter((b) => b.text.trim());
  for (const b of given.length ? given : textToBlocks(text)) {
    // Blocks as the server sends them are classified already.
    const line = blockHeadline('type' in b ? b : classifyBlock(b.text));
    if (line) return line.slice(0, MAX);
  }
  return '';
}

function blockHeadline(block: Block): string {
  const source = block.text;
  const captioned = block.caption ?? block.altText ?? block.titleText;
  switch (block.type) {
    case 'video':
    case 'audio':
    case 'image':
    case 'document':
    case 'externalurl':
    case 'unknown-upload':
    case 'mdimagelink':
      return captioned ? words(firstLine(captioned)) : fileNameOf(block.url ?? firstLine(source));
    case 'mdtextlink':
      return block.caption ? words(block.caption) : (block.url ?? '');
    case 'listtoggle':
      return block.caption ?? firstLine(source);
    case 'fencedcode':
      return firstLine(source.trim().split('\n').slice(1, -1).join('\n'));
    case 'mathblock1':
    case 'mathblock2':
    case 'mathinline1':
    case 'mathinline2':
      return firstLine(mathSource(block).tex);
    default:
      return words(firstLine(source));
  }
}

/** What a block that shows something other than words is called in a line of words. */
const SHOWN_AS: Partial<Record<BlockType, string>> = {
  video: 'video',
  audio: 'audio',
  image: 'picture',
  mdimagelink: 'picture',
  document: 'document',
  externalurl: 'page',
  'unknown-upload': 'file',
};

/**
 * An item's text as light markup for one line of an excerpt (a search result's, a board loaded
 * from a search): its words as written, a heading's marks dropped, and each recording, picture,
 * document or embedded page as its kind and caption in brackets, "(video: Lecture 1)", where the
 * line that makes it a player would only show its addresses once run into the words around it.
 */
export function excerptMarkup(text: string): string {
  return textToBlocks(text)
    .map((b) => {
      const shown = shownAs(b);
      if (!shown) return b.text.replace(/^\s{0,3}#{1,6}\s+/gm, '');
      return shown.name ? `(${shown.kind}: ${inlineLiteral(shown.name)})` : `(${shown.kind})`;
    })
    .join('\n\n');
}

/**
 * What a block that shows something other than words is (video, audio, picture, document, page
 * or file) and what it is called: its caption (else its alt text, title or file name), an
 * embedded page without one by its address. Null for a block of words.
 */
export function shownAs(block: Block): { kind: string; name: string } | null {
  const kind = SHOWN_AS[block.type];
  if (!kind) return null;
  const address =
    block.type === 'externalurl' && !block.caption ? block.url?.replace(/^\w+:\/\//, '') : '';
  return { kind, name: address || blockHeadline(block) };
}

/**
 * Words to be shown exactly as written inside a line of light markup, escaping only the marks
 * that could start markup there (emphasis, code, links, HTML, formulas, escapes), so a file name
 * such as cell_diagram.png still reads as typed in the markup itself.
 */
const inlineLiteral = (s: string): string =>
  s.replace(/[\\`*[\]<>$~&]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\$&');

/**
 * Text to be shown exactly as written where light markup is read: every ASCII punctuation mark
 * escaped, so no emphasis, link, formula, HTML or list mark comes of it (a link's words, say).
 */
export const markdownLiteral = (s: string): string =>
  s.replace(/\s+/g, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
