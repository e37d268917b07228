import {
  LOAD_FILE_TYPES,
  LOADED_BOARD_TITLE_LISTED,
  LOADED_BOARD_TITLE_UNLISTED,
  type LoadFileType,
} from '../constants';
import { boardMsg, groupMsg, loadMsg, mediaMsg } from '../messages';
import { isBlank, type ValidationResult } from './fields';
import { own } from '../own';

export function validateLoad(input: {
  url?: string | null;
  file?: unknown;
  query?: string | null;
}): ValidationResult {
  return isBlank(input.url) && isBlank(input.file) && isBlank(input.query)
    ? loadMsg.urlFileOrQueryRequired
    : null;
}

const isLoadFileType = (name: string): name is LoadFileType =>
  (LOAD_FILE_TYPES as readonly string[]).includes(name);

/** The load form's file type from a file name, or null when the form cannot import it. */
export function loadFileTypeOf(filename: string): LoadFileType | null {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return null;
  const suffix = filename.slice(dot + 1).toLowerCase();
  return isLoadFileType(suffix) ? suffix : null;
}

const MEDIA_TYPES: Readonly<Record<string, LoadFileType>> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
};

/**
 * The load form's file type from a media type (its parameters aside), or from one of the type
 * names themselves ('pdf', 'md'); null when the form cannot import it.
 */
export function loadFileTypeOfMedia(mediaType: string | null | undefined): LoadFileType | null {
  const type = own(MEDIA_TYPES, (mediaType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '');
  return type ?? (mediaType && isLoadFileType(mediaType) ? mediaType : null);
}

/** Title of a loaded board when the user gives none. */
export function defaultLoadedTitle(listed: boolean): string {
  return listed ? LOADED_BOARD_TITLE_LISTED : LOADED_BOARD_TITLE_UNLISTED;
}

export function validateBoardPassword(entered: string, password: string): ValidationResult {
  return entered === password ? null : boardMsg.boardPasswordIncorrect;
}

export function validateSelectGroup(userGroups: readonly string[]): ValidationResult {
  return userGroups.length > 0 ? null : groupMsg.noGroups;
}

export function validateJoinGroup(boardGroups: readonly string[]): ValidationResult {
  return boardGroups.length > 0 ? null : groupMsg.boardReferencesNoGroups;
}

export interface GroupChoice {
  name: string;
  isPrivate: boolean;
}

/** Groups the join form offers: public ones, and private ones the user is already in. */
export function joinableGroups<G extends GroupChoice>(
  groups: readonly G[],
  userGroups: readonly string[],
): G[] {
  return groups.filter((g) => !g.isPrivate || userGroups.includes(g.name));
}

/** A poster frame is taken from the item's media, so the item must hold a video or audio block. */
export function validatePosterFrame(blocks: readonly { type: string }[]): ValidationResult {
  return blocks.some((b) => b.type === 'video' || b.type === 'audio')
    ? null
    : mediaMsg.notAMediaItem;
}

/**
 * Playback time after a jump, skip or nudge, kept within 0..duration. A duration that is not
 * yet known (NaN before metadata loads, Infinity for streams) bounds nothing above.
 */
export function clampMediaTime(time: number, duration: number): number {
  if (Number.isNaN(time)) return 0;
  const upper = Number.isFinite(duration) ? Math.max(0, duration) : Infinity;
  return Math.min(Math.max(time, 0), upper);
}
