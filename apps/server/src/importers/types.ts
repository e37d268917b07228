/** A list of a board being imported: its title (a heading) and its items' texts, in order. */
export interface ImportedList {
  title: string;
  items: string[];
  /**
   * The headings just before this list that open no list of their own, having only headings of
   * a lower rank under them (a document's title, a part over its chapters), outermost first.
   */
  over?: string[];
  /** On the first list only: the document's own title, a heading over all of it. */
  documentTitle?: string;
}

export interface ImportOptions {
  /** Title of the list that holds what comes before the first heading (the file or page name). */
  name: string;
  /** How messages name the input (a file name); `name` when left out. */
  fileName?: string;
  /** Address the document came from; its relative links and images are resolved against it. */
  baseUrl?: string;
  /** Told as a long document is read: pages (a PDF) done out of the total. */
  onProgress?(done: number, total: number): void;
}

/** A list's headings as they stand in the document: those over it (a part's), then its own. */
export const headingsOf = (l: ImportedList): string[] => [...(l.over ?? []), l.title];

/** An importer could not read its input; the message is meant for the user. */
export class ImportError extends Error {}

/**
 * Embedded pictures (docx) are kept inline as data: URLs up to this size; a bigger one becomes a
 * line of text saying so, so one photo cannot bloat the item, its blocks and the search indexes.
 */
export const INLINE_IMAGE_MAX_BYTES = 200 * 1024;
