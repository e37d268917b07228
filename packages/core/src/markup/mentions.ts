/**
 * Mentions in the words of a note, reply or annotation (ours): `@username` calls one person's
 * attention to it.
 * A mention starts at the start of the words or after a character no address or name goes on
 * with (a space, a bracket, a comma), so `sam@school.edu` stays an address; the name is a user
 * name as USERNAME_PATTERN allows, less the dots and dashes that end the sentence around it
 * (`@sam.` mentions sam). Words in code (between backticks) mention no one.
 */
import { USERNAME_MAX } from '../constants';

/** The most people one note's mentions tell: past them, a mention is set off but tells no one. */
export const MENTIONS_MAX = 10;

const GOES_ON = /[A-Za-z0-9_.\-@/+]/;
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*/;

/** The mention at `at` in `s` (`s[at]` is its `@`), or null. */
export function mentionAt(s: string, at: number): { username: string; end: number } | null {
  if (s[at] !== '@') return null;
  if (GOES_ON.test(s.charAt(at - 1))) return null;
  const found = NAME.exec(s.slice(at + 1, at + 2 + USERNAME_MAX));
  const username = found?.[0].replace(/[.-]+$/, '') ?? '';
  if (!username || username.length > USERNAME_MAX) return null;
  return { username, end: at + 1 + username.length };
}

/**
 * Whether two user names are one person's: names are told apart regardless of case, as sign-in
 * and sign-up tell them, so `@Sam` at a sentence's start mentions sam.
 */
export const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The user names the words mention, each person once, as first written, in order. */
export function mentionsIn(text: string): string[] {
  // Code spans, their backticks and all, become spaces: nothing in them is a mention.
  const words = text.replace(/(`+)[\s\S]*?\1/g, (code) => ' '.repeat(code.length));
  const names: string[] = [];
  for (let at = words.indexOf('@'); at >= 0; at = words.indexOf('@', at + 1)) {
    const found = mentionAt(words, at);
    if (found && !names.some((n) => sameName(n, found.username))) names.push(found.username);
  }
  return names;
}

/**
 * The mention being typed where the caret is, for a form to suggest names: its `@` at `start`
 * and the name so far (empty just after the `@`); null where no mention can begin.
 */
export function mentionTyped(
  text: string,
  caret: number,
): { start: number; prefix: string } | null {
  const typed = /@([A-Za-z0-9_.-]*)$/.exec(
    text.slice(Math.max(0, caret - USERNAME_MAX - 1), caret),
  );
  if (!typed) return null;
  const prefix = typed[1] ?? '';
  const start = caret - typed[0].length;
  if (GOES_ON.test(text.charAt(start - 1)) || (prefix && !NAME.test(prefix))) return null;
  return { start, prefix };
}
