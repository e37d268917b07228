/**
 * A board's notes, annotations and replies as W3C Web Annotations (JSON-LD): taken out as a file,
 * and read back onto a board (core anchoring/web-annotation).
 */
import { z } from 'zod';
import { BOARD_CALL_ERRORS, defineContract, id } from '../contract';
import { exportedFile } from './export';

export const ANNOTATION_EXPORT_FORMATS = ['jsonld'] as const;

export const exportAnnotations = defineContract({
  path: '/api/forms/export_annotations',
  tags: ['notes'],
  summary:
    'The notes, annotations and replies of a board that the caller may see, as a file: jsonld ' +
    'is a W3C Web Annotation collection (@context http://www.w3.org/ns/anno.jsonld) with each ' +
    'passage’s TextQuoteSelector and TextPositionSelector. Answers {filename, mediaType, content}.',
  input: z.object({ multilistId: id, format: z.enum(ANNOTATION_EXPORT_FORMATS) }),
  output: exportedFile,
  errors: BOARD_CALL_ERRORS,
});

/** What an import wrote, and what it left out and why. */
export const annotationsImported = z.object({
  imported: z.number().int(),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type AnnotationsImported = z.infer<typeof annotationsImported>;

export const importAnnotations = defineContract({
  path: '/api/forms/import_annotations',
  tags: ['notes'],
  summary:
    'Writes a W3C Web Annotation document (a collection, a page, an array or one annotation) ' +
    'onto a board as the caller’s notes: each on the item its source names, or the item at the ' +
    'same place; replies under the notes they answer; annotations only for the board’s authors.',
  input: z.object({ multilistId: id, document: z.unknown() }),
  output: annotationsImported,
  errors: BOARD_CALL_ERRORS,
});
