/**
 * Whom a note, reply or annotation can mention (`@username`, core mentionsIn): the people the
 * board already shows its writer (its owner, its coauthors, whoever wrote an item, a note or a
 * reply they can see), so suggesting them tells no one of anybody they could not see already.
 */
import type { Multilist } from '@listboard/core';

export interface Person {
  username: string;
  /** Their name as the board shows it, or '' when it shows none. */
  name: string;
}

/** The most names suggested at once. */
export const SUGGESTED = 6;

export function peopleOn(board: Multilist | null, me: string | null): Person[] {
  const names = new Map<string, string>();
  const add = (username: string, name?: string | null) => {
    if (!username || username === me || username === 'guest') return;
    if (!names.get(username)) names.set(username, name?.trim() ?? '');
  };
  if (!board) return [];
  add(board.owner);
  board.authors.forEach((a) => add(a));
  for (const list of board.lists)
    for (const item of list.items) {
      add(item.author, item.hint);
      for (const n of item.notes) add(n.author, n.hint);
    }
  return [...names].map(([username, name]) => ({ username, name }));
}

/**
 * The people whose user name, or a word of whose name, begins with what was typed after the
 * `@` (any case): user names that match first, then by user name.
 */
export function suggestions(people: readonly Person[], prefix: string): Person[] {
  const typed = prefix.toLowerCase();
  const byName = (p: Person) => p.username.toLowerCase().startsWith(typed);
  const byWords = (p: Person) =>
    p.name
      .toLowerCase()
      .split(/\s+/)
      .some((w) => w.startsWith(typed));
  return people
    .filter((p) => byName(p) || byWords(p))
    .sort((a, b) => Number(byName(b)) - Number(byName(a)) || a.username.localeCompare(b.username))
    .slice(0, SUGGESTED);
}
