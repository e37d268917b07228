/**
 * Whom a note, reply or annotation can mention (`@username`, core mentionsIn): the people the
 * board already shows its writer (its owner, its coauthors, whoever wrote an item, a note or a
 * reply they can see), so suggesting them tells no one of anybody they could not see already.
 * And the tags it may carry (`#question`, core tagsIn): those the board asks for, then those of
 * the notes the board shows them, so a class keeps to the same few.
 */
import { tagsIn, type Multilist } from '@listboard/core';

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

/** A tag the board's notes carry, and how many of those it shows carry it. */
export interface ShownTag {
  tag: string;
  notes: number;
}

/**
 * The tags its authors ask for (the board's `noteTags`), in their order, then those of the notes
 * and replies the board shows, most carried first; each with how many of those carry it.
 */
export function tagsOn(board: Pick<Multilist, 'lists' | 'noteTags'> | null): ShownTag[] {
  const counts = new Map<string, number>();
  for (const list of board?.lists ?? [])
    for (const item of list.items)
      for (const n of item.notes)
        for (const tag of n.text.includes('#') ? tagsIn(n.text) : [])
          counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const asked = board?.noteTags ?? [];
  const others = [...counts]
    .filter(([tag]) => !asked.includes(tag))
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return [...asked.map((tag) => [tag, counts.get(tag) ?? 0] as const), ...others].map(
    ([tag, notes]) => ({ tag, notes }),
  );
}

/** The tags that begin with what was typed after the `#` (any case), in tagsOn's order. */
export const tagSuggestions = (tags: readonly ShownTag[], prefix: string): ShownTag[] =>
  tags.filter((t) => t.tag.startsWith(prefix.toLowerCase())).slice(0, SUGGESTED);
