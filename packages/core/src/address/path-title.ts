import { fieldMsg } from '../messages';
import { titleMsg } from '../board-messages';

/**
 * What shows nothing in a title: format characters (soft hyphens, zero-width spaces and joiners,
 * direction marks and overrides, the byte-order mark), the combining grapheme joiner and
 * variation selectors.
 */
const INVISIBLE = /[\p{Cf}\u034F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

/**
 * A board title as it appears in an address: lowercase, every run of punctuation or whitespace
 * turned into one hyphen, no hyphen at either end. Letters and digits of any script are kept,
 * so titles in other languages still give readable addresses. Titles that look the same give
 * the same address: the same letters typed composed or decomposed, full-width or not, or with
 * characters that show nothing, so no board can pass for another by its address (NFKC, then
 * what is invisible dropped; Turkish İ is i, not i and a dot).
 */
export function pathTitle(title: string): string {
  return title
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/İ/g, 'i')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * What is wrong with a board title, or null: a blank one is not filled in (the spec's words); one
 * of signs or emoji alone (🎉, '...') gives no address, which the spec's words would not explain.
 */
export function boardTitleProblem(title: string): string | null {
  if (title.trim() === '') return fieldMsg.requiredField('title');
  return pathTitle(title) === '' ? titleMsg.noLettersOrDigits : null;
}
