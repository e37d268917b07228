import { z } from 'zod';
import {
  itemFormatSet,
  itemViewStateSet,
  listViewStateSet,
  multilistViewStateSet,
  boardMsg,
  isGuestUser,
} from '@listboard/core';
import { forbidden, notFound } from '../lib/errors';
import { defineCall, type BoardCall } from './board-call';
import { dumpBoard, dumpClips } from '../services/boards/dump';
import {
  deleteItem,
  duplicateItem,
  editItem,
  insertItemAt,
  moveItem,
  setItemLabels,
  updateBlockAutoSeek,
  updateItemFormat,
} from '../services/boards/items';
import {
  duplicateList,
  editList,
  insertList,
  moveList,
  removeList,
  reorderLists,
  reverseList,
  splitItemText,
} from '../services/boards/lists';
import {
  addCoauthor,
  deleteMultilist,
  editMultilist,
  removeCoauthor,
  setMember,
  unlockBoard,
} from '../services/boards/multilists';
import { setItemRange } from '../services/media/ranges';
import { NOTE_CALLS } from './note-calls';
import { GROUP_CALLS } from './group-calls';
import { EXPORT_CALLS } from './export-calls';
import { setViewState, type ViewStateKind } from '../services/boards/viewstates';

const uuid = z.uuid({ error: 'must be an id' });
const title = z.string().max(500);
const text = z.string().max(200_000);
const label = z.object({ name: z.string().max(100), value: z.string().max(500) });
const version = z.number().int().positive().optional();
const FORMS = ['forms'];

const viewStateCall = (kind: ViewStateKind, path: string, idField: string, set: z.ZodType) =>
  defineCall({
    path,
    tags: ['display'],
    summary: `Merge fields into the caller's ${kind} view state`,
    body: z.object({
      query: z.object({ userId: uuid, [idField]: uuid }),
      doc: z.object({ $set: set }),
    }),
    action: 'read',
    readOnly: true,
    target: (b) => {
      const id = (b.query as Record<string, string>)[idField]!;
      return kind === 'multilist'
        ? { multilistId: id }
        : kind === 'list'
          ? { listId: id }
          : { itemId: id };
    },
    async run(tx, { actor, body, target }) {
      if (body.query.userId !== actor.id) throw forbidden('You can only change your own view.');
      // Every visitor shares the guest account, so a guest's view is kept in the browser only.
      if (isGuestUser(actor)) return { ok: true, stored: false };
      // The target is the item, the list or the board the query names, whichever it is.
      const id = target.item?.id ?? target.list?.id ?? target.board.id;
      await setViewState(tx, actor.id, kind, id, body.doc.$set as Record<string, unknown>);
      return { ok: true, stored: true };
    },
  });

const CONTENT_CALLS: BoardCall[] = [
  defineCall({
    path: '/api/dbedit/edit_multilist',
    tags: ['dbedit'],
    summary: 'Change a board’s title, description, listing or password',
    body: z.object({
      multilistId: uuid,
      titleText: title.optional(),
      descText: text.optional(),
      listed: z.boolean().optional(),
      password: z.string().max(200).nullable().optional(),
      version,
    }),
    action: 'edit',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, target }) =>
      editMultilist(tx, target.board, {
        title: body.titleText,
        description: body.descText,
        listed: body.listed,
        password: body.password,
        version: body.version,
      }),
  }),
  defineCall({
    path: '/api/forms/delete_multilist',
    tags: FORMS,
    summary: 'Delete a whole board with its lists, items, notes and view states (owner only)',
    body: z.object({ multilistId: uuid }),
    action: 'deleteBoard',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { target }) => deleteMultilist(tx, target.board),
  }),
  defineCall({
    path: '/api/forms/reorder_lists',
    tags: FORMS,
    summary: 'Put a board’s lists in a new order',
    body: z.object({ multilistId: uuid, listOrder: z.array(uuid).max(1000) }),
    action: 'edit',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body }) => reorderLists(tx, body.multilistId, body.listOrder),
  }),
  defineCall({
    path: '/api/forms/insert_list',
    tags: FORMS,
    summary: 'Insert a list at an index, with optional items (separated by blank lines)',
    body: z.object({
      multilistId: uuid,
      titleText: title,
      descText: text.optional(),
      itemText: text.optional(),
      index: z.number().int().min(0).optional(),
    }),
    action: 'insert',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, actor, target }) =>
      insertList(tx, {
        multilistId: body.multilistId,
        owner: target.board.owner,
        author: actor.username,
        title: body.titleText,
        description: body.descText,
        index: body.index,
        itemTexts: body.itemText ? splitItemText(body.itemText) : [],
      }),
  }),
  defineCall({
    path: '/api/forms/import_list',
    tags: FORMS,
    summary: 'Import a text list (items separated by blank lines) after a given list',
    body: z.object({
      multilistId: uuid,
      titleText: title,
      itemText: text,
      url: z.string().max(2000).optional(),
      prevListId: uuid.optional(),
    }),
    action: 'insert',
    target: (b) => ({ multilistId: b.multilistId }),
    async run(tx, { body, actor, target }) {
      let index: number | undefined;
      if (body.prevListId) {
        const prev = await tx.query.lists.findFirst({
          where: (l, { eq }) => eq(l.id, body.prevListId!),
        });
        if (!prev || prev.multilistId !== target.board.id) throw notFound('No such list.');
        index = prev.index + 1;
      }
      return insertList(tx, {
        multilistId: body.multilistId,
        owner: target.board.owner,
        author: actor.username,
        title: body.titleText,
        index,
        itemTexts: splitItemText(body.itemText),
      });
    },
  }),
  defineCall({
    path: '/api/forms/edit_list',
    tags: FORMS,
    summary: 'Change a list’s title or description',
    body: z.object({
      listId: uuid,
      titleText: title.optional(),
      descText: text.optional(),
      version,
    }),
    action: 'edit',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { body, target }) =>
      editList(tx, target.list, {
        title: body.titleText,
        description: body.descText,
        version: body.version,
      }),
  }),
  defineCall({
    path: '/api/forms/duplicate_list',
    tags: FORMS,
    summary: 'Copy a list with its items right after it',
    body: z.object({ multilistId: uuid, prevListId: uuid, titleText: title.optional() }),
    action: 'duplicate',
    target: (b) => ({ listId: b.prevListId }),
    async run(tx, { body, actor, target }) {
      if (target.list.multilistId !== body.multilistId) throw notFound('No such list.');
      return duplicateList(tx, target.list, { title: body.titleText, author: actor.username });
    },
  }),
  defineCall({
    path: '/api/forms/remove_list',
    tags: FORMS,
    summary: 'Delete a list and everything in it',
    body: z.object({ listId: uuid }),
    action: 'delete',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { target }) => removeList(tx, target.list),
  }),
  defineCall({
    path: '/api/forms/move_list',
    tags: FORMS,
    summary: 'Move a list one place left or right (blocked at either end)',
    body: z.object({ listId: uuid, direction: z.enum(['left', 'right']) }),
    action: 'edit',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { body, target }) => moveList(tx, target.list, body.direction),
  }),
  defineCall({
    path: '/api/forms/reverse_list',
    tags: FORMS,
    summary: 'Reverse a list’s items, renumbering them',
    body: z.object({ listId: uuid }),
    action: 'edit',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { target }) => reverseList(tx, target.list),
  }),
  defineCall({
    path: '/api/forms/insert_item',
    tags: FORMS,
    summary: 'Insert an item into a list at an index',
    body: z.object({
      listId: uuid,
      text,
      index: z.number().int().min(0).optional(),
      labels: z.array(label).max(100).optional(),
      isPrivate: z.boolean().optional(),
    }),
    action: 'insert',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { body, actor, target }) =>
      insertItemAt(tx, {
        listId: body.listId,
        multilistId: target.board.id,
        owner: target.board.owner,
        author: actor.username,
        text: body.text,
        index: body.index,
        labels: body.labels,
        isPrivate: body.isPrivate,
      }),
  }),
  defineCall({
    path: '/api/forms/edit_item',
    tags: FORMS,
    summary: 'Replace an item’s text (its blocks are parsed again)',
    body: z.object({ itemId: uuid, text, version }),
    action: 'edit',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, target }) =>
      editItem(tx, target.item, { text: body.text, version: body.version }),
  }),
  defineCall({
    path: '/api/forms/duplicate_item',
    tags: FORMS,
    summary:
      'Insert a copy of an item (itemId: its labels, format, flags and markers) with the given text at an index',
    body: z.object({
      listId: uuid,
      text,
      index: z.number().int().min(0).optional(),
      itemId: uuid.optional(),
    }),
    action: 'duplicate',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { body, actor, viewer, target }) =>
      duplicateItem(tx, viewer, target, { ...body, author: actor.username }),
  }),
  defineCall({
    path: '/api/forms/delete_item',
    tags: FORMS,
    summary: 'Delete an item with its notes, blocks and markers',
    body: z.object({ itemId: uuid }),
    action: 'delete',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { target }) => deleteItem(tx, target.item),
  }),
  defineCall({
    path: '/api/forms/edit_item_labels',
    tags: FORMS,
    summary: 'Replace an item’s labels (name:value pairs)',
    body: z.object({ itemId: uuid, labels: z.array(label).max(100) }),
    action: 'label',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, target }) => setItemLabels(tx, target.item, body.labels),
  }),
  defineCall({
    path: '/api/forms/move_item',
    tags: FORMS,
    summary: 'Move an item one place up or down (blocked at either end)',
    body: z.object({ itemId: uuid, direction: z.enum(['up', 'down']) }),
    action: 'edit',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, target }) => moveItem(tx, target.item, body.direction),
  }),
  defineCall({
    path: '/api/forms/set_item_range',
    tags: FORMS,
    summary:
      'Set the start and/or end (seconds) of an item’s media range; the neighbour clip follows',
    body: z
      .object({
        itemId: uuid,
        start: z.number().min(0).optional(),
        end: z.number().min(-1).optional(),
      })
      .refine((b) => b.start !== undefined || b.end !== undefined, 'give a start or an end'),
    action: 'edit',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, target }) =>
      setItemRange(tx, target.item, { start: body.start, end: body.end }),
  }),
  defineCall({
    path: '/api/forms/dump_multilists',
    tags: FORMS,
    summary: 'The whole board as JSON, loadable back as a board (admin)',
    body: z.object({ multilistId: uuid }),
    action: 'dump',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    // A dump holds what its caller can see: others' private items stay with their authors.
    run: (tx, { target, actor }) => dumpBoard(tx, target.board, { privateOf: actor.username }),
  }),
  defineCall({
    path: '/api/forms/dump_clips_list',
    tags: FORMS,
    summary: 'Every media clip of the board with its range (admin)',
    body: z.object({ multilistId: uuid }),
    action: 'dump',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { target }) => dumpClips(tx, target.board),
  }),
  defineCall({
    path: '/api/forms/add_coauthor',
    tags: FORMS,
    summary: 'Share a board with a coauthor, optionally contributor-only (owner only)',
    body: z.object({
      title,
      owner: z.string().max(200),
      username: z.string().max(200),
      contributorOnly: z.boolean().optional(),
    }),
    action: 'addCoauthor',
    target: (b) => ({ owner: b.owner, title: b.title }),
    run: (tx, { body, target }) =>
      addCoauthor(tx, target.board, body.username.trim(), body.contributorOnly ?? false),
  }),
  defineCall({
    path: '/api/forms/remove_coauthor',
    tags: FORMS,
    summary: 'Unshare a board with a coauthor (owner only)',
    body: z.object({ title, owner: z.string().max(200), username: z.string().max(200) }),
    action: 'removeCoauthor',
    target: (b) => ({ owner: b.owner, title: b.title }),
    run: (tx, { body, target }) => removeCoauthor(tx, target.board, body.username.trim()),
  }),
  defineCall({
    path: '/api/forms/set_member',
    tags: FORMS,
    summary:
      'Make a user a board member (editor) with privileges such as edit and delete (owner only)',
    body: z.object({
      multilistId: uuid,
      username: z.string().max(200),
      privileges: z.array(z.enum(['edit', 'delete'])),
    }),
    action: 'addCoauthor',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, target }) =>
      setMember(tx, target.board, body.username.trim(), body.privileges),
  }),
  defineCall({
    path: '/api/forms/board_password',
    tags: FORMS,
    summary: 'Enter a board’s password; the board then opens for this session',
    body: z.object({ multilistId: uuid, password: z.string().max(200) }),
    action: 'read',
    readOnly: true,
    recorded: true,
    target: (b) => ({ multilistId: b.multilistId }),
    async run(tx, { body, target, sessionId }) {
      if (!sessionId) throw forbidden(boardMsg.boardPasswordIncorrect);
      await unlockBoard(
        tx,
        target.board,
        sessionId,
        body.password,
        boardMsg.boardPasswordIncorrect,
      );
      return { ok: true };
    },
  }),
  viewStateCall(
    'multilist',
    '/api/display/update_multilistvs',
    'multilistId',
    multilistViewStateSet,
  ),
  viewStateCall('list', '/api/display/update_listvs', 'listId', listViewStateSet),
  viewStateCall('item', '/api/display/update_itemvs', 'itemId', itemViewStateSet),
  defineCall({
    path: '/api/display/update_item',
    tags: ['display'],
    summary: 'Set an item’s styling (format fields only)',
    body: z.object({ query: z.object({ _id: uuid }), doc: z.object({ $set: itemFormatSet }) }),
    action: 'edit',
    target: (b) => ({ itemId: b.query._id }),
    run: (tx, { body, target }) =>
      updateItemFormat(tx, target.item, body.doc.$set as Record<string, string | number>),
  }),
  defineCall({
    path: '/api/display/update_block',
    tags: ['display'],
    summary: 'Turn a media block’s auto-seek on or off',
    body: z.object({
      query: z.object({ _id: uuid }),
      doc: z.object({ $set: z.strictObject({ autoSeek: z.boolean() }) }),
    }),
    action: 'edit',
    target: (b) => ({ blockId: b.query._id }),
    run: (tx, { body, target }) => updateBlockAutoSeek(tx, target.block.id, body.doc.$set.autoSeek),
  }),
];

/** Every call on an existing board; the role-matrix test walks this list. */
export const BOARD_CALLS: BoardCall[] = [
  ...CONTENT_CALLS,
  ...NOTE_CALLS,
  ...GROUP_CALLS,
  ...EXPORT_CALLS,
];
