/**
 * Colour coding (spec section 4: none, author or label) with the hues of section 9. Each hue
 * triple is (start hue, saturation, lightness) as fractions; the n-th author, reader or label
 * steps round the colour wheel by the golden ratio from the start hue, so neighbours differ
 * clearly however many there are.
 */
import { HUES, type ColorCoding, type Item, type Multilist } from '@listboard/core';

const GOLDEN = 0.618033988749895;

export function hueColor(params: readonly number[], n: number): string {
  const [h, s, l] = params as [number, number, number];
  const hue = (h + n * GOLDEN) % 1;
  return `hsl(${Math.round(hue * 360)} ${Math.round(s * 100)}% ${Math.round(l * 100)}%)`;
}

export interface ColorKey {
  name: string;
  color: string;
}

/** The board's authors (owner first, then coauthors) and the other people who wrote in it. */
function people(board: Multilist): { authors: string[]; readers: string[] } {
  const authors = [board.owner, ...board.authors.filter((a) => a !== board.owner)];
  const readers = new Set<string>(board.readers);
  for (const l of board.lists)
    for (const it of l.items) {
      if (!authors.includes(it.author)) readers.add(it.author);
      for (const n of it.notes) if (!authors.includes(n.author)) readers.add(n.author);
    }
  return { authors, readers: [...readers].sort() };
}

function boardLabels(board: Multilist): string[] {
  const names = new Set<string>(board.labels);
  for (const l of board.lists)
    for (const it of l.items) for (const lb of it.labels) names.add(lb.name);
  return [...names].sort();
}

/** The colour of each author, reader or label on this board, in legend order. */
export function colorKeys(board: Multilist, coding: ColorCoding): ColorKey[] {
  if (coding === 'none') return [];
  if (coding === 'label')
    return boardLabels(board).map((name, i) => ({ name, color: hueColor(HUES.labels, i) }));
  const { authors, readers } = people(board);
  return [
    ...authors.map((name, i) => ({
      name,
      color: board.colors[name] ?? hueColor(HUES.authors, i),
    })),
    ...readers.map((name, i) => ({
      name,
      color: board.readerColors[name] ?? hueColor(HUES.readers, i),
    })),
  ];
}

/** An item's colour under the coding, or null when it has none (no label, coding off). */
export function itemColor(item: Item, keys: ColorKey[], coding: ColorCoding): string | null {
  if (coding === 'none') return null;
  const name = coding === 'label' ? item.labels[0]?.name : item.author;
  return keys.find((k) => k.name === name)?.color ?? null;
}
