/**
 * The calls on a board itself (its settings, sharing, password), the caller's view states and an
 * item's styling; and BOARD_CALLS, every call on an existing board.
 */
import { TOO_MANY_PASSWORD_TRIES, boardMsg, isGuestUser, must } from '@listboard/core';
import * as boards from '@listboard/core/api/contracts/boards';
import * as display from '@listboard/core/api/contracts/display';
import { forbidden, HttpError } from '../lib/errors';
import { mayTryPassword, rightPassword, wrongPassword } from '../services/boards/password-tries';
import { defineCall, type BoardCall } from './board-call';
import { updateBlockAutoSeek, updateItemFormat } from '../services/boards/items';
import { duplicateMultilist } from '../services/boards/duplicate';
import {
  addCoauthor,
  editMultilist,
  removeCoauthor,
  setMember,
  unlockBoard,
} from '../services/boards/multilists';
import { NOTE_CALLS } from './note-calls';
import { GROUP_CALLS } from './group-calls';
import { EXPORT_CALLS } from './export-calls';
import { ANNOTATION_CALLS } from './annotation-calls';
import { GRADE_CALLS } from './grade-calls';
import { INSIGHT_CALLS } from './insight-calls';
import { LIST_AND_ITEM_CALLS } from './list-item-calls';
import { UNDO_CALLS } from './undo-calls';
import { trashBoard } from '../services/boards/trash';
import { setViewState, type ViewStateKind } from '../services/boards/viewstates';

type ViewStateContract =
  typeof display.updateMultilistvs | typeof display.updateListvs | typeof display.updateItemvs;

const viewStateCall = (contract: ViewStateContract, kind: ViewStateKind, idField: string) =>
  defineCall({
    contract,
    action: 'read',
    readOnly: true,
    target: (b) => {
      const id = must((b.query as Record<string, string>)[idField], `the query's ${idField}`);
      return kind === 'multilist'
        ? { multilistId: id }
        : kind === 'list'
          ? { listId: id }
          : { itemId: id };
    },
    async run(tx, { actor, body, target }) {
      if (body.query.userId !== actor.id) throw forbidden('You can only change your own view.');
      // Every visitor shares the guest account, so a guest's view is kept in the browser only.
      if (isGuestUser(actor)) return { ok: true as const, stored: false };
      // The target is the item, the list or the board the query names, whichever it is.
      const id = target.item?.id ?? target.list?.id ?? target.board.id;
      await setViewState(tx, actor.id, kind, id, body.doc.$set);
      return { ok: true as const, stored: true };
    },
  });

const BOARD_EDIT_CALLS: BoardCall[] = [
  defineCall({
    contract: boards.editMultilist,
    action: 'edit',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, target }) =>
      editMultilist(tx, target.board, {
        title: body.titleText,
        description: body.descText,
        listed: body.listed,
        password: body.password,
        notesDue: body.notesDue,
        remindDue: body.remindDue,
        noteTags: body.noteTags,
        version: body.version,
      }),
  }),
  defineCall({
    contract: boards.duplicateMultilist,
    // A copy is a copy taken away: whoever may export the board may copy it. The board copied
    // is left as it was; the copy is a new board of the caller's.
    action: 'export',
    readOnly: true,
    recorded: true,
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, target, actor }) =>
      duplicateMultilist(tx, target.board, actor, { annotations: body.annotations === true }),
    audited: (made) => ({ copy: `${made.owner}/${made.ptitle}` }),
  }),
  defineCall({
    contract: boards.deleteMultilist,
    action: 'deleteBoard',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { target, actor }) => trashBoard(tx, target.board, actor.username),
  }),
];

const SHARING_AND_VIEW_CALLS: BoardCall[] = [
  defineCall({
    contract: boards.addCoauthor,
    action: 'addCoauthor',
    target: (b) => ({ owner: b.owner, title: b.title }),
    run: (tx, { body, target }) =>
      addCoauthor(tx, target.board, body.username.trim(), body.contributorOnly ?? false),
  }),
  defineCall({
    contract: boards.removeCoauthor,
    action: 'removeCoauthor',
    target: (b) => ({ owner: b.owner, title: b.title }),
    run: (tx, { body, target }) => removeCoauthor(tx, target.board, body.username.trim()),
  }),
  defineCall({
    contract: boards.setMember,
    action: 'addCoauthor',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, target }) =>
      setMember(tx, target.board, body.username.trim(), body.privileges),
  }),
  defineCall({
    contract: boards.boardPassword,
    action: 'read',
    readOnly: true,
    recorded: true,
    target: (b) => ({ multilistId: b.multilistId }),
    async run(tx, { body, target, sessionId, address }) {
      if (!sessionId) throw forbidden(boardMsg.boardPasswordIncorrect);
      const board = target.board.id;
      if (!mayTryPassword(board, address)) throw new HttpError(429, TOO_MANY_PASSWORD_TRIES);
      try {
        await unlockBoard(
          tx,
          target.board,
          sessionId,
          body.password,
          boardMsg.boardPasswordIncorrect,
        );
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 403) wrongPassword(board, address);
        throw e;
      }
      rightPassword(board, address);
    },
  }),
  viewStateCall(display.updateMultilistvs, 'multilist', 'multilistId'),
  viewStateCall(display.updateListvs, 'list', 'listId'),
  viewStateCall(display.updateItemvs, 'item', 'itemId'),
  defineCall({
    contract: display.updateItem,
    action: 'edit',
    target: (b) => ({ itemId: b.query._id }),
    run: (tx, { body, target }) =>
      updateItemFormat(tx, target.item, body.doc.$set as Record<string, string | number>),
  }),
  defineCall({
    contract: display.updateBlockAutoSeek,
    action: 'edit',
    target: (b) => ({ blockId: b.query._id }),
    run: (tx, { body, target }) => updateBlockAutoSeek(tx, target.block.id, body.doc.$set.autoSeek),
  }),
];

/** Every call on an existing board; the role-matrix test walks this list. */
export const BOARD_CALLS: BoardCall[] = [
  ...BOARD_EDIT_CALLS,
  ...LIST_AND_ITEM_CALLS,
  ...SHARING_AND_VIEW_CALLS,
  ...NOTE_CALLS,
  ...GROUP_CALLS,
  ...EXPORT_CALLS,
  ...UNDO_CALLS,
  ...ANNOTATION_CALLS,
  ...INSIGHT_CALLS,
  ...GRADE_CALLS,
];
