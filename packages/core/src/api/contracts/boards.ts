/** Boards: making, listing, changing, sharing, unlocking and deleting them. */
import { z } from 'zod';
import { BOARD_CALL_ERRORS, defineContract, dueDateTime, id, ok } from '../contract';
import { trashed } from './undo';
import { BLANK_BOARD_DESCRIPTION } from '../../constants';

/** What a board made without a description says (core's BLANK_BOARD_DESCRIPTION). */
export const BLANK_DESCRIPTION = BLANK_BOARD_DESCRIPTION;

const title = z.string().max(500);
const text = z.string().max(200_000);
const username = z.string().max(200);

/** A board just made; it is at /{owner}/{ptitle}. */
export const boardMade = z.object({
  multilistId: z.string(),
  owner: z.string(),
  ptitle: z.string(),
  /** Its title as kept (trimmed; a copy's "Copy of …", numbered when the address was taken). */
  title: z.string(),
});
export type BoardMade = z.infer<typeof boardMade>;

/** A board in an owner's list of boards (the contents page). */
export const listedBoard = z.object({
  _id: z.string(),
  owner: z.string(),
  title: z.string(),
  ptitle: z.string(),
  description: z.string(),
  listed: z.boolean(),
  modified: z.string(),
});
export type ListedBoard = z.infer<typeof listedBoard>;

/** A change of sharing, with the sentence that tells the owner so. */
const shared = z.object({ message: z.string() });

export const insertMultilist = defineContract({
  path: '/api/forms/insert_multilist',
  tags: ['forms'],
  summary: 'Create a board owned by the caller',
  input: z.object({
    titleText: z.string().max(500),
    descText: z.string().max(20_000).optional(),
    listed: z.boolean().optional(),
  }),
  output: boardMade,
  errors: [400, 401, 409],
});

export const createBlankBoard = defineContract({
  path: '/api/display/create_blank_board',
  tags: ['display'],
  summary: `Create an empty board; the description defaults to '${BLANK_DESCRIPTION}'`,
  input: z.object({ title: z.string().max(500), descText: z.string().max(20_000).optional() }),
  output: boardMade,
  errors: [400, 401, 409],
});

export const listMultilists = defineContract({
  path: '/api/forms/list_multilists',
  tags: ['forms'],
  summary: 'An owner’s boards (unlisted ones only for the owner)',
  input: z.object({ owner: z.string().max(200) }),
  output: z.array(listedBoard),
  errors: [400],
});

/** A board the caller may copy an item or a list to, with its lists in order. */
export const copyTarget = z.object({
  multilistId: z.string(),
  owner: z.string(),
  title: z.string(),
  /** Its address is /{owner}/{ptitle}. */
  ptitle: z.string(),
  lists: z.array(z.object({ listId: z.string(), title: z.string() })),
});
export type CopyTarget = z.infer<typeof copyTarget>;

export const copyTargets = defineContract({
  path: '/api/forms/copy_targets',
  tags: ['forms'],
  summary:
    'The boards the caller may copy an item or a list to (duplicate_item, duplicate_list), latest changed first, each with its lists',
  input: z.object({}),
  output: z.array(copyTarget),
  errors: [401],
});

export const editMultilist = defineContract({
  path: '/api/dbedit/edit_multilist',
  tags: ['dbedit'],
  summary:
    'Change a board’s title, description, listing, password, when its notes are due, whether its readers are reminded and the tags their notes are asked to carry',
  input: z.object({
    multilistId: id,
    titleText: title.optional(),
    descText: text.optional(),
    listed: z.boolean().optional(),
    password: z.string().max(200).nullable().optional(),
    /** When readers' notes are due, as an ISO date and time with its offset; null: none. */
    notesDue: dueDateTime.nullable().optional(),
    /** Mail the readers of its groups yet to write a reminder a day before notes are due. */
    remindDue: z.boolean().optional(),
    /**
     * The tags readers' notes are asked to carry (`question` or `#question`, any case; at most
     * 12); each that is no tag is a 400.
     */
    noteTags: z.array(z.string().max(100)).max(100).optional(),
    version: z.number().int().positive().optional(),
  }),
  /** The board's new row version, and its path title (it moves when the title does). */
  output: z.object({ multilistId: z.string(), version: z.number(), ptitle: z.string() }),
  errors: [...BOARD_CALL_ERRORS, 409],
});

export const deleteMultilist = defineContract({
  path: '/api/forms/delete_multilist',
  tags: ['forms'],
  summary:
    'Move a whole board with its lists, items and notes to its owner’s Trash (owner only); view states go',
  input: z.object({ multilistId: id }),
  output: trashed,
  errors: BOARD_CALL_ERRORS,
});

export const duplicateMultilist = defineContract({
  path: '/api/forms/duplicate_multilist',
  tags: ['forms'],
  summary:
    'Copy a board as the caller’s own unlisted board “Copy of {title}”: its lists, items, blocks, labels, formats, the tags it asks notes to carry and markers, and with `annotations` the caller’s own annotations; never its notes, replies, others’ annotations or members',
  description:
    'Anyone signed in who may read the board may copy it (as they may export it); only the items they can see are copied. The copy’s title is made unique among the caller’s boards: “Copy of {title} (2)”, and so on. With `annotations: true` each annotation the caller wrote on an item copied goes to that item’s copy, as private as it was, without the replies to it.',
  input: z.object({ multilistId: id, annotations: z.boolean().optional() }),
  output: boardMade,
  errors: BOARD_CALL_ERRORS,
});

export const addCoauthor = defineContract({
  path: '/api/forms/add_coauthor',
  tags: ['forms'],
  summary:
    'Share a board with a coauthor, optionally contributor-only (owner only); an editor membership of theirs gives way, as each person holds one role on a board',
  input: z.object({
    title,
    owner: username,
    username,
    contributorOnly: z.boolean().optional(),
  }),
  output: shared,
  errors: BOARD_CALL_ERRORS,
});

export const removeCoauthor = defineContract({
  path: '/api/forms/remove_coauthor',
  tags: ['forms'],
  summary: 'Unshare a board with a coauthor (owner only)',
  input: z.object({ title, owner: username, username }),
  output: shared,
  errors: BOARD_CALL_ERRORS,
});

export const setMember = defineContract({
  path: '/api/forms/set_member',
  tags: ['forms'],
  summary:
    'Make a user a board member (editor) with privileges such as edit and delete (owner only); a coauthorship of theirs gives way, as each person holds one role on a board',
  input: z.object({
    multilistId: id,
    username,
    // Each privilege once, in a fixed order, however it was sent.
    privileges: z
      .array(z.enum(['edit', 'delete']))
      .max(10)
      .transform((p) => (['edit', 'delete'] as const).filter((x) => p.includes(x))),
  }),
  output: ok,
  errors: BOARD_CALL_ERRORS,
});

export const boardPassword = defineContract({
  path: '/api/forms/board_password',
  tags: ['forms'],
  summary: 'Enter a board’s password; the board then opens for this session',
  input: z.object({ multilistId: id, password: z.string().max(200) }),
  output: ok,
  errors: BOARD_CALL_ERRORS,
});
