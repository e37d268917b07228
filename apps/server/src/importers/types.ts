/** A list of a board being imported: its title (a heading) and its items' texts, in order. */
export interface ImportedList {
  title: string;
  items: string[];
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

/** An importer could not read its input; the message is meant for the user. */
export class ImportError extends Error {}

/**
 * Embedded pictures (docx) are kept inline as data: URLs up to this size; a bigger one becomes a
 * line of text saying so, so one photo cannot bloat the item, its blocks and the search indexes.
 */
export const INLINE_IMAGE_MAX_BYTES = 200 * 1024;
