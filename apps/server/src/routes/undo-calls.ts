/**
 * Undoing, declared like every other board call (board-call.ts): the board's Trash (list_trash,
 * restore_from_trash; its authors) and an item's previous texts (list_item_versions,
 * restore_item_version; whoever may edit the item).
 */
import * as undo from '@listboard/core/api/contracts/undo';
import { defineCall, type BoardCall } from './board-call';
import { listTrash, restoreFromTrash } from '../services/boards/trash';
import { listItemVersions, restoreItemVersion } from '../services/boards/versions';

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
    // A note its writer withdrew, they may put back (the info bar's Undo).
    alsoAllowed: (target, username) =>
      target.trash?.kind === 'note' && target.trash.deletedBy === username,
    target: (b) => ({ trashId: b.trashId }),
    run: (tx, { viewer, actor, appVersion, target }) =>
      restoreFromTrash(tx, { viewer, actor, appVersion }, target),
  }),
  defineCall({
    contract: undo.listItemVersions,
    action: 'edit',
    readOnly: true,
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { target }) => listItemVersions(tx, target.item),
  }),
  defineCall({
    contract: undo.restoreItemVersion,
    action: 'edit',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, actor, target }) =>
      restoreItemVersion(
        tx,
        target.item,
        { versionId: body.versionId, version: body.version },
        actor.username,
      ),
  }),
];
