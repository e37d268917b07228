import { boardKey, type Address, type Segment } from './address';

/**
 * How a new address relates to the old one, by the boards in their segment lists:
 * - identical: the same boards in the same order (both empty counts as identical);
 * - prefix: one list is the head of the other, i.e. new extends old or new drops old's tail;
 * - common-prefix: they share a head of at least one board, then both go on differently;
 * - intersection: their first boards differ, yet some board is in both;
 * - disjoint: no board in common (including when exactly one of them is empty).
 *
 * The query belongs to the last board (it is how a results board is asked for, as in
 * `/admin/home;results?--searched--`), so a changed query makes that board differ.
 * The hash only scrolls within a board and never counts.
 */
export type AddressRelation =
  'identical' | 'prefix' | 'common-prefix' | 'intersection' | 'disjoint';

export interface AddressDiff {
  relation: AddressRelation;
  /** How many leading boards of the old address stay as they are. */
  keep: number;
  /** The new address's boards from `keep` on, to be loaded. */
  load: Segment[];
}

export interface DiffOptions {
  /** Reload every board whatever the relation. */
  force?: boolean;
}

function sameBoardAt(a: Address, b: Address, i: number): boolean {
  const x = a.segments[i];
  const y = b.segments[i];
  if (!x || !y || boardKey(x.owner, x.title) !== boardKey(y.owner, y.title)) return false;
  const queryOf = (addr: Address) => (i === addr.segments.length - 1 ? addr.query : null);
  return queryOf(a) === queryOf(b);
}

export function diffAddresses(
  oldA: Address,
  newA: Address,
  { force = false }: DiffOptions = {},
): AddressDiff {
  const shorter = Math.min(oldA.segments.length, newA.segments.length);
  let head = 0;
  while (head < shorter && sameBoardAt(oldA, newA, head)) head++;

  let relation: AddressRelation;
  if (head === oldA.segments.length && head === newA.segments.length) {
    relation = 'identical';
  } else if (head > 0) {
    relation = head === shorter ? 'prefix' : 'common-prefix';
  } else {
    const oldKeys = new Set(oldA.segments.map((s) => boardKey(s.owner, s.title)));
    const shared = newA.segments.some((s) => oldKeys.has(boardKey(s.owner, s.title)));
    relation = shared ? 'intersection' : 'disjoint';
  }

  const keep = force ? 0 : head;
  return { relation, keep, load: newA.segments.slice(keep) };
}
