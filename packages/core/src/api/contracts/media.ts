/**
 * Media and text markers, media blocks and poster frames (spec section 7): calls on one item of
 * a board, each needing the edit right.
 */
import { z } from 'zod';
import { BLOCK_TYPES, mediaMarkerSchema, textMarkerSchema, type Block } from '../../model/entities';
import { BOARD_CALL_ERRORS, defineContract, id, openShape } from '../contract';
import { MEDIA } from '../../constants';
import { LATEST_TIME } from '../../board-messages';
import { mediaEnd, mediaStart } from './media-times';

const title = z.string().max(500).optional();
const description = z.string().max(20_000).optional();
/** A time code as written ('1:05') or seconds from a player's current time. */
const timecode = z
  .union([z.string().max(30), z.number().min(0).max(MEDIA.maxSeconds, LATEST_TIME)])
  .transform(String);
/**
 * Optional and nullable so that a missing cursor gets the spec's message, not a schema error. At
 * most the largest index a stored marker can have (a 32-bit integer in the database).
 */
const cursorIndex = z
  .number()
  .int()
  .max(2 ** 31 - 1)
  .nullable()
  .optional();
const sentences = z.boolean().optional();
const TAGS = ['media'] as const;
/** Refusals of marker calls: those of every board call, and a marker that is already there. */
const MARKER_ERRORS = [...BOARD_CALL_ERRORS, 409] as const;

/** A block as the server sends it: its text and type checked, its other fields passed on. */
export const block = openShape<Block>({
  _id: z.string().optional(),
  text: z.string(),
  type: z.enum(BLOCK_TYPES),
});

/** A text marker, and whether it marks a sentence (true) or a block (false). */
const textMarker = textMarkerSchema.extend({ sentences: z.boolean() });

const mediaMarkerSet = z.object({ itemId: z.string(), marker: mediaMarkerSchema });
const textMarkerSet = z.object({ itemId: z.string(), marker: textMarker });
/** Markers deleted from an item, and how many. */
export const markersDeleted = z.object({ itemId: z.string(), deleted: z.number() });

/** A poster frame taken and written into the media line. */
export const posterFrame = z.object({
  itemId: z.string(),
  posterPath: z.string(),
  posterUrl: z.string(),
  block: block.optional(),
});

export const addMediaMarker = defineContract({
  path: '/api/forms/add_media_marker',
  tags: TAGS,
  summary: 'Add a named marker at a time of a video or audio item',
  input: z.object({ itemId: id, title, description, timecode }),
  output: mediaMarkerSet,
  errors: MARKER_ERRORS,
});

export const editMediaMarker = defineContract({
  path: '/api/forms/edit_media_marker',
  tags: TAGS,
  summary: 'Change the title or description of the marker at a time',
  input: z.object({ itemId: id, title, description, timecode }),
  output: mediaMarkerSet,
  errors: MARKER_ERRORS,
});

export const deleteMediaMarker = defineContract({
  path: '/api/forms/delete_media_marker',
  tags: TAGS,
  summary: 'Delete the marker at a time',
  input: z.object({ itemId: id, timecode }),
  output: markersDeleted,
  errors: MARKER_ERRORS,
});

export const deleteAllMediaMarkers = defineContract({
  path: '/api/forms/delete_all_media_markers',
  tags: TAGS,
  summary: 'Delete every media marker of an item',
  input: z.object({ itemId: id }),
  output: markersDeleted,
  errors: BOARD_CALL_ERRORS,
});

export const splitAtMediaMarkers = defineContract({
  path: '/api/forms/split_at_media_markers',
  tags: TAGS,
  summary: 'Insert one item per marked span after the item, each with that span as its range',
  input: z.object({ itemId: id, title, description }),
  output: z.object({
    itemId: z.string(),
    items: z.array(
      z.object({ itemId: z.string(), index: z.number(), start: z.number(), end: z.number() }),
    ),
  }),
  errors: BOARD_CALL_ERRORS,
});

export const addTextMarker = defineContract({
  path: '/api/forms/add_text_marker',
  tags: TAGS,
  summary:
    'Add a named marker at the cursor’s block or sentence (sentences defaults to the board’s sentences view)',
  input: z.object({ itemId: id, title, description, cursorIndex, sentences }),
  output: textMarkerSet,
  errors: MARKER_ERRORS,
});

export const updateTextMarker = defineContract({
  path: '/api/forms/update_text_marker',
  tags: TAGS,
  summary: 'Change the title or description of the text marker at the cursor',
  input: z.object({ itemId: id, title, description, cursorIndex, sentences }),
  output: textMarkerSet,
  errors: MARKER_ERRORS,
});

export const deleteTextMarker = defineContract({
  path: '/api/forms/delete_text_marker',
  tags: TAGS,
  summary: 'Delete the block (sentences false) or sentence (true) marker at the cursor',
  input: z.object({ itemId: id, cursorIndex, sentences }),
  output: markersDeleted,
  errors: MARKER_ERRORS,
});

export const deleteAllTextMarkers = defineContract({
  path: '/api/forms/delete_all_text_markers',
  tags: TAGS,
  summary: 'Delete every block (sentences false) or sentence (true) marker of an item',
  input: z.object({ itemId: id, sentences }),
  output: markersDeleted,
  errors: BOARD_CALL_ERRORS,
});

export const splitAtTextMarkers = defineContract({
  path: '/api/forms/split_at_text_markers',
  tags: TAGS,
  summary:
    'Insert one item per marked span after the item, cut at block (sentences false) or sentence (true) markers',
  input: z.object({ itemId: id, title, description, sentences }),
  output: z.object({
    itemId: z.string(),
    items: z.array(
      z.object({
        itemId: z.string(),
        index: z.number(),
        cursorIndex: z.number(),
        text: z.string(),
      }),
    ),
  }),
  errors: BOARD_CALL_ERRORS,
});

export const updateBlock = defineContract({
  path: '/api/forms/update_block',
  tags: TAGS,
  summary:
    'Change a media block: its line text, range (seconds), address, poster or auto-seek; the item text is rewritten',
  input: z.object({
    query: z.object({ _id: id }),
    doc: z.object({
      $set: z.strictObject({
        text: z.string().max(20_000).optional(),
        range: z.object({ start: mediaStart.optional(), end: mediaEnd.optional() }).optional(),
        url: z.string().max(2000).optional(),
        posterPath: z.string().max(2000).optional(),
        posterUrl: z.string().max(2000).optional(),
        autoSeek: z.boolean().optional(),
      }),
    }),
  }),
  output: z.object({ itemId: z.string(), block }),
  errors: BOARD_CALL_ERRORS,
});

/** Refusals of the poster calls: also a frame that could not be taken, and no ffmpeg. */
const POSTER_ERRORS = [...BOARD_CALL_ERRORS, 422, 503] as const;

export const uploadBlockPosters = defineContract({
  path: '/api/forms/upload_block_posters',
  tags: TAGS,
  summary:
    'Take a video block’s poster frame at its range start, store it and write it into the media line',
  input: z.object({ block: z.looseObject({ _id: id }) }),
  output: posterFrame,
  errors: POSTER_ERRORS,
});

export const setPosterFrame = defineContract({
  path: '/api/forms/set_poster_frame',
  tags: TAGS,
  summary:
    'Take the poster frame of an item’s video at a time (default: its range start) and write it into the media line',
  input: z.object({
    itemId: id,
    blockId: id.optional(),
    time: mediaStart.optional(),
  }),
  output: posterFrame,
  errors: POSTER_ERRORS,
});
