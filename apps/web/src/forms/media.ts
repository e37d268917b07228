/**
 * Media forms: photo, video and audio item insertion (and any supported file). Spec section 2,
 * Input forms. The marker forms are in markers.ts.
 */
import {
  AUDIO_SUFFIXES,
  boardMsg,
  DOCUMENT_SUFFIXES,
  HEIC_SUFFIXES,
  IMAGE_SUFFIXES,
  OTHER_SUFFIXES,
  VIDEO_SUFFIXES,
  type MediaKind,
} from '@listboard/core';
import type { FormContext, FormDef, Values } from './registry';
import { fail, findItem, findList, str, text } from './helpers';

const accept = (...lists: readonly (readonly string[])[]) =>
  lists
    .flat()
    .map((s) => `.${s}`)
    .join(',');

const ANY_SUFFIX = [
  IMAGE_SUFFIXES,
  HEIC_SUFFIXES,
  VIDEO_SUFFIXES,
  AUDIO_SUFFIXES,
  DOCUMENT_SUFFIXES,
  OTHER_SUFFIXES,
] as const;

async function insertWithFiles(
  v: Values,
  ctx: FormContext,
  kinds?: readonly MediaKind[],
): Promise<string | null> {
  const list = findList(ctx);
  const board = ctx.board;
  if (!list || !board) return fail('insert item');
  // Loaded the first time something is uploaded: a board view needs it no sooner.
  const upload = await import('../media/upload').catch(() => null);
  if (!upload) return boardMsg.noConnection;
  const made = await upload.uploadedItemText(Array.isArray(v.files) ? v.files : [], {
    boardOwner: board.owner,
    text: text(v, 'text'),
    caption: str(v, 'caption'),
    kinds,
    signal: ctx.signal,
    skipped: ctx.alert,
  });
  if ('error' in made) return made.error;
  const after = findItem(ctx);
  const res = await ctx.call(
    '/api/forms/insert_item',
    {
      listId: list._id,
      text: made.text,
      index: after ? after.index + 1 : undefined,
    },
    'insert item',
  );
  return res.ok ? null : fail('insert item', res.error);
}

function insertForm(
  id: string,
  label: string,
  acceptList: string,
  kinds: readonly MediaKind[] | undefined,
  hint: string,
): FormDef {
  return {
    id,
    label,
    submitLabel: 'Upload and insert',
    fields: [
      { name: 'files', label: 'Files', type: 'file', multiple: true, accept: acceptList, hint },
      { name: 'caption', label: 'Caption (optional)', type: 'text' },
      { name: 'text', label: 'Text (optional)', type: 'textarea' },
    ],
    submit: (v, ctx) => insertWithFiles(v, ctx, kinds),
  };
}

export const MEDIA_FORMS: FormDef[] = [
  insertForm(
    'insertMedia',
    'Insert item with files',
    accept(...ANY_SUFFIX),
    undefined,
    'Pictures, video, audio, PDF and text files; others are skipped.',
  ),
  insertForm(
    'insertPhoto',
    'Insert photo item',
    accept(IMAGE_SUFFIXES, HEIC_SUFFIXES),
    ['image', 'heic'],
    'Pictures: jpg, png, gif, webp and the like.',
  ),
  insertForm(
    'insertVideo',
    'Insert video item',
    accept(VIDEO_SUFFIXES),
    ['video'],
    'Video: mp4, webm, mov, ogv and the like.',
  ),
  insertForm(
    'insertAudio',
    'Insert audio item',
    accept(AUDIO_SUFFIXES),
    ['audio'],
    'Audio: mp3, m4a, wav, ogg, flac and the like.',
  ),
];
