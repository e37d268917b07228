/**
 * A note at a place in the item's media: the Note form opened on an item whose recording has
 * been played offers “At 1:05 of the recording”, ticked, the moment taken as the form opens (the
 * recording may play on while the note is written); on an item with a PDF of more than one page,
 * “On page 2 of the PDF”, ticked once the reader has turned past the first. The note then keeps
 * that place (core MediaHighlight, PageHighlight) and leads back to it (board/NotePlace.tsx).
 */
import { placeWords, upperFirst, type Highlight } from '@listboard/core';
import type { Field, FormContext, Values } from './registry';
import { findItem, highlightOf } from './helpers';
import { playerOf } from '../media/players';
import { pdfOf } from '../media/pdfs';

/** Less than this far in, nothing has been played: the note is on the item. */
const PLAYED_SECONDS = 0.5;

/** The place the form's values hold: the recording's moment or the PDF's page, and its block. */
function placeIn(v: Values, blocks: readonly { _id?: string }[] = []): Highlight | null {
  if (typeof v.place !== 'number') return null;
  const id = typeof v.placeBlock === 'string' && v.placeBlock ? v.placeBlock : null;
  const index = id ? blocks.findIndex((b) => b._id === id) : -1;
  const block = id && index >= 0 ? { block: { id, index } } : {};
  return v.placeKind === 'page'
    ? { page: v.place, ...block }
    : { startTime: v.place, endTime: v.place, ...block };
}

export const PLACE_FIELD: Field = {
  name: 'atPlace',
  label: 'At this place of the item’s media',
  labelOf: (v) => upperFirst(placeWords(placeIn(v)) ?? ''),
  type: 'checkbox',
  shownWhen: (v) => typeof v.place === 'number',
};

/**
 * The place the item's media are at as the form opens, when no words are selected: the values
 * that offer it (ticked when the reader has gone into it).
 */
export function placeValues(ctx: FormContext): Values {
  const item = findItem(ctx);
  if (!item || highlightOf(ctx)) return {};
  const player = playerOf(item._id);
  const at = player?.currentTime() ?? 0;
  if (player && at >= PLAYED_SECONDS)
    return {
      place: Math.round(at * 10) / 10,
      placeKind: 'moment',
      placeBlock: player.blockId ?? '',
      atPlace: true,
    };
  const pdf = pdfOf(item._id);
  if (pdf && pdf.pages() > 1)
    return {
      place: pdf.page(),
      placeKind: 'page',
      placeBlock: pdf.blockId ?? '',
      atPlace: pdf.page() > 1,
    };
  return {};
}

/** The place the note keeps, if the form offered one and it is still ticked. */
export function placeOf(
  v: Values,
  item: { blocks: readonly { _id?: string }[] },
): Highlight | null {
  return v.atPlace ? placeIn(v, item.blocks) : null;
}
