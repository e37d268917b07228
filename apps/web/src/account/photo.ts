/**
 * The edit-profile photo: its stored name (spaces become hyphens), whether it is an image we
 * can show, and the upload into the user's own folder (presigned PUT, then the record call that
 * checks size and content).
 */
import { IMAGE_SUFFIXES, accountMsg, profilePhotoFilename, suffixOf } from '@listboard/core';
import { callApi, messageOr } from '../api/client';

export type PhotoCheck = { name: string; skipped: null } | { name: string; skipped: string };

/** The name the photo is stored under, or the alert that says why it is skipped. */
export function checkPhoto(file: { name: string }): PhotoCheck {
  const name = profilePhotoFilename(file.name.trim());
  const ok = (IMAGE_SUFFIXES as readonly string[]).includes(suffixOf(name));
  return ok ? { name, skipped: null } : { name, skipped: accountMsg.photoSkipped(name) };
}

/** Uploads the photo as `{username}/{name}`; null when stored, else the message to show. */
export async function uploadPhoto(
  file: File,
  username: string,
  name: string,
): Promise<string | null> {
  const bucketPath = `${username}/${name}`;
  const signing = await callApi('/api/upload/s3', {
    bucketPath,
    fileType: file.type,
    size: file.size,
  });
  if (!signing.ok) return messageOr(signing.error, accountMsg.photoUploadFailed(name));
  const signed = signing.value;
  let put: Response;
  try {
    // The file goes to the signed storage address, not to the API.
    put = await fetch(signed.url, { method: signed.method, headers: signed.headers, body: file });
  } catch {
    return accountMsg.photoUploadFailed(name);
  }
  if (!put.ok) return accountMsg.photoUploadFailed(name);
  const recorded = await callApi('/api/upload/record', {
    bucketPath,
    fileType: file.type,
    size: file.size,
  });
  return recorded.ok ? null : messageOr(recorded.error, accountMsg.photoUploadFailed(name));
}
