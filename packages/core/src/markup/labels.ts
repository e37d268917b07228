/** Item labels and annotation labels (spec section 5, "Labels"). */
import { noteMsg } from '../messages';
import type { Label } from '../model';

/**
 * Labels from comma-separated `name:value` pairs. Names and values are trimmed; the value runs
 * from the first ':' (so it may hold more); a pair without ':' has the value ''. Entries with no
 * name are dropped, and a name given twice keeps its first place with the last value.
 */
export function parseLabelsText(text: string): Label[] {
  const byName = new Map<string, Label>();
  for (const entry of text.split(',')) {
    const colon = entry.indexOf(':');
    const name = (colon < 0 ? entry : entry.slice(0, colon)).trim();
    const value = colon < 0 ? '' : entry.slice(colon + 1).trim();
    if (name === '') continue;
    const existing = byName.get(name);
    if (existing) existing.value = value;
    else byName.set(name, { name, value });
  }
  return [...byName.values()];
}

/** The text parseLabelsText reads back into the same labels. */
export function formatLabelsText(labels: readonly Label[]): string {
  return labels.map((l) => (l.value === '' ? l.name : `${l.name}:${l.value}`)).join(', ');
}

function isDigits(s: string): boolean {
  return s.length > 0 && /^\d+$/.test(s);
}

/**
 * The next annotation label: one more than the highest label that is a whole number, or '1' when
 * there is none. BigInt keeps long digit strings exact.
 */
export function nextAnnoLabel(labels: Iterable<string | null | undefined>): string {
  let highest = 0n;
  for (const label of labels) {
    const t = (label ?? '').trim();
    if (isDigits(t)) {
      const n = BigInt(t);
      if (n > highest) highest = n;
    }
  }
  return String(highest + 1n);
}

/** A note's text, or the spec's '[Highlight only]' when the text is blank. */
export function noteTextOrHighlight(text: string | null | undefined): string {
  return text === null || text === undefined || text.trim() === '' ? noteMsg.highlightOnly : text;
}
