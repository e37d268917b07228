/**
 * A board taken out whole, through the board-call registrar: exported as a file (Markdown, HTML
 * page, JSON dump), dumped as JSON, or its media clips listed.
 */
import * as exported from '@listboard/core/api/contracts/export';
import { exportBoard } from '../services/boards/export';
import { dumpBoard, dumpClips } from '../services/boards/dump';
import { defineCall, type BoardCall } from './board-call';

export const EXPORT_CALLS: BoardCall[] = [
  defineCall({
    contract: exported.dumpMultilists,
    action: 'dump',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    // A dump holds what its caller can see: others' private items stay with their authors.
    run: (tx, { target, actor }) => dumpBoard(tx, target.board, { privateOf: actor.username }),
  }),
  defineCall({
    contract: exported.dumpClipsList,
    action: 'dump',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    // Like the dump: another's private item, and its clips, stay with its author.
    run: (tx, { target, actor }) => dumpClips(tx, target.board, { privateOf: actor.username }),
  }),
  defineCall({
    contract: exported.exportBoard,
    action: 'export',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    // A locked board never gets here (the registrar refuses it); private items go only to
    // their own author.
    run: (tx, { body, target, actor, publicUrl }) =>
      exportBoard(tx, target.board, body.format, { publicUrl, privateOf: actor.username }),
  }),
];
