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
