/** What textToBlocks needs to know about where the text lives. */
export interface MarkupContext {
  /** Owner of the board the text lives on; upload paths resolve against it. */
  owner?: string;
  /** The owner's uploads folder, when uploads are kept under one (User.uploadsFolder). */
  uploadsFolder?: string;
}
