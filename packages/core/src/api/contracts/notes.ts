/** Notes, annotations, replies and captions on items; a note's status; mailing an item. */
import { z } from 'zod';
import { highlightInputSchema } from '../../anchoring/selectors';
import { NOTE_STATUSES } from '../../model/entities';
import { BOARD_CALL_ERRORS, defineContract, id, label, ok } from '../contract';

/** A passage (text target), a span of a recording, or the older quote shape: see core/anchoring. */
/** The longest words a note, annotation or reply may have (written, or changed by its writer). */
export const NOTE_TEXT_MAX = 100_000;

const highlight = highlightInputSchema;
const common = {
  listId: id,
  itemId: id,
  labels: z.array(label).max(100).optional(),
  isPrivate: z.boolean().optional(),
};

/** A note, annotation, reply or caption written: its kind (annotationClass), label and status. */
export const noteWritten = z.object({
  itemId: z.string(),
  annotationClass: z.string(),
  annoLabel: z.string().nullable(),
  noteStatus: z.string().nullable(),
  /** A reader's question in reply that put its answered note back on Discussion. */
  askedAgain: z.literal(true).optional(),
});
export type NoteWritten = z.infer<typeof noteWritten>;

export const emailAnItem = defineContract({
  path: '/api/forms/email_an_item',
  tags: ['notes'],
  summary: 'E-mail one item of a board to an address',
  input: z.object({ email: z.string().max(320), multilistId: id, listId: id, itemId: id }),
  output: ok,
  errors: [...BOARD_CALL_ERRORS, 429],
});

export const insertAnno = defineContract({
  path: '/api/forms/insert_anno',
  tags: ['notes'],
  summary:
    'An author’s annotation on an item or a selected passage (label defaults to the next number)',
  input: z.object({
    ...common,
    annoSpec: z.object({
      label: z.string().max(100).optional(),
      text: z.string().max(NOTE_TEXT_MAX),
      type: z.string().max(50).optional(),
      highlight: highlight.nullable().optional(),
    }),
  }),
  output: noteWritten,
  errors: BOARD_CALL_ERRORS,
});

export const insertNote = defineContract({
  path: '/api/forms/insert_note',
  tags: ['notes'],
  summary:
    'A reader’s note on an item or a selected passage, or a reply (parentId) to a note or annotation',
  input: z.object({
    ...common,
    noteSpec: z.object({
      text: z.string().max(NOTE_TEXT_MAX),
      fullname: z.string().max(200).optional(),
      author: z.string().max(200).optional(),
      replyLevel: z.number().int().min(0).optional(),
      noteIndex: z.number().int().optional(),
      groupName: z.string().max(200).nullable().optional(),
      highlight: highlight.nullable().optional(),
      /** A reply's note or annotation. */
      parentId: id.nullable().optional(),
      date: z.string().max(100).optional(),
    }),
  }),
  output: noteWritten,
  errors: BOARD_CALL_ERRORS,
});

export const addCaption = defineContract({
  path: '/api/forms/add_caption',
  tags: ['notes'],
  summary: 'A caption annotation on a (media) item, under an annotation label',
  input: z.object({
    itemId: id,
    text: z.string().max(10_000),
    annoLabel: z.string().max(100).optional(),
    labels: z.array(label).max(100).optional(),
  }),
  output: noteWritten,
  errors: BOARD_CALL_ERRORS,
});

export const markHelpful = defineContract({
  path: '/api/forms/mark_helpful',
  tags: ['notes'],
  summary:
    'Mark another reader’s note or reply helpful, or take the mark back: once per reader; others see the count alone',
  input: z.object({ itemId: id, helpful: z.boolean() }),
  output: z.object({ itemId: z.string(), votes: z.number().int(), voted: z.boolean() }),
  errors: BOARD_CALL_ERRORS,
});

export const setNoteStatus = defineContract({
  path: '/api/forms/set_note_status',
  tags: ['notes'],
  summary: 'Answer or dismiss a reader note (board authors and editors), or set it back to pending',
  input: z.object({ itemId: id, status: z.enum(NOTE_STATUSES) }),
  output: z.object({ itemId: z.string(), noteStatus: z.enum(NOTE_STATUSES) }),
  errors: BOARD_CALL_ERRORS,
});
