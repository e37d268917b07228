/** The items of a list: inserting, editing, copying, labelling, moving and deleting them. */
import { z } from 'zod';
import { BOARD_CALL_ERRORS, defineContract, id, label } from '../contract';
import { movedTo } from './lists';
import { mediaEnd, mediaStart } from './media-times';
import { trashed } from './undo';

const text = z.string().max(200_000);
const version = z.number().int().positive().optional();

/** An item written (inserted, duplicated, imported) and where it went. */
export const itemWritten = z.object({ itemId: z.string(), index: z.number() });
/** An item changed, with its new row version. */
export const itemVersion = z.object({ itemId: z.string(), version: z.number() });

export const insertItem = defineContract({
  path: '/api/forms/insert_item',
  tags: ['forms'],
  summary: 'Insert an item into a list at an index',
  input: z.object({
    listId: id,
    text,
    index: z.number().int().min(0).optional(),
    labels: z.array(label).max(100).optional(),
    isPrivate: z.boolean().optional(),
  }),
  output: itemWritten,
  errors: BOARD_CALL_ERRORS,
});

export const editItem = defineContract({
  path: '/api/forms/edit_item',
  tags: ['forms'],
  summary: 'Replace an item’s text (its blocks are parsed again)',
  description:
    '`isPrivate` makes the item private (only its author sees it) or public again; only the ' +
    'item’s author may change it.',
  input: z.object({ itemId: id, text, version, isPrivate: z.boolean().optional() }),
  output: itemVersion,
  errors: [...BOARD_CALL_ERRORS, 409],
});

export const duplicateItem = defineContract({
  path: '/api/forms/duplicate_item',
  tags: ['forms'],
  summary:
    'Insert a copy of an item (itemId: its labels, format, flags and markers) with the given text at an index; the item may be on another board the caller may read, unless it is a note or an annotation',
  input: z.object({
    listId: id,
    text,
    index: z.number().int().min(0).optional(),
    itemId: id.optional(),
    /** With the caller's own annotations on the item copied, each as private as it was. */
    annotations: z.boolean().optional(),
  }),
  output: itemWritten,
  errors: BOARD_CALL_ERRORS,
});

export const deleteItem = defineContract({
  path: '/api/forms/delete_item',
  tags: ['forms'],
  summary:
    'Move an item to the board’s Trash with its notes, blocks and markers (a note: with its replies)',
  input: z.object({ itemId: id }),
  output: trashed,
  errors: BOARD_CALL_ERRORS,
});

export const editItemLabels = defineContract({
  path: '/api/forms/edit_item_labels',
  tags: ['forms'],
  summary: 'Replace an item’s labels (name:value pairs)',
  input: z.object({ itemId: id, labels: z.array(label).max(100) }),
  output: itemVersion,
  errors: BOARD_CALL_ERRORS,
});

export const moveItem = defineContract({
  path: '/api/forms/move_item',
  tags: ['forms'],
  summary: 'Move an item one place up or down (blocked at either end)',
  input: z.object({ itemId: id, direction: z.enum(['up', 'down']) }),
  output: movedTo,
  errors: BOARD_CALL_ERRORS,
});

export const moveItemToList = defineContract({
  path: '/api/forms/move_item_to_list',
  tags: ['forms'],
  summary:
    'Move an item to another list of its board (or to another place in its own), with its notes, markers, media and view state: to `index` (its place there afterwards, from 0), or to the end',
  input: z.object({ itemId: id, listId: id, index: z.number().int().min(0).optional() }),
  output: z.object({ listId: z.string(), index: z.number() }),
  errors: BOARD_CALL_ERRORS,
});

export const setItemRange = defineContract({
  path: '/api/forms/set_item_range',
  tags: ['forms'],
  summary:
    'Set the start and/or end (seconds) of an item’s media range; the neighbour clip follows',
  input: z
    .object({
      itemId: id,
      start: mediaStart.optional(),
      end: mediaEnd.optional(),
    })
    .refine((b) => b.start !== undefined || b.end !== undefined, 'give a start or an end'),
  output: z.object({
    itemId: z.string(),
    start: z.number(),
    end: z.number(),
    /** Neighbouring items whose range moved with it. */
    adjusted: z.array(z.string()),
  }),
  errors: BOARD_CALL_ERRORS,
});

export const importItemUrl = defineContract({
  path: '/api/forms/import_item_url',
  tags: ['forms'],
  summary: 'Append a web page or file to a list as one item',
  description: [
    'The item goes after itemId, or at the end of the list; text, if given, comes first.',
    'A picture, video, audio or document address is the item as it is (the markup shows it);',
    'a web page becomes its title as a link and its opening text; a txt, md, rtf or docx file',
    'its text (up to 20,000 characters). The address is fetched as by forms/load. Needs the',
    'insert right on the board. Answers {itemId, index}.',
  ].join(' '),
  input: z.object({
    listId: z.uuid(),
    itemId: z.uuid().optional(),
    text: z.string().max(100_000).optional(),
    url: z.string().max(4000),
  }),
  output: itemWritten,
  errors: BOARD_CALL_ERRORS,
});
