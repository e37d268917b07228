/**
 * The rules of a board's Insight figures that the server and the web share: what counts as a
 * question, how words are counted, and how an item's note count becomes a shade of the heat view.
 */

/** A note is typed as a question by this label (the Note form's type, or a label of its own). */
export const QUESTION_LABEL = { name: 'type', value: 'question' } as const;

export interface QuestionLike {
  text: string;
  labels: readonly { name: string; value: string }[];
}

/** Words that end in '?', or in '?' and then only words that begin with '#' (its tags). */
const ASKS = /\?(\s+#[^\s#]+)*\s*$/;

/**
 * A question: a note typed as one (its labels hold type: question) or whose text ends in '?',
 * its tags after it or not (“Why two dates? #confused”). The database keeps the same rule for
 * each note (items.is_question, migration 0034).
 */
export function isQuestion(note: QuestionLike): boolean {
  return (
    ASKS.test(note.text) ||
    note.labels.some(
      (l) =>
        l.name.toLowerCase() === QUESTION_LABEL.name &&
        l.value.toLowerCase() === QUESTION_LABEL.value,
    )
  );
}

/** Words in a text: runs of characters between whitespace. */
export function wordCount(text: string): number {
  const t = text.trim();
  return t === '' ? 0 : t.split(/\s+/).length;
}

/** The heat view's shades: 0 (no notes) to HEAT_LEVELS. */
export const HEAT_LEVELS = 4;

/**
 * An item's shade: its notes and replies against the most any item of the board drew, in
 * HEAT_LEVELS even steps; any note at all gives at least the first shade.
 */
export function heatLevel(count: number, most: number): number {
  if (count <= 0 || most <= 0) return 0;
  return Math.max(1, Math.min(HEAT_LEVELS, Math.ceil((count / most) * HEAT_LEVELS)));
}
