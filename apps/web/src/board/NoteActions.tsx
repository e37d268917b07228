import { ThumbsUp } from 'lucide-react';
import type { Item } from '@listboard/core';
import type { NoteButton } from '../commands/noteControls';

const NOTE_ACTION_LABELS: Record<NoteButton, string> = {
  reply: 'Reply',
  helpful: 'Helpful',
  link: 'Copy link',
  edit: 'Edit',
  versions: 'Earlier words',
  answer: 'Mark answered',
  dismiss: 'Dismiss',
  delete: 'Delete',
};

/** "3 readers", "1 reader": how many marked a note helpful, as a title says it. */
const readers = (n: number) => `${n} ${n === 1 ? 'reader' : 'readers'}`;

/**
 * A note's buttons. Helpful is a toggle (pressed once the caller has marked the note) with the
 * note's count beside it; where the caller may not mark it (their own note, a results page) the
 * count alone shows, once someone has.
 */
export function NoteActions({
  note,
  actions,
  onAction,
  about,
}: {
  note: Item;
  actions: NoteButton[];
  onAction: (action: NoteButton) => void;
  /** The ids of the note's writer and words: each button is described by them. */
  about: string;
}) {
  const votes = note.votes ?? 0;
  const count = votes > 0 && !actions.includes('helpful');
  if (actions.length === 0 && !count) return null;
  return (
    <span className="note-actions">
      {count ? (
        <span className="helpful-count" title={`Marked helpful by ${readers(votes)}`}>
          <ThumbsUp size={12} aria-hidden="true" /> {votes} helpful
        </span>
      ) : null}
      {actions.map((action) =>
        action === 'helpful' ? (
          <button
            key={action}
            type="button"
            className="helpful"
            aria-pressed={note.voted === true}
            aria-label={votes > 0 ? `Helpful ${votes}` : 'Helpful'}
            aria-describedby={about}
            title={
              votes > 0
                ? `Marked helpful by ${readers(votes)}${note.voted ? ', you among them' : ''}`
                : 'Mark this helpful'
            }
            onClick={() => onAction(action)}
          >
            {/* The pill is drawn inside: the button's target is 44 px on a phone, the pill not. */}
            <span className="pill">
              <ThumbsUp size={12} aria-hidden="true" /> Helpful
              {votes > 0 ? <span className="helpful-votes">{votes}</span> : null}
            </span>
          </button>
        ) : (
          <button
            key={action}
            type="button"
            // Every note has its Reply: a screen reader hears whose note and what it says.
            aria-describedby={about}
            onClick={() => onAction(action)}
          >
            {NOTE_ACTION_LABELS[action]}
          </button>
        ),
      )}
    </span>
  );
}
