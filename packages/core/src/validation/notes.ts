import { noteMsg } from '../messages';
import type { Label } from '../model';

/**
 * Reads `name:value, name:value`. A pair without ':' is a bare name with an empty value; the
 * value runs from the first ':'. An item holds one value per label name, so a name given twice
 * keeps its first place and takes the last value.
 */
export function parseLabels(text: string): Label[] {
  const byName = new Map<string, Label>();
  for (const pair of text.split(',')) {
    const colon = pair.indexOf(':');
    const name = (colon < 0 ? pair : pair.slice(0, colon)).trim();
    const value = colon < 0 ? '' : pair.slice(colon + 1).trim();
    if (name === '') continue;
    const existing = byName.get(name);
    if (existing) existing.value = value;
    else byName.set(name, { name, value });
  }
  return [...byName.values()];
}

/** The inverse of parseLabels, to prefill the labels form. */
export function formatLabels(labels: readonly Label[]): string {
  return labels.map((l) => (l.value === '' ? l.name : `${l.name}:${l.value}`)).join(', ');
}

/** A note may be only a highlight; its blank text is stored as a placeholder. */
export function noteText(text: string | null | undefined): string {
  return text == null || text.trim() === '' ? noteMsg.highlightOnly : text;
}

/**
 * One more than the highest numeric label in use; labels like 'intro' do not count. BigInt
 * keeps a long digit string exact where a number would round.
 */
export function nextAnnotationLabel(labels: Iterable<string | null | undefined>): string {
  let highest = 0n;
  for (const label of labels) {
    const t = label?.trim() ?? '';
    if (/^\d+$/.test(t) && BigInt(t) > highest) highest = BigInt(t);
  }
  return String(highest + 1n);
}
