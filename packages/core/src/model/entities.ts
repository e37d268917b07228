/**
 * Entity shapes as the API sends them (spec section 3). Field names follow the spec;
 * `_id` is kept so that clients written against the spec read the payloads unchanged.
 */
import { z } from 'zod';
import type { Highlight } from '../anchoring/selectors';
import { USERNAME_MAX, USERNAME_PATTERN } from '../constants';

export const ROLES = [
  'author',
  'demo',
  'lbadmin',
  'editor',
  'contributor',
  'reader',
  'guest',
] as const;
export type Role = (typeof ROLES)[number];

export const BLOCK_TYPES = [
  'video',
  'audio',
  'image',
  'externalurl',
  'document',
  'dynamic',
  'listtoggle',
  'fencedcode',
  'mathblock1',
  'mathblock2',
  'mathinline1',
  'mathinline2',
  'jsMedia',
  'mdtextlink',
  'mdimagelink',
  'mdtext',
  'mdlist',
  'mdtable',
  'mdhtml',
  'text',
  'unknown-upload',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const ANNOTATION_CLASSES = ['none', 'anno', 'note', 'reply'] as const;
export type AnnotationClass = (typeof ANNOTATION_CLASSES)[number];

export const NOTE_STATUSES = ['pending', 'answered', 'dismissed'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

export interface BlockRange {
  start: number;
  end: number;
  startCode: string;
  endCode: string;
  url?: string;
  posterCode?: string;
}

export interface JsMedia {
  type: string;
  url: string;
  args: string[];
  js?: string;
  css?: string;
  numboxes?: number;
}

export interface Block {
  _id?: string;
  text: string;
  type: BlockType;
  url?: string;
  fullpathnq?: string;
  suffix?: string;
  range?: BlockRange;
  caption?: string;
  altText?: string;
  titleText?: string;
  posterUrl?: string;
  posterPath?: string;
  isUpload?: boolean;
  autoSeek?: boolean;
  boardRefs?: string[];
  jsMedia?: JsMedia;
  highlightLanguage?: string;
}

export interface Label {
  name: string;
  value: string;
}

/** A named time of a video or audio item. */
export const mediaMarkerSchema = z.object({
  timecode: z.string(),
  time: z.number(),
  title: z.string(),
  description: z.string(),
});
export type MediaMarker = z.infer<typeof mediaMarkerSchema>;

/** A named block (block marker) or sentence (sentence marker) of an item's text. */
export const textMarkerSchema = z.object({
  cursorIndex: z.number(),
  title: z.string(),
  description: z.string(),
});
export type TextMarker = z.infer<typeof textMarkerSchema>;

export type ViewState = Record<string, unknown>;

/** What can be done with an item from its action buttons (spec section 3, Item.handlers). */
export const ITEM_HANDLERS = [
  'visit',
  'annotate',
  'reply',
  'delete',
  'label',
  'duplicate',
  'insert',
  'edit',
] as const;
export type ItemHandler = (typeof ITEM_HANDLERS)[number];

export interface Item {
  _id: string;
  listId: string;
  multilistId: string;
  index: number;
  indexInBoard: number;
  listIndex: number;
  owner: string;
  author: string;
  hint: string | null;
  text: string;
  blocks: Block[];
  created: string;
  modified: string;
  startdate: string | null;
  stopdate: string | null;
  importUrl: string | null;
  /** A note's or annotation's passage (a text target) or span of a recording. */
  highlight: Highlight | null;
  replyLevel: number;
  rootItem: string | null;
  parentId: string | null;
  annotationClass: AnnotationClass;
  annoLabel: string | null;
  /** An annotation's type (ANNOTATION_TYPES: general, caption); null for other items. */
  annoType?: string | null;
  noteStatus: NoteStatus | null;
  /**
   * A reader note answered or dismissed: who did it (the board's owner, a coauthor, an editor),
   * by user name and by the name they were shown by then; null while it is pending.
   */
  statusBy?: { username: string; name: string } | null;
  isPrivate: boolean;
  groupName: string | null;
  labels: Label[];
  format: Record<string, string | number>;
  flags: Record<string, boolean>;
  /** How many readers marked this note or reply helpful (0 for any other item). */
  votes?: number;
  /** The caller marked it helpful: the caller's own, sent to them alone (never in shared parts). */
  voted?: boolean;
  mediaMarkers: MediaMarker[];
  blockMarkers: TextMarker[];
  sentenceMarkers: TextMarker[];
  version: number;
  viewstate: ViewState;
  /** When the server names them; otherwise the web derives them from the board's abilities. */
  handlers?: ItemHandler[];
  /**
   * The annotations, notes and replies hanging off this item (rootItem), oldest first, as far as
   * the caller may see them; each tells its kind by annotationClass and its thread by parentId.
   */
  notes: Item[];
  /**
   * A note as a results page (Listings, Discussion) sends it: the item it is on as that item is
   * now, so its passage is looked for in the current text rather than the results item's.
   */
  onItem?: { _id: string; version: number; blocks: Block[] };
}

export interface List {
  _id: string;
  multilistId: string;
  index: number;
  title: string;
  description: string;
  author: string;
  created: string;
  modified: string;
  reverse: boolean;
  tourId: string | null;
  /** When notes on its items are due, where the list's date differs from the board's; else null. */
  notesDue: string | null;
  version: number;
  items: Item[];
  viewstate: ViewState;
}

export interface SectionInfo {
  indexInBoard: number;
  nestingLevel: number;
  firstItemIndexInBoard: number;
  lastItemIndexInBoard: number;
}

/**
 * Everything the spec lets someone do with a board, its lists, items and notes (spec section 6).
 * Each is checked per call by core/policy on the server; the server sends the answers with the
 * board as `abilities`, and the web enables its controls from them alone.
 */
export const BOARD_ACTIONS = [
  'read',
  'select',
  'edit',
  'delete',
  'annotate',
  'note',
  'reply',
  'addCoauthor',
  'removeCoauthor',
  'deleteBoard',
  'moderate',
  'assignGroup',
  'tour',
  'insert',
  'label',
  'duplicate',
  'admin',
  'manageUsers',
  'dump',
  'export',
  'trash',
  'insight',
] as const;
export type BoardAction = (typeof BOARD_ACTIONS)[number];

/** What the caller may do with a board: their role on it and every action, computed by core/policy. */
export type Abilities = { role: Role } & Record<BoardAction, boolean>;

export interface Multilist {
  _id: string;
  owner: string;
  title: string;
  ptitle: string;
  altTitle: string | null;
  description: string;
  listed: boolean;
  hasPassword: boolean;
  /** The board has a password this session has not entered: lists are left out until it does. */
  locked: boolean;
  /** When readers' notes on it are due (ISO), as its authors set it; null or absent: never. */
  notesDue?: string | null;
  /**
   * Whether its readers yet to write are mailed a reminder a day before notes are due; sent only
   * to those who may change it.
   */
  remindDue?: boolean;
  /**
   * The tags its authors ask readers' notes to carry (`question`, core tagKey), offered first as
   * `#` is typed in a note; absent: none.
   */
  noteTags?: string[];
  labels: string[];
  labelColors: Record<string, string>;
  colors: Record<string, string>;
  readerColors: Record<string, string>;
  isTable: boolean;
  authors: string[];
  readers: string[];
  contributors: string[];
  /**
   * The board's editors (members) and their privileges: sent only to whoever may share the
   * board (its owner), for the Share form.
   */
  members?: { username: string; privileges: string[] }[];
  groups: string[];
  linkedBoards: string[];
  sectionsInfoArray: SectionInfo[];
  created: string;
  modified: string;
  version: number;
  lists: List[];
  viewstate: ViewState;
  abilities: Abilities;
  /**
   * A results page (Discussion, Listings): the boards its entries come from, at their versions.
   * The page follows their live changes, so a new, answered or dismissed note shows at once.
   */
  follows?: { _id: string; version: number }[];
  /**
   * A listing of notes on its owner's boards (Discussion, my notes): when its entries were read.
   * The page follows every board of theirs from then on, so a note on any of them shows at once.
   */
  ownBoardsAt?: string;
  /**
   * A Discussion or My notes of one board its owner owns, coauthors or edits: that board, and the
   * one list of it, if narrowed to one (a week's notes).
   */
  onBoard?: {
    owner: string;
    title: string;
    ptitle: string;
    list?: { _id: string; title: string };
    /** The tags the board asks its notes to carry (its `noteTags`), if any. */
    noteTags?: string[];
  };
  /**
   * A Discussion or My notes: the reader groups it may be narrowed to (those its boards are
   * assigned and those notes on them were posted to), and the one it is narrowed to, if any.
   */
  noteGroups?: { choices: string[]; only?: string };
  /** A Discussion or My notes narrowed to the notes with one tag (core tagKey). */
  onTag?: string;
  /** A Discussion or My notes narrowed to one reader's notes: who (`name`: as the page says it). */
  onWriter?: { username: string; name: string };
  /**
   * A listing of the notes on one's boards in the order asked: most marked helpful first, or
   * the notes that ask first (api/search NOTE_ORDERS).
   */
  noteOrder?: 'helpful' | 'questions';
}

/** A user as the app shows them to themselves: their account and profile fields. */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  fullname: z.string(),
  circle: z.string().nullable(),
  groups: z.array(z.string()),
  nodashboard: z.boolean(),
  emailVerified: z.boolean(),
  fields: z.record(z.string(), z.unknown()),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const usernameSchema = z.string().trim().min(1).max(USERNAME_MAX).regex(USERNAME_PATTERN);

/** The uploaded file record of spec section 3. */
export const uploadRecordSchema = z.object({
  _id: z.string(),
  folderpath: z.string(),
  filepath: z.string(),
  filename: z.string(),
  username: z.string(),
  fullpath: z.string(),
  createdAt: z.string(),
  type: z.string(),
  size: z.number(),
  url: z.string(),
  uploadApp: z.string(),
  location: z.string(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;
