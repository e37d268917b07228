/**
 * List toggles (block type listtoggle): a block that is only a toggle control.
 *
 * - `!tag`: shows or hides the items tagged `tag` (the '!tag' link kind);
 * - `+[List title]`: shows or hides the list with that title on the board.
 */

const TAG_START = /^[\p{L}\p{N}_]/u;

export type ListToggle = { kind: 'tag'; name: string } | { kind: 'list'; name: string };

export function parseListToggle(text: string): ListToggle | null {
  const t = text.trim();
  if (t.startsWith('!') && TAG_START.test(t.slice(1)) && !/\s/.test(t)) {
    return { kind: 'tag', name: t.slice(1) };
  }
  if (t.startsWith('+[') && t.endsWith(']') && !t.includes('\n')) {
    const name = t.slice(2, -1).trim();
    if (name !== '' && !name.includes(']') && !name.includes('[')) return { kind: 'list', name };
  }
  return null;
}
