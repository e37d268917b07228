/**
 * A note at a moment of a recording: the Note form opened on an item whose player has been
 * played offers “At 1:05 of the recording”, ticked, the moment taken as the form opens (the
 * recording may play on while the note is written). The note then keeps that moment (core
 * MediaHighlight) and plays the recording from it (board/NoteMoment.tsx).
 */
import { momentLabel, type MediaHighlight } from '@listboard/core';
import type { Field, FormContext, Values } from './registry';
import { findItem, highlightOf } from './helpers';
import { playerOf } from '../media/players';

/** Less than this far in, nothing has been played: the note is on the item. */
const PLAYED_SECONDS = 0.5;

export const MOMENT_FIELD: Field = {
  name: 'atMoment',
  label: 'At this moment of the recording',
  labelOf: (v) => `At ${momentLabel(Number(v.moment))} of the recording`,
  type: 'checkbox',
  shownWhen: (v) => typeof v.moment === 'number',
};

/**
 * The moment the item's recording is at as the form opens, when no words are selected and the
 * reader has played it: the values that offer it, ticked.
 */
export function momentValues(ctx: FormContext): Values {
  const item = findItem(ctx);
  if (!item || highlightOf(ctx)) return {};
  const player = playerOf(item._id);
  const at = player?.currentTime() ?? 0;
  if (!player || !(at >= PLAYED_SECONDS)) return {};
  return { moment: Math.round(at * 10) / 10, momentBlock: player.blockId ?? '', atMoment: true };
}

/** The moment the note keeps, if the form offered one and it is still ticked. */
export function momentOf(
  v: Values,
  item: { blocks: readonly { _id?: string }[] },
): MediaHighlight | null {
  if (!v.atMoment || typeof v.moment !== 'number') return null;
  const id = typeof v.momentBlock === 'string' && v.momentBlock ? v.momentBlock : null;
  const index = id ? item.blocks.findIndex((b) => b._id === id) : -1;
  return {
    startTime: v.moment,
    endTime: v.moment,
    ...(id && index >= 0 && { block: { id, index } }),
  };
}
