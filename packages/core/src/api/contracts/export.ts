/**
 * A board taken out whole: exported as one file (Markdown, HTML page, JSON dump), dumped as JSON,
 * or its media clips listed. Each loads back through /api/forms/load.
 */
import { z } from 'zod';
import { BOARD_CALL_ERRORS, defineContract, id } from '../contract';

export const EXPORT_FORMATS = ['md', 'html', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A board as one file to download. */
export const exportedFile = z.object({
  filename: z.string(),
  mediaType: z.string(),
  content: z.string(),
});
export type ExportedFile = z.infer<typeof exportedFile>;

const dumpMediaMarker = z.object({
  timecode: z.string(),
  time: z.number(),
  title: z.string(),
  description: z.string(),
});
export type DumpMediaMarker = z.infer<typeof dumpMediaMarker>;

const dumpTextMarker = z.object({
  kind: z.enum(['block', 'sentence']),
  cursorIndex: z.number(),
  title: z.string(),
  description: z.string(),
});
export type DumpTextMarker = z.infer<typeof dumpTextMarker>;

const dumpItem = z.object({
  text: z.string(),
  labels: z.array(z.object({ name: z.string(), value: z.string() })),
  format: z.record(z.string(), z.union([z.string(), z.number()])),
  flags: z.record(z.string(), z.boolean()),
  /** Only present when true: an item only its owner may see. */
  isPrivate: z.boolean().optional(),
  mediaMarkers: z.array(dumpMediaMarker).optional(),
  textMarkers: z.array(dumpTextMarker).optional(),
});
export type DumpItem = z.infer<typeof dumpItem>;

/**
 * The Listboard dump format, as dump_multilists and the JSON export write it and the load form
 * reads it back: enough to rebuild a board's content, not its notes, members or view states.
 */
export const boardDump = z.object({
  format: z.literal('listboard-dump'),
  version: z.literal(1),
  owner: z.string(),
  title: z.string(),
  description: z.string(),
  listed: z.boolean(),
  labels: z.array(z.string()),
  labelColors: z.record(z.string(), z.string()).optional(),
  lists: z.array(
    z.object({ title: z.string(), description: z.string(), items: z.array(dumpItem) }),
  ),
});
export type BoardDump = z.infer<typeof boardDump>;

/** One video or audio block of a board, in board order, with its range (a clips dump). */
export const dumpedClip = z.object({
  listTitle: z.string(),
  itemId: z.string(),
  blockId: z.string(),
  /** video or audio. */
  type: z.string(),
  url: z.string().nullable(),
  range: z.record(z.string(), z.unknown()).nullable(),
  caption: z.string().nullable(),
  /** The block's own line of markup, so the clip can be loaded back as it was. */
  text: z.string(),
});

export const exportBoard = defineContract({
  path: '/api/forms/export_board',
  tags: ['forms'],
  summary:
    'A board as one file to download: md (lists as sections, items in order, media as links), ' +
    'html (a self-contained page) or json (the dump format). Each loads back through ' +
    '/api/forms/load into the same board. Answers {filename, mediaType, content}.',
  input: z.object({ multilistId: z.uuid(), format: z.enum(EXPORT_FORMATS) }),
  output: exportedFile,
  errors: BOARD_CALL_ERRORS,
});

export const dumpMultilists = defineContract({
  path: '/api/forms/dump_multilists',
  tags: ['forms'],
  summary: 'The whole board as JSON, loadable back as a board (admin)',
  input: z.object({ multilistId: id }),
  output: boardDump,
  errors: BOARD_CALL_ERRORS,
});

export const dumpClipsList = defineContract({
  path: '/api/forms/dump_clips_list',
  tags: ['forms'],
  summary: 'Every media clip of the board with its range (admin)',
  input: z.object({ multilistId: id }),
  output: z.array(dumpedClip),
  errors: BOARD_CALL_ERRORS,
});

/** How a listing of notes is taken out: Markdown to read, CSV for a spreadsheet. */
export const LISTING_FORMATS = ['md', 'csv'] as const;
export type ListingFormat = (typeof LISTING_FORMATS)[number];

export const exportListing = defineContract({
  path: '/api/dbload/export_listing',
  tags: ['dbload'],
  summary: 'A listing of notes as one file to download: md or csv',
  description:
    'The listing of notes at `address` (as load_search reads it: `/{user}/home?code=notes&username={user}&tag=evidence`, ' +
    'any code but the listings of boards, with what narrows it and its page), as the caller may ' +
    'read it there: md (each entry under its week, with its quote, its note and replies) or csv ' +
    '(one row for each note and each reply). Answers {filename, mediaType, content}; a listing ' +
    'of boards or a general search is a 400.',
  input: z.object({ address: z.string().max(4000), format: z.enum(LISTING_FORMATS) }),
  output: exportedFile,
  errors: [400, 401, 403, 404],
});
