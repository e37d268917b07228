/**
 * The media and text marker calls, update_block and the poster frame calls of spec section 7,
 * declared like every other call on a board (board-call.ts): each resolves its item, locks the
 * board, asks core/policy for 'edit' and runs in one transaction. Markers are mark operations,
 * which the spec gives to the same roles as editing.
 */
import { z } from 'zod';
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

const uuid = z.uuid({ error: 'must be an id' });
const title = z.string().max(500).optional();
const description = z.string().max(20_000).optional();
/** A time code as written ('1:05') or seconds from a player's current time. */
const timecode = z.union([z.string().max(30), z.number().min(0)]).transform(String);
/** Optional and nullable so that a missing cursor gets the spec's message, not a schema error. */
const cursorIndex = z.number().int().nullable().optional();
const sentences = z.boolean().optional();
const TAGS = ['media'];

const item = (b: { itemId: string }) => ({ itemId: b.itemId });

const MARKER_CALLS: BoardCall[] = [
  defineCall({
    path: '/api/forms/add_media_marker',
    tags: TAGS,
    summary: 'Add a named marker at a time of a video or audio item',
    body: z.object({ itemId: uuid, title, description, timecode }),
    action: 'edit',
    target: item,
    run: (tx, { body, target }) => addMediaMarker(tx, target.item, body),
  }),
  defineCall({
    path: '/api/forms/edit_media_marker',
    tags: TAGS,
    summary: 'Change the title or description of the marker at a time',
    body: z.object({ itemId: uuid, title, description, timecode }),
    action: 'edit',
    target: item,
    run: (tx, { body, target }) => editMediaMarker(tx, target.item, body),
  }),
  defineCall({
    path: '/api/forms/delete_media_marker',
    tags: TAGS,
    summary: 'Delete the marker at a time',
    body: z.object({ itemId: uuid, timecode }),
    action: 'edit',
    target: item,
    run: (tx, { body, target }) => deleteMediaMarker(tx, target.item, body.timecode),
  }),
  defineCall({
    path: '/api/forms/delete_all_media_markers',
    tags: TAGS,
    summary: 'Delete every media marker of an item',
    body: z.object({ itemId: uuid }),
    action: 'edit',
    target: item,
    run: (tx, { target }) => deleteAllMediaMarkers(tx, target.item),
  }),
  defineCall({
    path: '/api/forms/split_at_media_markers',
    tags: TAGS,
    summary: 'Insert one item per marked span after the item, each with that span as its range',
    body: z.object({ itemId: uuid, title, description }),
    action: 'edit',
    target: item,
    run: (tx, { body, actor, target }) => splitAtMediaMarkers(tx, target.item, actor, body),
  }),
  defineCall({
    path: '/api/forms/add_text_marker',
    tags: TAGS,
    summary:
      'Add a named marker at the cursor’s block or sentence (sentences defaults to the board’s sentences view)',
    body: z.object({ itemId: uuid, title, description, cursorIndex, sentences }),
    action: 'edit',
    target: item,
    run: async (tx, { body, actor, target }) =>
      addTextMarker(tx, target.item, {
        ...body,
        sentences: await sentencesMode(tx, actor.id, target.board.id, body.sentences),
      }),
  }),
  defineCall({
    path: '/api/forms/update_text_marker',
    tags: TAGS,
    summary: 'Change the title or description of the text marker at the cursor',
    body: z.object({ itemId: uuid, title, description, cursorIndex, sentences }),
    action: 'edit',
    target: item,
    run: async (tx, { body, actor, target }) =>
      updateTextMarker(tx, target.item, {
        ...body,
        sentences: await sentencesMode(tx, actor.id, target.board.id, body.sentences),
      }),
  }),
  defineCall({
    path: '/api/forms/delete_text_marker',
    tags: TAGS,
    summary: 'Delete the block (sentences false) or sentence (true) marker at the cursor',
    body: z.object({ itemId: uuid, cursorIndex, sentences }),
    action: 'edit',
    target: item,
    run: async (tx, { body, actor, target }) =>
      deleteTextMarker(tx, target.item, {
        cursorIndex: body.cursorIndex,
        sentences: await sentencesMode(tx, actor.id, target.board.id, body.sentences),
      }),
  }),
  defineCall({
    path: '/api/forms/delete_all_text_markers',
    tags: TAGS,
    summary: 'Delete every block (sentences false) or sentence (true) marker of an item',
    body: z.object({ itemId: uuid, sentences }),
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
    path: '/api/forms/split_at_text_markers',
    tags: TAGS,
    summary:
      'Insert one item per marked span after the item, cut at block (sentences false) or sentence (true) markers',
    body: z.object({ itemId: uuid, title, description, sentences }),
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
    path: '/api/forms/update_block',
    tags: TAGS,
    summary:
      'Change a media block: its line text, range (seconds), address, poster or auto-seek; the item text is rewritten',
    body: z.object({
      query: z.object({ _id: uuid }),
      doc: z.object({
        $set: z.strictObject({
          text: z.string().max(20_000).optional(),
          range: z
            .object({ start: z.number().min(0).optional(), end: z.number().min(-1).optional() })
            .optional(),
          url: z.string().max(2000).optional(),
          posterPath: z.string().max(2000).optional(),
          posterUrl: z.string().max(2000).optional(),
          autoSeek: z.boolean().optional(),
        }),
      }),
    }),
    action: 'edit',
    target: (b) => ({ blockId: b.query._id }),
    run: (tx, { body, target }) => updateBlock(tx, target.item, body.query._id, body.doc.$set),
  }),
];

function posterCalls(deps: PosterDeps): BoardCall[] {
  return [
    defineCall({
      path: '/api/forms/upload_block_posters',
      tags: TAGS,
      summary:
        'Take a video block’s poster frame at its range start, store it and write it into the media line',
      body: z.object({ block: z.looseObject({ _id: uuid }) }),
      action: 'edit',
      target: (b) => ({ blockId: b.block._id }),
      run: (tx, { body, target }) =>
        setPosterFrame(tx, deps, target.item, { blockId: body.block._id }),
    }),
    defineCall({
      path: '/api/forms/set_poster_frame',
      tags: TAGS,
      summary:
        'Take the poster frame of an item’s video at a time (default: its range start) and write it into the media line',
      body: z.object({
        itemId: uuid,
        blockId: uuid.optional(),
        time: z.number().min(0).optional(),
      }),
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
