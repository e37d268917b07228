/** The lists of a board: inserting, importing, editing, copying, moving and removing them. */
import { z } from 'zod';
import { BOARD_CALL_ERRORS, defineContract, dueDateTime, id, ok } from '../contract';
import { trashed } from './undo';

const title = z.string().max(500);
const text = z.string().max(200_000);

/** A list written (inserted, imported, duplicated) and where it went. */
export const listWritten = z.object({ listId: z.string(), index: z.number() });
/** Where a list or an item stands after moving one place. */
export const movedTo = z.object({ index: z.number() });

export const insertList = defineContract({
  path: '/api/forms/insert_list',
  tags: ['forms'],
  summary: 'Insert a list at an index, with optional items (separated by blank lines)',
  input: z.object({
    multilistId: id,
    titleText: title,
    descText: text.optional(),
    itemText: text.optional(),
    index: z.number().int().min(0).optional(),
  }),
  output: listWritten,
  errors: BOARD_CALL_ERRORS,
});

export const importList = defineContract({
  path: '/api/forms/import_list',
  tags: ['forms'],
  summary: 'Import a text list (items separated by blank lines) after a given list',
  input: z.object({
    multilistId: id,
    titleText: title,
    itemText: text,
    url: z.string().max(2000).optional(),
    prevListId: id.optional(),
  }),
  output: listWritten,
  errors: BOARD_CALL_ERRORS,
});

export const editList = defineContract({
  path: '/api/forms/edit_list',
  tags: ['forms'],
  summary:
    'Change a list’s title or description, or when notes on its items are due (an ISO date and time with its offset; null: the board’s date holds)',
  input: z.object({
    listId: id,
    titleText: title.optional(),
    descText: text.optional(),
    notesDue: dueDateTime.nullable().optional(),
    version: z.number().int().positive().optional(),
  }),
  /** The list's new row version. */
  output: z.object({ listId: z.string(), version: z.number() }),
  errors: [...BOARD_CALL_ERRORS, 409],
});

export const duplicateList = defineContract({
  path: '/api/forms/duplicate_list',
  tags: ['forms'],
  summary:
    'Copy a list (prevListId) with its items to the board multilistId: right after itself on its own board, at the end of another (one whose list the caller may read)',
  input: z.object({
    multilistId: id,
    prevListId: id,
    titleText: title.optional(),
    /** With the caller's own annotations on the items copied, each as private as it was. */
    annotations: z.boolean().optional(),
  }),
  output: listWritten,
  errors: BOARD_CALL_ERRORS,
});

export const removeList = defineContract({
  path: '/api/forms/remove_list',
  tags: ['forms'],
  summary: 'Move a list and everything in it to the board’s Trash',
  input: z.object({ listId: id }),
  output: trashed,
  errors: BOARD_CALL_ERRORS,
});

export const moveList = defineContract({
  path: '/api/forms/move_list',
  tags: ['forms'],
  summary: 'Move a list one place left or right (blocked at either end)',
  input: z.object({ listId: id, direction: z.enum(['left', 'right']) }),
  output: movedTo,
  errors: BOARD_CALL_ERRORS,
});

export const reverseList = defineContract({
  path: '/api/forms/reverse_list',
  tags: ['forms'],
  summary: 'Reverse a list’s items, renumbering them',
  input: z.object({ listId: id }),
  output: ok,
  errors: BOARD_CALL_ERRORS,
});

export const reorderLists = defineContract({
  path: '/api/forms/reorder_lists',
  tags: ['forms'],
  summary: 'Put a board’s lists in a new order',
  input: z.object({ multilistId: id, listOrder: z.array(id).max(1000) }),
  output: ok,
  errors: BOARD_CALL_ERRORS,
});
