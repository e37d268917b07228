import { momentLabel, type Block, type MediaHighlight } from '@listboard/core';
import { playerOf } from '../media/players';

/**
 * A note's moment of a recording (forms/moment.ts): on the board, a button that plays the
 * recording from it; where the recording is not (a listing of notes, a recording taken out of
 * the item since), the moment in words.
 */
export function NoteMoment({
  itemId,
  at,
  blocks,
}: {
  itemId: string;
  at: MediaHighlight;
  /** The item's blocks as the board shows them; null on a listing. */
  blocks: readonly Block[] | null;
}) {
  const when = momentLabel(at.startTime);
  // The recording it was written at (a moment stored without one: the item's first).
  const playable = !!blocks?.some(
    (b) => (b.type === 'video' || b.type === 'audio') && (!at.block?.id || b._id === at.block.id),
  );
  if (!playable) return <span className="quote moment">At {when}</span>;
  return (
    <button
      type="button"
      className="quote moment"
      title={`Play the recording from ${when}`}
      aria-label={`Play from ${when}`}
      onClick={() => playerOf(itemId, at.block?.id)?.playFrom(at.startTime)}
    >
      <span aria-hidden="true">▶</span> {when}
    </button>
  );
}
