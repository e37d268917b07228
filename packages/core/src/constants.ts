/**
 * Business constants and limits (spec section 9, plus the few numbers sections 2, 4, 5 and 7
 * pin down). Server and web read them from here so a changed limit changes everywhere at once.
 */

// ---------------------------------------------------------------------------------------------
// Layout

/** List width in px for each zoom step; the zoom level indexes this array. */
export const LIST_WIDTH_STEPS = [225, 275, 325, 375, 425, 475] as const;
/** PDF render scale for each zoom step, parallel to LIST_WIDTH_STEPS. */
export const PDF_SCALE_STEPS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8] as const;

export const LIST_ZOOM_MIN = 1;
export const LIST_ZOOM_MAX = 5;
/**
 * The info bar's text size (em) for each info zoom level; the level is bounded by the last one
 * (spec section 5: info zoom level is bounded by a maximum).
 */
export const INFO_ZOOM_STEPS = [0.8, 0.9, 1, 1.15, 1.3] as const;
export const INFO_ZOOM_DEFAULT = 2;

/**
 * A board made of search results (a search, Listings, Discussion) has an id with this prefix: it
 * is built for the request, never stored, and says in its description when it is empty.
 */
export const RESULTS_BOARD_PREFIX = 'search-';
/** Whether a board is one of search results: what a viewer does to it stays on the page. */
export const isResultsBoard = (boardId: string): boolean =>
  boardId.startsWith(RESULTS_BOARD_PREFIX);

/** A desktop window at most this wide is laid out as a phone. */
export const PHONE_MAX_WIDTH = 640;
/** On a phone a list is the device width less this margin. */
export const PHONE_LIST_WIDTH_MARGIN = 60;
export function phoneListWidth(deviceWidth: number): number {
  return deviceWidth - PHONE_LIST_WIDTH_MARGIN;
}

/** Horizontal spacing per list in the header, px. */
export const HEADER_LIST_SPACING = 15;

export const LIST_CONTAINER_HEIGHTS = { phone: '62vh', tablet: '67vh', other: '85vh' } as const;
export type DeviceKind = keyof typeof LIST_CONTAINER_HEIGHTS;

/** Named font sizes an item's format may use. 'collosal' is spelled as the spec spells it. */
export const FONT_SIZE_NAMES = {
  micro: '0.25em',
  tiny: '0.5em',
  small: '0.75em',
  normal: '1em',
  large: '2em',
  huge: '3em',
  giant: '4em',
  collosal: '5em',
} as const;
export type FontSizeName = keyof typeof FONT_SIZE_NAMES;

export const ITEM_COLORS = [
  'grey',
  'white',
  'black',
  'yellow',
  'red',
  'blue',
  'sky',
  'orange',
  'green',
  'mauve',
  'blank',
] as const;
export type ItemColor = (typeof ITEM_COLORS)[number];

export const LABEL_COLORS = ['note', 'stress', 'info', 'quote', 'alert', 'alarm'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

export const THEMES = ['dark', 'light', 'white'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = THEMES[0];

/** Colour generation parameters for author, reader and label colours. */
export const HUES = {
  authors: [0.45, 0.5, 0.5],
  readers: [0.85, 0.25, 0.4],
  labels: [0.85, 0.35, 0.4],
} as const;

export const COMPACT_VIEW = {
  itemMaxHeight: '25vh',
  titleMaxChars: 32,
  titleCutChars: 29,
  ellipsis: '…',
} as const;

/** A list title as compact view shows it. */
export function compactListTitle(title: string): string {
  // Count code points, not UTF-16 units, so a cut never splits an emoji in half.
  const chars = Array.from(title);
  if (chars.length <= COMPACT_VIEW.titleMaxChars) return title;
  return chars.slice(0, COMPACT_VIEW.titleCutChars).join('') + COMPACT_VIEW.ellipsis;
}

/** A textarea in a generic form has this many rows unless the form says otherwise. */
export const DEFAULT_TEXTAREA_ROWS = 5;

/** Initial values of generic form fields by kind. */
export const FORM_FIELD_DEFAULTS = { text: '', number: 0, checkbox: false } as const;

// ---------------------------------------------------------------------------------------------
// Media

export const MEDIA = {
  jumpSeconds: 3,
  skipSeconds: 1,
  nudgeSeconds: 0.25,
  scrubSeconds: 5,
  scrubByKeySeconds: 10,
  defaultVolume: 0.8,
  /** An embedded canvas frame is the list width less this, px. */
  canvasWidthLessPx: 20,
  canvasBorderPx: 4,
  /** Switching trim on raises the list zoom to at least this. */
  trimMinZoom: 2,
  /**
   * The latest time a range, marker or poster may name: 277:46:40, past any recording. Times
   * are kept to the millisecond, as a time code writes them.
   */
  maxSeconds: 1_000_000,
} as const;

export const UPLOAD_PROGRESS_MIN = 0;
export const UPLOAD_PROGRESS_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Timing, all in milliseconds

export const TIMINGS = {
  alertMs: 3000,
  alertOptionsMs: [1000, 2000, 3000],
  passwordChangedAlertMs: 4000,
  passwordChangedAlertDelayMs: 2500,
  resetFormDelayMs: 500,
  locationGuardMs: 100,
  longPressItemMs: 350,
  longPressListMs: 750,
  longPressLinkMs: 750,
  callRetryPauseMs: 500,
  callTries: 2,
  envGuestResetMs: 2000,
  posterUpdateDelayMs: 3000,
  boardNotFoundAlertMs: 3000,
  editInProgressAlertMs: 2500,
  phoneBackScrollFixMs: 500,
  /** Delay of the optional screenshot-service thumbnail capture. */
  thumbnailDelayMs: 3000,
} as const;

/**
 * How many of the boards a user visited most recently the home's dashboard looks at for what is
 * new on them (ours): each is counted from a whole load's rows.
 */
export const BOARD_NEWS_VISITS = 12;

// ---------------------------------------------------------------------------------------------
// Search

export const SEARCH_PAGE_MIN = 0;
export const SEARCH_PAGE_MAX = 100;
/** Hits on one page of search results (ours; the spec gives only the page range). */
export const SEARCH_PAGE_SIZE = 50;

export const SEARCH_BUCKETS = ['day', 'week', 'month', 'none'] as const;
export type SearchBucket = (typeof SEARCH_BUCKETS)[number];
export const DEFAULT_SEARCH_BUCKET: SearchBucket = 'day';
/** The named custom searches (myBoards, pending, ...) bucket by week. */
export const CUSTOM_SEARCH_BUCKET: SearchBucket = 'week';

export const SEARCH_TYPES = [
  'author',
  'coauthor',
  'contributor',
  'label',
  'text',
  'tags',
  'date',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const DEFAULT_SEARCH_USERS = 'me';

export const SORT_CRITERIA = ['Title', 'Author Name', 'Start Date', 'User Field 1'] as const;
export type SortCriterion = (typeof SORT_CRITERIA)[number];

/** Query marker of a chained link that shows search results, e.g. /admin/home;results?--searched-- */
export const SEARCHED_QUERY = '--searched--';

// ---------------------------------------------------------------------------------------------
// Dates

export const TIME_ZONES = ['pacific', 'mountain', 'central', 'eastern'] as const;
export type TimeZoneName = (typeof TIME_ZONES)[number];

/** A general search, as the server reads it from an address's query (section 3). */
export interface SearchArgs {
  searchStr: string;
  by: SearchType;
  /** 'me', 'all', or the usernames given. */
  users: 'me' | 'all' | string[];
  start: string;
  stop: string;
  /** Mode collect (true) copies each hit's own text; mode links (false) links to it. */
  collect: boolean;
  save: boolean;
  bucket: SearchBucket;
  /** Null: the criterion's natural order (A to Z for names, newest first for dates and rank). */
  ascend: boolean | null;
  circle: string | null;
  items: boolean;
  replies: boolean;
  annos: boolean;
  notes: boolean;
  sort: SortCriterion | null;
  zone: TimeZoneName;
  page: number;
  /** Title of the results board and of a saved search; null for the default. */
  title: string | null;
}
export const DEFAULT_TIME_ZONE: TimeZoneName = 'eastern';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DEFAULT_LAUNCH_DATE = '2023-01-01';

// ---------------------------------------------------------------------------------------------
// Accounts and boards

export const PASSWORD_MIN = 6;

export const ROOT_BOARD = 'home';
export const ADMIN_USER = 'admin';
export const GUEST_USER = 'guest';
export const GUEST_PHONE = '{phone}';

/**
 * Annotation types: the spec's list begins with general; a caption (add_caption) is the other
 * kind the app writes. The annotation form offers these.
 */
export const ANNOTATION_TYPES = ['general', 'caption'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];
export const DEFAULT_ANNOTATION_TYPE: AnnotationType = 'general';

/** Supported major versions of the charting library used by dynamic blocks. */
export const CHART_VERSIONS = ['v3', 'v4', 'v5'] as const;
export type ChartVersion = (typeof CHART_VERSIONS)[number];

/** Section index i of a board is SECTION_NAMES[i]. */
export const SECTION_NAMES = ['week', 'tip', 'prompt'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** A list description starting with this is a placeholder and counts as empty. */
export const EMPTY_DESCRIPTION_PREFIX = '[ No description';
/** Description given to a board created blank. */
export const BLANK_BOARD_DESCRIPTION = 'No description.';

export const LOAD_FILE_TYPES = ['pdf', 'docx', 'rtf', 'txt', 'md', 'html'] as const;
export type LoadFileType = (typeof LOAD_FILE_TYPES)[number];
export const LOADED_BOARD_TITLE_LISTED = 'Untitled Board';
export const LOADED_BOARD_TITLE_UNLISTED = '--loaded--';

// ---------------------------------------------------------------------------------------------
// Display options

export const SHOW_NOTES_OPTIONS = ['none', 'annos', 'annos+notes'] as const;
export type ShowNotesOption = (typeof SHOW_NOTES_OPTIONS)[number];

export const SECTION_DISPLAY_OPTIONS = ['section', 'all', 'items'] as const;
export type SectionDisplay = (typeof SECTION_DISPLAY_OPTIONS)[number];
export const DEFAULT_SECTION_DISPLAY: SectionDisplay = 'section';

export const COLOR_CODING_OPTIONS = ['none', 'author', 'label'] as const;
export type ColorCoding = (typeof COLOR_CODING_OPTIONS)[number];

export const DISPLAY_MODES = ['append', 'replace_global'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];
export const DEFAULT_DISPLAY_MODE: DisplayMode = 'append';

export const LIST_EDITOR_MODES = [
  'title',
  'description',
  'insert',
  'upload',
  'import',
  'duplicate',
  'delete',
] as const;
export type ListEditorMode = (typeof LIST_EDITOR_MODES)[number];

export const SIGNUP_MODES = ['invitees', 'prescreened', 'disabled', 'default'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export const APP_VERSIONS = ['PRODUCTION', 'DEVELOPMENT'] as const;
export type AppVersion = (typeof APP_VERSIONS)[number];

/**
 * A user name: 1 to USERNAME_MAX letters, digits, '_', '.' or '-', once trimmed, starting with a
 * letter, digit or '_': a name of dots ('..') would be an address no browser keeps, and an
 * upload folder no store takes.
 */
export const USERNAME_MAX = 64;
export const USERNAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
