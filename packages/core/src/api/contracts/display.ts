/** The caller's view of boards, lists and items (view states), and an item's styling. */
import { z } from 'zod';
import {
  itemFormatSet,
  itemViewStateSet,
  listViewStateSet,
  multilistViewStateSet,
} from '../../model/viewstate';
import { BOARD_CALL_ERRORS, defineContract, id, ok } from '../contract';

/** A view state change answered: a guest's is kept in the browser only (stored false). */
export const viewStateStored = z.object({ ok: z.literal(true), stored: z.boolean() });

/** Whose view of which board, list or item, and the fields to set. */
const viewStateChange = <Id extends string, S extends z.ZodType>(idField: Id, set: S) =>
  z.object({
    query: z.object({ userId: id, [idField]: id } as { userId: typeof id } & Record<Id, typeof id>),
    doc: z.object({ $set: set }),
  });

export const updateMultilistvs = defineContract({
  path: '/api/display/update_multilistvs',
  tags: ['display'],
  summary: "Merge fields into the caller's multilist view state",
  input: viewStateChange('multilistId', multilistViewStateSet),
  output: viewStateStored,
  errors: BOARD_CALL_ERRORS,
});

export const updateListvs = defineContract({
  path: '/api/display/update_listvs',
  tags: ['display'],
  summary: "Merge fields into the caller's list view state",
  input: viewStateChange('listId', listViewStateSet),
  output: viewStateStored,
  errors: BOARD_CALL_ERRORS,
});

export const updateItemvs = defineContract({
  path: '/api/display/update_itemvs',
  tags: ['display'],
  summary: "Merge fields into the caller's item view state",
  input: viewStateChange('itemId', itemViewStateSet),
  output: viewStateStored,
  errors: BOARD_CALL_ERRORS,
});

export const updateItem = defineContract({
  path: '/api/display/update_item',
  tags: ['display'],
  summary: 'Set an item’s styling (format fields only)',
  input: z.object({ query: z.object({ _id: id }), doc: z.object({ $set: itemFormatSet }) }),
  output: ok,
  errors: BOARD_CALL_ERRORS,
});

export const updateBlockAutoSeek = defineContract({
  path: '/api/display/update_block',
  tags: ['display'],
  summary: 'Turn a media block’s auto-seek on or off',
  input: z.object({
    query: z.object({ _id: id }),
    doc: z.object({ $set: z.strictObject({ autoSeek: z.boolean() }) }),
  }),
  output: ok,
  errors: BOARD_CALL_ERRORS,
});
