/**
 * The media and text marker calls, update_block and the poster frame calls of spec section 7,
 * declared like every other call on a board (board-call.ts): each resolves its item, locks the
 * board, asks core/policy for 'edit' and runs in one transaction. Markers are mark operations,
 * which the spec gives to the same roles as editing.
 */
import * as media from '@listboard/core/api/contracts/media';
import { defineCall, type BoardCall } from './board-call';
import {
  addMediaMarker,
  deleteAllMediaMarkers,
  deleteMediaMarker,
  editMediaMarker,
  splitAtMediaMarkers,
} from '../services/media/markers';
import {
  addTextMarker,
  deleteAllTextMarkers,
  deleteTextMarker,
  sentencesMode,
  splitAtTextMarkers,
  updateTextMarker,
} from '../services/boards/text-markers';
import { updateBlock } from '../services/boards/block-update';
import { setPosterFrame, type PosterDeps } from '../services/media/posters';

const item = (b: { itemId: string }) => ({ itemId: b.itemId });

const MARKER_CALLS: BoardCall[] = [
  defineCall({
    contract: media.addMediaMarker,
    action: 'edit',
    target: item,
    run: (tx, { body, target }) => addMediaMarker(tx, target.item, body),
  }),
  defineCall({
    contract: media.editMediaMarker,
    action: 'edit',
    target: item,
    run: (tx, { body, target }) => editMediaMarker(tx, target.item, body),
  }),
  defineCall({
    contract: media.deleteMediaMarker,
    action: 'edit',
    target: item,
    run: (tx, { body, target }) => deleteMediaMarker(tx, target.item, body.timecode),
  }),
  defineCall({
    contract: media.deleteAllMediaMarkers,
    action: 'edit',
    target: item,
    run: (tx, { target }) => deleteAllMediaMarkers(tx, target.item),
  }),
  defineCall({
    contract: media.splitAtMediaMarkers,
    action: 'edit',
    target: item,
    run: (tx, { body, actor, target }) => splitAtMediaMarkers(tx, target.item, actor, body),
  }),
  defineCall({
    contract: media.addTextMarker,
    action: 'edit',
    target: item,
    run: async (tx, { body, actor, target }) =>
      addTextMarker(tx, target.item, {
        ...body,
        sentences: await sentencesMode(tx, actor.id, target.board.id, body.sentences),
      }),
  }),
  defineCall({
    contract: media.updateTextMarker,
    action: 'edit',
    target: item,
    run: async (tx, { body, actor, target }) =>
      updateTextMarker(tx, target.item, {
        ...body,
        sentences: await sentencesMode(tx, actor.id, target.board.id, body.sentences),
      }),
  }),
  defineCall({
    contract: media.deleteTextMarker,
    action: 'edit',
    target: item,
    run: async (tx, { body, actor, target }) =>
      deleteTextMarker(tx, target.item, {
        cursorIndex: body.cursorIndex,
        sentences: await sentencesMode(tx, actor.id, target.board.id, body.sentences),
      }),
  }),
  defineCall({
    contract: media.deleteAllTextMarkers,
    action: 'edit',
    target: item,
    run: async (tx, { body, actor, target }) =>
      deleteAllTextMarkers(
        tx,
        target.item,
        await sentencesMode(tx, actor.id, target.board.id, body.sentences),
      ),
  }),
  defineCall({
    contract: media.splitAtTextMarkers,
    action: 'edit',
    target: item,
    run: async (tx, { body, actor, target }) =>
      splitAtTextMarkers(tx, target.item, actor, {
        title: body.title,
        description: body.description,
        sentences: await sentencesMode(tx, actor.id, target.board.id, body.sentences),
      }),
  }),
  defineCall({
    contract: media.updateBlock,
    action: 'edit',
    target: (b) => ({ blockId: b.query._id }),
    run: (tx, { body, target }) => updateBlock(tx, target.item, body.query._id, body.doc.$set),
  }),
];

function posterCalls(deps: PosterDeps): BoardCall[] {
  return [
    defineCall({
      contract: media.uploadBlockPosters,
      action: 'edit',
      target: (b) => ({ blockId: b.block._id }),
      run: (tx, { body, target }) =>
        setPosterFrame(tx, deps, target.item, { blockId: body.block._id }),
    }),
    defineCall({
      contract: media.setPosterFrame,
      action: 'edit',
      target: item,
      run: (tx, { body, target }) =>
        setPosterFrame(tx, deps, target.item, { blockId: body.blockId, at: body.time }),
    }),
  ];
}

/** Every media call; the role-matrix test walks these with the board calls. */
export function mediaCalls(deps: PosterDeps): BoardCall[] {
  return [...MARKER_CALLS, ...posterCalls(deps)];
}
