import { fieldMsg } from '../messages';
import { titleMsg } from '../board-messages';

/**
 * A board title as it appears in an address: lowercase, every run of punctuation or whitespace
 * turned into one hyphen, no hyphen at either end. Letters and digits of any script are kept,
 * so titles in other languages still give readable addresses.
 */
export function pathTitle(title: string): string {
  return title
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
