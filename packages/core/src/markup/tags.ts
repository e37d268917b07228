/**
 * Tags in the words of a note or reply (ours): `#question`, `#confused`, `#evidence` sort notes
 * by what they are, so a teacher can read a class's questions together (a Discussion narrowed to
 * one tag) and see which tags a board's notes carry (Insight).
 * A tag starts at the start of the words or after a character no word, address or link goes on
 * with (a space, a bracket, a comma), then a letter, then letters, digits, `_` or `-` (the dashes
 * that end it left out); it is one tag whatever its letters' case. So `#1`, `C#`, `page#part`,
 * `&#39;` and a section link's `](#Week 2)` are no tags, nor is anything in code (between
 * backticks).
 */

/** The longest tag: past it, the words are no tag. */
export const TAG_MAX = 40;

const GOES_ON = /[\p{L}\p{N}_&#/.\-@+:]/u;
const NAME = /^\p{L}[\p{L}\p{N}_-]*/u;

/** The most tags a board asks its readers' notes to carry (a board's `noteTags`). */
export const BOARD_TAGS_MAX = 12;

/** One tag whatever its letters' case, as its tag links and counts name it. */
export const tagKey = (name: string): string => name.toLowerCase();

/** Whether a `#` at `at` of `s` may start a tag, by what comes before it. */
const mayStart = (s: string, at: number): boolean =>
  !GOES_ON.test(s.charAt(at - 1)) && !(s.charAt(at - 1) === '(' && s.charAt(at - 2) === ']');

/** The tag at `at` in `s` (`s[at]` is its `#`), its name as written, or null. */
export function tagAt(s: string, at: number): { tag: string; end: number } | null {
  if (s[at] !== '#' || !mayStart(s, at)) return null;
  const found = NAME.exec(s.slice(at + 1, at + 2 + TAG_MAX));
  const tag = found?.[0].replace(/-+$/, '') ?? '';
  if (!tag || tag.length > TAG_MAX) return null;
  return { tag, end: at + 1 + tag.length };
}

/** The tags the words carry, each once (tagKey), in order. */
export function tagsIn(text: string): string[] {
  // Code spans, their backticks and all, become spaces: nothing in them is a tag.
  const words = text.replace(/(`+)[\s\S]*?\1/g, (code) => ' '.repeat(code.length));
  const tags: string[] = [];
  for (let at = words.indexOf('#'); at >= 0; at = words.indexOf('#', at + 1)) {
    const found = tagAt(words, at);
    const key = found && tagKey(found.tag);
    if (key && !tags.includes(key)) tags.push(key);
  }
  return tags;
}

/** Whether words carry this tag (any case). */
export const hasTag = (text: string, tag: string): boolean =>
  text.includes('#') && tagsIn(text).includes(tagKey(tag));

/**
 * A tag as an address or a form gives it (`question`, `#Question`): its key, or null when it is
 * no tag.
 */
export function tagOf(given: string): string | null {
  const name = given.trim().replace(/^#/, '');
  const found = tagAt(`#${name}`, 0);
  return found && found.tag === name ? tagKey(name) : null;
}

/**
 * The tag being typed where the caret is, for a form to suggest tags: its `#` at `start` and the
 * name so far (empty just after the `#`); null where no tag can begin.
 */
export function tagTyped(text: string, caret: number): { start: number; prefix: string } | null {
  const typed = /#([\p{L}\p{N}_-]*)$/u.exec(text.slice(Math.max(0, caret - TAG_MAX - 1), caret));
  if (!typed) return null;
  const prefix = typed[1] ?? '';
  const start = caret - typed[0].length;
  if (!mayStart(text, start) || (prefix && !NAME.test(prefix))) return null;
  return { start, prefix };
}

/** What a listing narrowed to words that are no tag answers. */
export const notATag = (given: string): string =>
  `“${given}” is not a tag: a tag is # and a letter, then letters, digits, _ or -, at most ${TAG_MAX}.`;

/**
 * The tags a board asks its readers' notes to carry, as given (`question`, `#Question`; blanks
 * skipped), each once; or what is wrong with them.
 */
export function boardTagsOf(given: readonly string[]): { tags: string[] } | { problem: string } {
  const tags: string[] = [];
  for (const word of given.map((g) => g.trim()).filter(Boolean)) {
    const tag = tagOf(word);
    if (!tag) return { problem: notATag(word) };
    if (!tags.includes(tag)) tags.push(tag);
  }
  return tags.length > BOARD_TAGS_MAX
    ? { problem: `A board asks for at most ${BOARD_TAGS_MAX} tags.` }
    : { tags };
}

/** Tags as one writes them, one line: `#question #evidence`. */
export const writtenTags = (tags: readonly string[]): string => tags.map((t) => `#${t}`).join(' ');

/** Tags typed in one field, apart by spaces or commas: `#question, #confused`. */
export const typedTags = (typed: string): string[] => typed.split(/[\s,]+/).filter(Boolean);
