/**
 * Every call the web makes, by path: what it sends (`input`) and what the server answers
 * (`output`). A call is a POST of JSON unless `method` says it is (also) a GET, whose input goes
 * in the query string. The web's API client is typed from this map, so a path, a body or an
 * answer that does not match the server is a compile error.
 */
import type { z } from 'zod';
import type { AppVersion, SignupMode } from '../constants';
import type {
  Block,
  Label,
  MediaMarker,
  Multilist,
  PublicUser,
  Role,
  TextMarker,
  UploadRecord,
} from '../model/entities';
import type {
  Device,
  itemViewStateSet,
  listViewStateSet,
  multilistViewStateSet,
} from '../model/viewstate';
import type { Highlight, MediaHighlight } from '../anchoring/selectors';
import type { LoadedBoard } from './load';
import type { ResultsBoard } from './search';

// ---------------------------------------------------------------------------------------------
// Shapes several calls share

/** A call that takes nothing. */
export type NoInput = Record<string, never>;
/** The answer of a change with nothing more to say. */
export interface Ok {
  ok: true;
}
/** A list written (inserted, imported, duplicated) and where it went. */
export interface ListWritten {
  listId: string;
  index: number;
}
/** An item written (inserted, duplicated) and where it went. */
export interface ItemWritten {
  itemId: string;
  index: number;
}
/** An item or list edited, with its new row version. */
export interface ItemVersion {
  itemId: string;
  version: number;
}
export interface ListVersion {
  listId: string;
  version: number;
}
/** Where an item or list stands after moving one place. */
export interface MovedTo {
  index: number;
}

// ---------------------------------------------------------------------------------------------
// Accounts

/** What the app starts from: the signed-in user (or null) and the site's settings. */
export interface SessionInfo {
  user: PublicUser | null;
  rootBoard: string;
  adminUser: string;
  appVersion: AppVersion;
  /** SIGNUP_MODE: which form the signup button opens, or that signup is off. */
  signupMode: SignupMode;
  emailVerification: boolean;
  /** RESET_SESSION: each visit starts as guest, whoever signed in on this browser before. */
  resetToGuest: boolean;
}

/** A signed-in user, as sign-in, guest sign-in and the tour record answer. */
export interface SignedIn {
  user: PublicUser;
}

/** What register and create_user answer. */
export interface AccountCreated {
  ok: true;
  username: string;
  /** A verification link was mailed; the account signs in after opening it. */
  verificationSent: boolean;
  message: string;
  /** Set when the new account was signed in at once. */
  user?: PublicUser;
}

/** The profile fields add user may fill in. */
export interface NewAccountProfile {
  role?: string;
  fullname?: string;
  firstname?: string;
  lastname?: string;
  title?: string;
  phone?: string;
  bio?: string;
}

/** The profile fields a user changes with edit profile (only those sent change). */
export interface ProfileFields {
  fullname?: string;
  firstname?: string;
  lastname?: string;
  title?: string;
  phone?: string;
  bio?: string;
  photoFilename?: string;
  textAlerts?: boolean;
  emailAlerts?: boolean;
  launchDate?: string;
}

/** The part of another user anyone signed in may see (get_user_basic). */
export interface BasicUser {
  _id: string;
  username: string;
  fullname: string;
  /** Only for the user themselves and the admin. */
  email: string | null;
  roles: string[];
  circle: string | null;
  fields: {
    fullname?: string;
    firstname?: string;
    lastname?: string;
    title?: string;
    bio?: string;
    photoFilename?: string;
  };
}

/** verify_email's refusal: a status word of its own, and where a fresh link should go. */
export interface EmailVerificationRefusal {
  status: string;
  message: string;
  error: string;
  email?: string;
}

// ---------------------------------------------------------------------------------------------
// The admin's tools

/** One account on the admin's users page. */
export interface AdminAccount {
  _id: string;
  username: string;
  fullname: string;
  email: string | null;
  emailVerified: boolean;
  roles: Role[];
  circle: string | null;
  groups: string[];
  /** The profile fields the admin's edit form shows. */
  fields: { title?: string; phone?: string; bio?: string };
  fixture: boolean;
  created: string;
  /** The last sign-in, live connection or write, whichever is latest; null if never. */
  lastSeen: string | null;
  /** Has a live connection now. */
  online: boolean;
}

/** What the admin may change of an account (fields given are merged; roles replace). */
export interface AdminAccountChange {
  username: string;
  roles?: string[];
  fields?: ProfileFields & { touredBoardCategs?: string[]; tourCateg?: Record<string, boolean> };
  email?: string;
  uploadsFolder?: string | null;
}

/** The activity page's filter: a user name (whole, any case) and days (YYYY-MM-DD, UTC). */
export interface ActivityQuery {
  user?: string;
  start?: string;
  stop?: string;
  page?: number;
  pageSize?: number;
}

/** One write in the audit log. */
export interface ActivityRow {
  id: string;
  at: string;
  username: string;
  /** The call's path, e.g. '/api/forms/insert_item'. */
  call: string;
  board: string | null;
  multilistId: string | null;
  itemId: string | null;
  details: Record<string, unknown>;
}

export interface ActivityPage {
  rows: ActivityRow[];
  page: number;
  pageSize: number;
  total: number;
  hasNext: boolean;
}

/** Someone signed in now, on the users board. */
export interface OnlineUser {
  username: string;
  fullname: string;
  since: string;
  /** Windows open. */
  connections: number;
}

// ---------------------------------------------------------------------------------------------
// Boards, lists and items

/** A board in an owner's list of boards (the contents page). */
export interface ListedBoard {
  _id: string;
  owner: string;
  title: string;
  ptitle: string;
  description: string;
  listed: boolean;
  modified: string;
}

/** A board just made; it is at /{owner}/{ptitle}. */
export interface BoardMade {
  multilistId: string;
  owner: string;
  ptitle: string;
}

/** What the load form sends: one of url, fileinfo (base64) or query. */
export interface LoadBody {
  url?: string;
  fileinfo?: { data: string; name: string; type?: string };
  query?: string;
  listed?: boolean;
  titleText?: string;
  descText?: string;
}

/** A board as one file to download (export). */
export interface ExportedFile {
  filename: string;
  mediaType: string;
  content: string;
}
export type ExportFormat = 'md' | 'html' | 'json';

/**
 * A board dump or clips dump: JSON the web writes to a file as it came, and loads back through
 * the load form; its shape is the server's dump format.
 */
export type BoardDumpFile = unknown;

/** A view state change: whose view of which board, list or item, and the fields to set. */
interface ViewStateChange<Id extends string, Set> {
  query: { userId: string } & Record<Id, string>;
  doc: { $set: Set };
}
/** A view state change answered: a guest's is kept in the browser only (stored false). */
export interface ViewStateStored {
  ok: true;
  stored: boolean;
}

export type { MediaHighlight };

/** A note or annotation written. */
export interface NoteWritten {
  itemId: string;
  annotationClass: string;
  annoLabel: string | null;
  noteStatus: string | null;
}

// ---------------------------------------------------------------------------------------------
// Groups

export interface GroupMade {
  name: string;
  isPrivate: boolean;
}
/** A group of the board that the caller may join. */
export interface JoinableGroup {
  name: string;
  description: string;
  isPrivate: boolean;
  member: boolean;
}
/** A group the caller belongs to. */
export interface MyGroup {
  name: string;
  description: string;
  isPrivate: boolean;
  owner: string;
}

// ---------------------------------------------------------------------------------------------
// Media and uploads

/** One clip made by splitting an item at its markers. */
export interface SplitPart {
  itemId: string;
  index: number;
}
export interface MarkerDeleted {
  itemId: string;
  deleted: number;
}
export interface PosterFrame {
  itemId: string;
  posterPath: string;
  posterUrl: string;
  block?: Block;
}
export interface SetRange {
  itemId: string;
  start: number;
  end: number;
  /** Neighbouring items whose range moved with it. */
  adjusted: string[];
}

/** What to PUT and where, for one upload; send the headers with it. */
export interface SignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
  /** The storage key the file goes to. */
  bucketPath: string;
  maxBytes: number;
}
/** An upload to sign or record: the file's storage path, type and size. */
export interface UploadTarget {
  bucketPath: string;
  fileType?: string;
  size?: number;
}

type MarkerText = { itemId: string; title?: string; description?: string };
type TextCursor = { itemId: string; cursorIndex?: number | null; sentences?: boolean };

// ---------------------------------------------------------------------------------------------
// The map

export interface ApiRoutes {
  // Accounts
  '/api/auth/session': { method: 'GET'; input: NoInput; output: SessionInfo };
  '/api/auth/guest': { input: NoInput; output: SignedIn };
  '/api/auth/signin': { input: { username: string; password: string }; output: SignedIn };
  '/api/auth/signout': { input: NoInput; output: Ok };
  '/api/auth/register': {
    input: { username: string; password: string; email: string };
    output: AccountCreated;
  };
  '/api/auth/create_user': {
    input: { username: string; password: string; email: string; profile?: NewAccountProfile };
    output: AccountCreated;
  };
  '/api/auth/check_invitee': { input: { email: string }; output: { invited: boolean } };
  '/api/auth/forgot': { input: { email: string }; output: { ok: true; message: string } };
  '/api/auth/validate_reset_token': {
    method: 'GET';
    input: { token: string };
    output: { valid: true; username: string };
  };
  '/api/auth/reset_password': { input: { token: string; password: string }; output: true };
  '/api/auth/verify_email': {
    method: 'GET';
    input: { token: string };
    output: { status: 'success'; message: string };
  };
  '/api/auth/resend_verification': { input: { email: string }; output: Ok };
  '/api/auth/get_user_basic': { method: 'GET'; input: { username: string }; output: BasicUser };
  '/api/forms/deregister_user': {
    input: { username?: string; email: string; password: string };
    output: { message: string; user: PublicUser };
  };
  '/api/forms/edit_profile': {
    input: { profile: ProfileFields };
    output: { user: PublicUser; changed: string[]; messages: string[] };
  };
  '/api/display/update_user_fields_tourCateg': {
    input: { tourCateg: string; value: boolean };
    output: SignedIn;
  };

  // The admin's tools
  '/api/admin/users': { input: NoInput; output: AdminAccount[] };
  '/api/admin/activity': { input: ActivityQuery; output: ActivityPage };
  '/api/admin/deregister_user': {
    input: { username: string };
    output: { ok: true; username: string };
  };
  '/api/display/user.custom.update.admin': {
    input: AdminAccountChange;
    output: { user: PublicUser & { uploadsFolder: string | null } };
  };
  '/api/display/users_online': { input: NoInput; output: OnlineUser[] };

  // Loading boards
  '/api/dbload/load_multilists': {
    method: 'GET' | 'POST';
    input: { addresses: string[]; username?: string; device?: Device };
    output: Multilist[];
  };
  '/api/dbload/load_search': {
    input: { address: string; username?: string };
    output: ResultsBoard;
  };
  '/api/forms/list_multilists': { input: { owner: string }; output: ListedBoard[] };
  '/api/forms/board_password': { input: { multilistId: string; password: string }; output: Ok };
  '/api/forms/load': { input: LoadBody; output: LoadedBoard };
  '/api/forms/read_source': { input: { url: string }; output: { title: string; items: string[] } };
  '/api/forms/export_board': {
    input: { multilistId: string; format: ExportFormat };
    output: ExportedFile;
  };
  '/api/forms/dump_multilists': { input: { multilistId: string }; output: BoardDumpFile };
  '/api/forms/dump_clips_list': { input: { multilistId: string }; output: BoardDumpFile };

  // Boards and lists
  '/api/forms/insert_multilist': {
    input: { titleText: string; descText?: string; listed?: boolean };
    output: BoardMade;
  };
  '/api/forms/insert_list': {
    input: {
      multilistId: string;
      titleText: string;
      descText?: string;
      itemText?: string;
      index?: number;
    };
    output: ListWritten;
  };
  '/api/forms/import_list': {
    input: {
      multilistId: string;
      titleText: string;
      itemText: string;
      url?: string;
      prevListId?: string;
    };
    output: ListWritten;
  };
  '/api/forms/edit_list': {
    input: { listId: string; titleText?: string; descText?: string; version?: number };
    output: ListVersion;
  };
  '/api/forms/duplicate_list': {
    input: { multilistId: string; prevListId: string; titleText?: string };
    output: ListWritten;
  };
  '/api/forms/remove_list': { input: { listId: string }; output: Ok };
  '/api/forms/move_list': {
    input: { listId: string; direction: 'left' | 'right' };
    output: MovedTo;
  };
  '/api/forms/reverse_list': { input: { listId: string }; output: Ok };
  '/api/forms/reorder_lists': { input: { multilistId: string; listOrder: string[] }; output: Ok };

  // Items
  '/api/forms/insert_item': {
    input: { listId: string; text: string; index?: number; labels?: Label[]; isPrivate?: boolean };
    output: ItemWritten;
  };
  '/api/forms/edit_item': {
    input: { itemId: string; text: string; version?: number };
    output: ItemVersion;
  };
  '/api/forms/duplicate_item': {
    input: { listId: string; text: string; index?: number; itemId?: string };
    output: ItemWritten;
  };
  '/api/forms/delete_item': { input: { itemId: string }; output: Ok };
  '/api/forms/edit_item_labels': {
    input: { itemId: string; labels: Label[] };
    output: ItemVersion;
  };
  '/api/forms/move_item': { input: { itemId: string; direction: 'up' | 'down' }; output: MovedTo };
  '/api/forms/set_item_range': {
    input: { itemId: string; start?: number; end?: number };
    output: SetRange;
  };

  // View states
  '/api/display/update_multilistvs': {
    input: ViewStateChange<'multilistId', z.input<typeof multilistViewStateSet>>;
    output: ViewStateStored;
  };
  '/api/display/update_listvs': {
    input: ViewStateChange<'listId', z.input<typeof listViewStateSet>>;
    output: ViewStateStored;
  };
  '/api/display/update_itemvs': {
    input: ViewStateChange<'itemId', z.input<typeof itemViewStateSet>>;
    output: ViewStateStored;
  };
  '/api/display/update_block': {
    input: { query: { _id: string }; doc: { $set: { autoSeek: boolean } } };
    output: Ok;
  };

  // Notes and annotations
  '/api/forms/insert_note': {
    input: {
      listId: string;
      itemId: string;
      labels?: Label[];
      isPrivate?: boolean;
      noteSpec: {
        text: string;
        groupName?: string | null;
        highlight?: Highlight | null;
        /** A reply's note or annotation. */
        parentId?: string | null;
      };
    };
    output: NoteWritten;
  };
  '/api/forms/insert_anno': {
    input: {
      listId: string;
      itemId: string;
      labels?: Label[];
      isPrivate?: boolean;
      annoSpec: {
        text: string;
        /** Empty for the next number. */
        label?: string;
        type?: string;
        highlight?: Highlight | null;
      };
    };
    output: NoteWritten;
  };
  '/api/forms/set_note_status': {
    input: { itemId: string; status: 'pending' | 'answered' | 'dismissed' };
    output: { itemId: string; noteStatus: string };
  };
  '/api/forms/email_an_item': {
    input: { email: string; multilistId: string; listId: string; itemId: string };
    output: Ok;
  };

  // Groups
  '/api/forms/create_group': {
    input: { name: string; description?: string; isPrivate?: boolean };
    output: GroupMade;
  };
  '/api/forms/joinable_groups': { input: { multilistId: string }; output: JoinableGroup[] };
  '/api/forms/join_group': {
    input: { multilistId: string; groupName: string };
    output: { groups: string[] };
  };
  '/api/forms/my_groups': { input: NoInput; output: MyGroup[] };
  '/api/forms/assign_group': {
    input: { multilistId: string; groupName: string };
    output: { groups: string[] };
  };
  '/api/forms/add_group_member': {
    input: { groupName: string; username: string };
    output: { name: string; members: number };
  };

  // Media markers, text markers, posters
  '/api/forms/add_media_marker': {
    input: MarkerText & { timecode: string | number };
    output: { itemId: string; marker: MediaMarker };
  };
  '/api/forms/edit_media_marker': {
    input: MarkerText & { timecode: string | number };
    output: { itemId: string; marker: MediaMarker };
  };
  '/api/forms/delete_media_marker': {
    input: { itemId: string; timecode: string | number };
    output: MarkerDeleted;
  };
  '/api/forms/delete_all_media_markers': { input: { itemId: string }; output: MarkerDeleted };
  '/api/forms/split_at_media_markers': {
    input: MarkerText;
    output: { itemId: string; items: (SplitPart & { start: number; end: number })[] };
  };
  '/api/forms/add_text_marker': {
    input: MarkerText & TextCursor;
    output: { itemId: string; marker: TextMarker & { sentences: boolean } };
  };
  '/api/forms/update_text_marker': {
    input: MarkerText & TextCursor;
    output: { itemId: string; marker: TextMarker & { sentences: boolean } };
  };
  '/api/forms/delete_text_marker': { input: TextCursor; output: MarkerDeleted };
  '/api/forms/delete_all_text_markers': {
    input: { itemId: string; sentences?: boolean };
    output: MarkerDeleted;
  };
  '/api/forms/split_at_text_markers': {
    input: MarkerText & { sentences?: boolean };
    output: {
      itemId: string;
      items: (SplitPart & { cursorIndex: number; text: string })[];
    };
  };
  '/api/forms/upload_block_posters': { input: { block: { _id: string } }; output: PosterFrame };
  '/api/forms/set_poster_frame': {
    input: { itemId: string; blockId?: string; time?: number };
    output: PosterFrame;
  };
  '/api/thumbnails/sign': { input: { url: string; delay?: boolean }; output: { url: string } };

  // Uploads
  '/api/upload/s3': { input: UploadTarget; output: SignedUpload };
  '/api/upload/record': { input: UploadTarget & { size: number }; output: UploadRecord };
}

export type ApiPath = keyof ApiRoutes;
export type ApiInput<P extends ApiPath> = ApiRoutes[P]['input'];
export type ApiOutput<P extends ApiPath> = ApiRoutes[P]['output'];
type MethodOf<P extends ApiPath> = ApiRoutes[P] extends { method: infer M } ? M : 'POST';
/** The calls made with a POST of JSON. */
export type PostPath = { [P in ApiPath]: 'POST' extends MethodOf<P> ? P : never }[ApiPath];
/** The calls made with a GET, their input as query parameters. */
export type GetPath = { [P in ApiPath]: 'GET' extends MethodOf<P> ? P : never }[ApiPath];
