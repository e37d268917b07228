/**
 * Undoing: the board's Trash (what its deletes took away, and putting it back) and an item's
 * previous texts (what its edits replaced, and restoring one).
 */
import { z } from 'zod';
import { BOARD_CALL_ERRORS, defineContract, id } from '../contract';

/** A delete's answer: the Trash entry that holds what went, for an Undo. */
export const trashed = z.object({ ok: z.literal(true), trashId: z.string() });

export const TRASH_KINDS = ['item', 'note', 'list', 'board'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** One thing in the Trash, as its listing shows it. */
export const trashEntry = z.object({
  _id: z.string(),
  kind: z.enum(TRASH_KINDS),
  /** An item's or a note's first line, a list's or a board's title. */
  title: z.string(),
  /** Who wrote it (an item, a note), made it (a list) or owns it (a board). */
  author: z.string(),
  deletedBy: z.string(),
  /** When it was deleted (ISO 8601). */
  deletedAt: z.string(),
  /** Notes that went with an item, or replies with a note, that the caller may see. */
  notes: z.number(),
  /** Items that went with a list or a board. */
  items: z.number(),
  /** A deleted board's path, to open it once it is back. */
  address: z.string().optional(),
});
export type TrashEntry = z.infer<typeof trashEntry>;

export const listTrash = defineContract({
  path: '/api/forms/list_trash',
  tags: ['forms'],
  summary:
    'What was deleted from a board (items with their notes, notes, lists), newest first; for its owner, the boards they deleted too',
  description:
    'Authors only. Each entry shows to those who could see the thing when it went: a private item to its writer, a note as the visibility rule says.',
  input: z.object({ multilistId: id }),
  output: z.object({ entries: z.array(trashEntry) }),
  errors: BOARD_CALL_ERRORS,
});

export const restoreFromTrash = defineContract({
  path: '/api/forms/restore_from_trash',
  tags: ['forms'],
  summary:
    'Put a deleted item, note, list or board back where it was, with everything that went with it',
  description:
    'An item goes back into its list and a list into its board at the place it had (or the nearest one left); a note onto its item. Refused with 409 when what it was in is gone (restore that first) or, for a board, when its address is taken.',
  input: z.object({ trashId: id }),
  output: z.object({
    kind: z.enum(TRASH_KINDS),
    multilistId: z.string(),
    owner: z.string(),
    ptitle: z.string(),
    listId: z.string().optional(),
    itemId: z.string().optional(),
  }),
  errors: [...BOARD_CALL_ERRORS, 409],
});
export type Restored = z.output<typeof restoreFromTrash.output>;

/** A text an edit of an item replaced. */
export const itemVersionEntry = z.object({
  _id: z.string(),
  text: z.string(),
  /** The item's version while it had this text. */
  version: z.number(),
  /** Who made the edit that replaced it, and when (ISO 8601). */
  editedBy: z.string(),
  at: z.string(),
});
export type ItemVersionEntry = z.infer<typeof itemVersionEntry>;

export const listItemVersions = defineContract({
  path: '/api/forms/list_item_versions',
  tags: ['forms'],
  summary: 'The texts an item’s edits replaced, newest first (the last 20 edits)',
  input: z.object({ itemId: id }),
  output: z.object({ versions: z.array(itemVersionEntry) }),
  errors: BOARD_CALL_ERRORS,
});

export const restoreItemVersion = defineContract({
  path: '/api/forms/restore_item_version',
  tags: ['forms'],
  summary:
    'Give an item one of its previous texts back (the text it replaces becomes a previous version in turn)',
  input: z.object({ itemId: id, versionId: id, version: z.number().int().positive().optional() }),
  output: z.object({ itemId: z.string(), version: z.number() }),
  errors: [...BOARD_CALL_ERRORS, 409],
});
