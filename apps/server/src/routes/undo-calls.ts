/**
 * Undoing, declared like every other board call (board-call.ts): the board's Trash (list_trash,
 * restore_from_trash; its authors) and an item's previous texts (list_item_versions,
 * restore_item_version; whoever may edit the item, and a note's, annotation's or reply's writer,
 * who alone may).
 */
import * as undo from '@listboard/core/api/contracts/undo';
import { defineCall, toNoteWriter, type BoardCall } from './board-call';
import { listTrash, restoreFromTrash } from '../services/boards/trash';
import { trashedNoteWriter } from '../services/boards/trash-rows';
import { editItemKeepingText, listItemVersions, previousText } from '../services/boards/versions';
import { editNoteText } from '../services/notes/notes';

export const UNDO_CALLS: BoardCall[] = [
  defineCall({
    contract: undo.listTrash,
    action: 'trash',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { viewer, target }) => listTrash(tx, viewer, target),
  }),
  defineCall({
    contract: undo.restoreFromTrash,
    action: 'trash',
    // A note its writer withdrew, they may put back (the info bar's Undo): their own words,
    // not a note of another's they deleted while they could.
    alsoAllowed: (target, username) =>
      !!target.trash &&
      target.trash.deletedBy === username &&
      trashedNoteWriter(target.trash) === username,
    target: (b) => ({ trashId: b.trashId }),
    run: (tx, { viewer, actor, appVersion, target }) =>
      restoreFromTrash(tx, { viewer, actor, appVersion }, target),
  }),
  defineCall({
    contract: undo.listItemVersions,
    action: 'edit',
    // A note's writer sees and puts back its earlier words (board-call refuses anyone else).
    alsoAllowed: toNoteWriter,
    readOnly: true,
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { target }) => listItemVersions(tx, target.item),
  }),
  defineCall({
    contract: undo.restoreItemVersion,
    action: 'edit',
    // A note's writer sees and puts back its earlier words (board-call refuses anyone else).
    alsoAllowed: toNoteWriter,
    target: (b) => ({ itemId: b.itemId }),
    // The text comes back as an edit would write it: a note's by the note's own rules (marked
    // edited; its privacy as it is), an item's keeping the text it replaces in turn.
    run: async (tx, { body, actor, target }) => {
      const text = await previousText(tx, target.item, body.versionId);
      const edit = { text, version: body.version };
      return target.item.annotationClass !== 'none'
        ? editNoteText(tx, target.item, edit, actor.username)
        : editItemKeepingText(tx, target.item, edit, actor.username);
    },
  }),
];
