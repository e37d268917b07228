/**
 * Media and upload messages the spec leaves open (it says an upload error is raised, not how it
 * reads). Apart from messages.ts, which holds only the spec's own words and is checked against it.
 */
export const mediaToolMsg = {
  /** For the marker and range tools on an item without video or audio. */
  notAMediaItemForMarkers: 'This is not a media item, so it cannot have media markers.',
  noMediaMarkers: 'This item has no media markers.',
  posterFrameSaved: (path: string) => `Poster frame saved: ${path}`,
} as const;

/** Uploads (spec sections 5 and 7 ask for the checks; the words are ours). */
export const uploadMsg = {
  unsupported: (name: string) =>
    `${name} was skipped: only files with a supported extension can be uploaded.`,
  noFiles: 'Please choose at least one file to upload.',
  /** The upload error of section 7: no signed URL came back. */
  signedUrlMissing: (name: string) => `Upload error: no signed upload address for ${name}.`,
  /** The upload error of section 7: the PUT was not OK. */
  putFailed: (name: string, status: number | string) =>
    `Upload error: ${name} was not stored (${status}).`,
  uploaded: (count: number) => (count === 1 ? 'Uploaded 1 file.' : `Uploaded ${count} files.`),
  /** The upload was cancelled (its form's Cancel, or the progress bar's): nothing is inserted. */
  cancelled: 'Upload cancelled: nothing was inserted.',
  /** A file of a kind this form does not take (an mp3 given to Insert video item). */
  wrongKind: (name: string, takes: string) =>
    `${name} was skipped: this form takes ${takes}. Insert item with files takes any kind.`,
} as const;
