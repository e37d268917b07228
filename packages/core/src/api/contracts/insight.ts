/**
 * A board's Insight: how its readers noted it (per item, per list, per reader, per group, by
 * day, and the passages that drew the most notes and questions), and its notes taken away as a
 * file (CSV or W3C Web Annotation JSON-LD) from a plain address a browser can download.
 */
import { z } from 'zod';
import { BOARD_CALL_ERRORS, defineContract, id } from '../contract';

const count = z.number().int().min(0);

/**
 * What readers wrote on an item, a list or the whole board. `notes` are reader notes (not
 * replies, not the authors' annotations), private ones included; `questions` and `pending` are
 * among them; `readers` is how many people wrote those notes.
 */
export const insightFigures = z.object({
  notes: count,
  questions: count,
  pending: count,
  answered: count,
  dismissed: count,
  replies: count,
  readers: count,
});
export type InsightFigures = z.infer<typeof insightFigures>;

export const itemInsight = insightFigures.extend({
  itemId: z.string(),
  listId: z.string(),
  /** The item's first line, as the board shows it collapsed. */
  headline: z.string(),
  /** Of its notes and replies, those written after they were due (core notesDueOf). */
  late: count,
});
export type ItemInsight = z.infer<typeof itemInsight>;

export const listInsight = insightFigures.extend({
  listId: z.string(),
  title: z.string(),
  /** Items of the list the caller can see, noted or not. */
  items: count,
  /** Of its notes and replies, those written after they were due (its own date, else the board's). */
  late: count,
  /** Its own due date (ISO), where it has one. */
  notesDue: z.string().nullable(),
});
export type ListInsight = z.infer<typeof listInsight>;

export const readerInsight = z.object({
  username: z.string(),
  /** The writer's full name when they gave one, else null. */
  fullname: z.string().nullable(),
  notes: count,
  replies: count,
  /** Words in their notes and replies. */
  words: count,
  /** When they last wrote a note or reply here (ISO 8601). */
  lastActivity: z.string(),
  /** Of their notes and replies, those written after the board's notes were due (0: no date). */
  late: count,
  /** How many times others marked their notes and replies here helpful. */
  helpful: count,
  /** The reader groups their notes and replies here went to, by name (a class's sections). */
  groups: z.array(z.string()),
});
export type ReaderInsight = z.infer<typeof readerInsight>;

/** A member of a reader group, as its owner's roster names them. */
export const groupMember = z.object({
  username: z.string(),
  /** Their full name when they gave one, else null. */
  fullname: z.string().nullable(),
});
export type GroupMember = z.infer<typeof groupMember>;

/**
 * Who in a group has taken part on the board, for the group's owner alone (a group's roster is
 * its owner's): its members who read the board (not the group's owner, not those who answer the
 * board's notes), and those of them who have written no note or reply on it yet.
 */
export const groupRoster = z.object({
  members: count,
  yetToWrite: z.array(groupMember),
  /** When those yet to write were reminded by mail (remind_group), if within the last day. */
  remindedAt: z.string().nullable(),
});
export type GroupRoster = z.infer<typeof groupRoster>;

/**
 * A reader group of the board: one its notes were posted to, or (for the board's authors) one
 * given to the board, with no notes yet perhaps. `roster` is null but to the group's owner.
 */
export const groupInsight = z.object({
  group: z.string(),
  notes: count,
  replies: count,
  readers: count,
  roster: groupRoster.nullable(),
});
export type GroupInsight = z.infer<typeof groupInsight>;

/**
 * A passage that drew notes: its quote, the item it is on, and a note on it that the caller may
 * open (its address `/{owner}/{board}#note-{noteId}` shows the passage highlighted).
 */
export const confusedPassage = z.object({
  itemId: z.string(),
  listId: z.string(),
  headline: z.string(),
  /** The words noted; empty for a place in the item's media. */
  quote: z.string(),
  /**
   * A place in the item's media the notes share, in words: “at 1:00–1:30 of the recording” (each
   * half minute counted together), “on page 3 of the PDF”.
   */
  place: z.string().optional(),
  noteId: z.string(),
  notes: count,
  questions: count,
  /** How many times its notes were marked helpful: the passages many readers share. */
  helpful: count,
});
export type ConfusedPassage = z.infer<typeof confusedPassage>;

/** A tag the board's notes carry (`#question`, core tagKey), and how many of them carry it. */
export const noteTag = z.object({ tag: z.string(), notes: count, questions: count });
export type NoteTag = z.infer<typeof noteTag>;

/** Notes and replies written on one day (UTC, YYYY-MM-DD). */
export const insightDay = z.object({ day: z.string(), notes: count, replies: count });
export type InsightDay = z.infer<typeof insightDay>;

export const boardInsightAnswer = z.object({
  multilistId: z.string(),
  owner: z.string(),
  title: z.string(),
  ptitle: z.string(),
  /** 'board': every reader's figures (the board's authors); 'own': the caller's alone. */
  scope: z.enum(['board', 'own']),
  totals: insightFigures,
  /** Items that drew at least one note or reply, in board order. */
  items: z.array(itemInsight),
  /** Every list, in board order. */
  lists: z.array(listInsight),
  readers: z.array(readerInsight),
  groups: z.array(groupInsight),
  /** The passages with the most notes and questions, most first (at most 10). */
  confusion: z.array(confusedPassage),
  /**
   * The tags of the notes the caller may read, with how many of those carry each, most first (at
   * most 20): a tag only others' private notes carry is not named; then those the board asks for
   * (its `noteTags`) that none of them carries yet, at nought.
   */
  tags: z.array(noteTag),
  /** Days with notes or replies, oldest first. */
  timeline: z.array(insightDay),
});
export type BoardInsight = z.infer<typeof boardInsightAnswer>;

export const boardInsight = defineContract({
  path: '/api/forms/board_insight',
  tags: ['notes'],
  summary:
    'How readers noted a board: notes, questions (typed as questions or ending in “?”), pending, ' +
    'answered and dismissed notes, replies and readers per item (by id), per list and in all; ' +
    'notes, replies, words and last activity per reader; per group (to the group’s owner, with ' +
    'its members who have written nothing on the board yet); per day; and the passages ' +
    'with the most notes and questions; the tags the notes one may read carry. The board’s authors get everyone’s figures; anyone else ' +
    'gets their own. Private notes count, but no note’s text is ever in the answer (a tag is named ' +
    'only from notes the caller may read).',
  input: z.object({ multilistId: id }),
  output: boardInsightAnswer,
  errors: BOARD_CALL_ERRORS,
});

/**
 * A reminder to a group's members who have written nothing on the board yet (its roster's
 * yetToWrite), mailed with the board's address: by the group's owner, one of the board's
 * authors, at most once a day for one group and board. `notMailed`: those of them with no address,
 * or whose profile turns e-mail alerts off, or whose alerts for the hour are used up, or who may
 * not open the board (the one visibility rule).
 */
export const remindGroup = defineContract({
  path: '/api/forms/remind_group',
  tags: ['notes'],
  summary:
    'Mails the members of a reader group who have written nothing on the board yet a reminder ' +
    'with its address: for the group’s owner, one of the board’s authors; once a day for one ' +
    'group and board (409 before then). Members whose profile turns e-mail alerts off are counted, ' +
    'not mailed.',
  input: z.object({ multilistId: id, groupName: z.string().min(1).max(100) }),
  output: z.object({ mailed: count, notMailed: count }),
  errors: [...BOARD_CALL_ERRORS, 409],
});
export type RemindAnswer = z.infer<typeof remindGroup.output>;

export const ANNOTATION_FILE_FORMATS = ['csv', 'jsonld'] as const;

/**
 * The columns of the CSV export, in order; a column added later goes last, so a sheet that reads
 * them by place keeps reading them. status_by: the user name of who answered or dismissed a note;
 * late: "true" for one written after the board's notes were due, "false" before, empty on a board
 * with no due date.
 */
export const ANNOTATION_CSV_COLUMNS = [
  'board',
  'list',
  'item',
  'quote',
  'note',
  'writer',
  'group',
  'status',
  'private',
  'created',
  'parent',
  'status_by',
  'late',
  'helpful',
  'tags',
] as const;

export const exportAnnotationsFile = defineContract({
  path: '/api/export/annotations',
  method: 'GET',
  tags: ['notes'],
  summary:
    'The notes, annotations and replies of a board the caller may see, as a file to download: ' +
    '`?board=/owner/title&format=csv` (columns board, list, item, quote, note, writer, group, ' +
    'status, private, created, parent, status_by, late, helpful; parent is the address of the ' +
    'note a reply answers, helpful how many readers marked it) or ' +
    '`format=jsonld` (the W3C Web Annotation collection export_annotations gives).',
  produces: 'text/csv',
  input: z.object({
    board: z.string().min(1).max(2000),
    format: z.enum(ANNOTATION_FILE_FORMATS),
  }),
  output: z.string().describe('the file: CSV text, or the JSON-LD document'),
  errors: BOARD_CALL_ERRORS,
});
