/**
 * Messages about selected passages that the spec leaves open (its selection prompts ask for some
 * text in an item, not how a selection over two blocks reads). Apart from messages.ts, which
 * holds only the spec's own words and is checked against it.
 */
export const passageMsg = {
  /** A note quotes one passage: a selection over two blocks or two items has none. */
  selectWithinOneBlock:
    'Please select text within one paragraph, list, table, code block or formula of a single item: a note quotes one passage.',
} as const;
