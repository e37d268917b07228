/**
 * The list and item calls on a board, declared like every other board call (board-call.ts): each
 * names its contract (core api/contracts), the policy action it needs and its target.
 */
import { mentionsIn } from '@listboard/core';
import * as items from '@listboard/core/api/contracts/items';
import * as lists from '@listboard/core/api/contracts/lists';
import { eq } from 'drizzle-orm';
import { notFound } from '../lib/errors';
import { lists as listRows } from '../db/schema';
import { defineCall, toNoteWriter, type BoardCall } from './board-call';
import {
  duplicateItem,
  insertItemAt,
  moveItem,
  moveItemToList,
  setItemLabels,
  setItemPrivate,
} from '../services/boards/items';
import { trashItem, trashList } from '../services/boards/trash';
import { editItemKeepingText } from '../services/boards/versions';
import {
  duplicateList,
  editList,
  insertList,
  moveList,
  reorderLists,
  reverseList,
  splitItemText,
} from '../services/boards/lists';
import { readSource } from '../services/boards/source';
import { setItemRange } from '../services/media/ranges';
import { editNoteText } from '../services/notes/notes';
import { alertMentioned } from '../services/notes/alerts';
import { canSeeItem, visibleBoard } from '../services/notes/visibility';

export const LIST_AND_ITEM_CALLS: BoardCall[] = [
  defineCall({
    contract: lists.reorderLists,
    action: 'edit',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body }) => reorderLists(tx, body.multilistId, body.listOrder),
  }),
  defineCall({
    contract: lists.insertList,
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
    contract: lists.importList,
    action: 'insert',
    target: (b) => ({ multilistId: b.multilistId }),
    async run(tx, { body, actor, target }) {
      let index: number | undefined;
      const prevListId = body.prevListId;
      if (prevListId) {
        const prev = await tx.query.lists.findFirst({
          where: (l, { eq }) => eq(l.id, prevListId),
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
    contract: lists.editList,
    action: 'edit',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { body, target }) =>
      editList(tx, target.list, {
        title: body.titleText,
        description: body.descText,
        notesDue: body.notesDue,
        version: body.version,
      }),
  }),
  defineCall({
    contract: lists.duplicateList,
    action: 'duplicate',
    // The board the copy goes to; the list copied is on it, or on another the caller may read.
    target: (b) => ({ multilistId: b.multilistId }),
    async run(tx, { body, actor, viewer, appVersion, target }) {
      const [here] = await tx.select().from(listRows).where(eq(listRows.id, body.prevListId));
      const source =
        here?.multilistId === target.board.id
          ? here
          : (await readSource(tx, { actor, viewer, appVersion }, { listId: body.prevListId })).list;
      return duplicateList(tx, source, target.board, {
        title: body.titleText,
        author: actor.username,
        annotations: body.annotations,
      });
    },
  }),
  defineCall({
    contract: lists.removeList,
    action: 'delete',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { target, actor }) => trashList(tx, target.board, target.list, actor.username),
  }),
  defineCall({
    contract: lists.moveList,
    action: 'edit',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { body, target }) => moveList(tx, target.list, body.direction),
  }),
  defineCall({
    contract: lists.reverseList,
    action: 'edit',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { target }) => reverseList(tx, target.list),
  }),
  defineCall({
    contract: items.insertItem,
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
        isPrivate: body.isPrivate ?? false,
      }),
  }),
  defineCall({
    contract: items.editItem,
    action: 'edit',
    // A note's writer changes its words, whatever their rights; nobody else does (board-call's
    // noteWordsRefusal, asked of every edit call).
    alsoAllowed: toNoteWriter,
    target: (b) => ({ itemId: b.itemId }),
    // A note, reply or annotation reworded to mention someone new tells them; those its words
    // named before had their chance.
    async after(db, ctx) {
      const before = ctx.target.item;
      if (!ctx.mailer || before.annotationClass === 'none') return;
      await alertMentioned(db, ctx.mailer, ctx.publicUrl, {
        noteId: before.id,
        told: mentionsIn(before.text),
        limit: ctx.alertLimit,
      });
    },
    run: async (tx, { body, actor, target }) => {
      if (target.item.annotationClass !== 'none') {
        return editNoteText(tx, target.item, body, actor.username);
      }
      const edited = await editItemKeepingText(
        tx,
        target.item,
        { text: body.text, version: body.version },
        actor.username,
      );
      if (body.isPrivate === undefined || body.isPrivate === target.item.isPrivate) return edited;
      return setItemPrivate(tx, target.item, body.isPrivate, actor.username);
    },
  }),
  defineCall({
    contract: items.duplicateItem,
    action: 'duplicate',
    target: (b) => ({ listId: b.listId }),
    run: (tx, { body, actor, viewer, appVersion, target }) =>
      duplicateItem(tx, { actor, viewer, appVersion }, target, { ...body, author: actor.username }),
  }),
  defineCall({
    contract: items.deleteItem,
    action: 'delete',
    // A note's writer may withdraw it (with the replies under it, to the Trash, with an Undo).
    alsoAllowed: toNoteWriter,
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { target, actor }) => trashItem(tx, target.board, target.item, actor.username),
  }),
  defineCall({
    contract: items.editItemLabels,
    action: 'label',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, target }) => setItemLabels(tx, target.item, body.labels),
  }),
  defineCall({
    contract: items.moveItem,
    action: 'edit',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, target }) => moveItem(tx, target.item, body.direction),
  }),
  defineCall({
    contract: items.moveItemToList,
    action: 'edit',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, target }) =>
      moveItemToList(tx, target.board.id, target.item, body.listId, body.index),
  }),
  defineCall({
    contract: items.setItemRange,
    action: 'edit',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, target, viewer }) =>
      setItemRange(tx, target.item, { start: body.start, end: body.end }, (row) =>
        canSeeItem(tx, viewer, visibleBoard(target.board, target.policy), row),
      ),
  }),
];
