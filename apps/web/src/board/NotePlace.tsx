import {
  isMediaHighlight,
  momentLabel,
  type Block,
  type MediaHighlight,
  type PageHighlight,
} from '@listboard/core';
import { playerSoon } from '../media/players';
import { pdfSoon } from '../media/pdfs';

/**
 * A note's place in its item's media (forms/place.ts): on the board, a button that plays the
 * recording from its moment, or turns the PDF to its page; where the item is not (a listing of
 * notes) or no longer shows that recording or PDF, the place in words.
 */
export function NotePlace({
  itemId,
  at,
  blocks,
}: {
  itemId: string;
  at: MediaHighlight | PageHighlight;
  /** The item's blocks as the board shows them; null on a listing. */
  blocks: readonly Block[] | null;
}) {
  const moment = isMediaHighlight(at);
  const short = moment ? momentLabel(at.startTime) : `p. ${String(at.page)}`;
  // The recording or PDF it was written at (a place stored without one: the item's first).
  const shown = !!blocks?.some(
    (b) =>
      (moment ? b.type === 'video' || b.type === 'audio' : b.type === 'document') &&
      (!at.block?.id || b._id === at.block.id),
  );
  if (!shown) return <span className="quote moment">{moment ? `At ${short}` : `On ${short}`}</span>;
  // Pressed before the player or PDF is drawn (its script still coming), it acts once it is.
  const go = async () => {
    if (moment) (await playerSoon(itemId, at.block?.id))?.playFrom(at.startTime);
    else (await pdfSoon(itemId, at.block?.id))?.turnTo(at.page);
  };
  const name = moment ? `Play from ${short}` : `Turn to page ${String(at.page)}`;
  return (
    <button
      type="button"
      className="quote moment"
      title={name}
      aria-label={name}
      onClick={() => void go()}
    >
      {moment && <span aria-hidden="true">▶ </span>}
      {short}
    </button>
  );
}
