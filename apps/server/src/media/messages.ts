/**
 * Messages of the media calls that the spec does not word itself. The spec's own (the poster
 * frame's) come from core's mediaMsg.
 */
import { mediaMsg, uploadMsg as coreUploadMsg, mediaToolMsg } from '@listboard/core';

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${n} bytes`;
}

export const uploadMsg = {
  signInToUpload: 'Please sign in to upload files.',
  badPath: (path: string) =>
    `Cannot upload to "${path}": use letters, digits, dots, hyphens and underscores, with '/' between folders.`,
  notYourFolder: (folder: string) => `Uploads go in your own folder: ${folder}/…`,
  unsupported: coreUploadMsg.unsupported,
  tooLarge: (name: string, limit: number) =>
    `${name} is larger than the upload limit of ${formatBytes(limit)}.`,
  notUploaded: (name: string) => `${name} was not uploaded: nothing is stored under that name.`,
  sizeMismatch: (name: string, stored: number, said: number) =>
    `${name} is stored with ${stored} bytes, not ${said}: the upload did not finish.`,
  badContent: (name: string, reason: string) => `${name} was refused: ${reason}.`,
  linkExpired: 'This file link has expired.',
  linkInvalid: 'This file link is not valid.',
} as const;

export const markerMsg = {
  needsCursor: mediaMsg.textMarkerNeedsCursor,
  notMediaForMarkers: mediaToolMsg.notAMediaItemForMarkers,
  badTimecode: (code: string) => `"${code}" is not a time code (use seconds, m:ss or h:mm:ss).`,
  mediaMarkerExists: (code: string) => `There is already a marker at ${code}.`,
  noMediaMarker: (code: string) => `There is no marker at ${code}.`,
  noMediaMarkersToSplit: 'There are no media markers inside the range to split at.',
  cursorOutOfRange: (what: string, count: number) =>
    `There is no ${what} at that cursor: the item has ${count}.`,
  textMarkerExists: 'There is already a marker at that cursor.',
  noTextMarker: 'There is no marker at that cursor.',
  noTextMarkersToSplit: 'There are no text markers to split at.',
} as const;

export const posterMsg = {
  videoOnly: 'Only a video has frames to take a poster from.',
  notReachable:
    "Poster frames are taken only from uploaded files and the app's own media, not from other sites.",
  noFrame: (at: string) => `No frame could be taken at ${at}: is the time inside the video?`,
  failed: 'The poster frame could not be made from this video.',
  noFfmpeg: 'Poster frames need ffmpeg, which is not installed on the server.',
} as const;

export const blockMsg = {
  notMedia: 'This block is not a media line.',
  oneBlock: 'The new text must be a single block.',
  notSameKind: 'The new text must be a media line of the same kind.',
} as const;
