import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { ITEM_ANCHOR, NOTE_ANCHOR, type Item, type Multilist } from '@listboard/core';
import { useSession } from '../state/session';
import { focusWhenShown } from '../dom';
import { newOn, newWords, useNewSince } from './whatsNew';

/** A thing's own address on the board: a note's opens its item at it, an item's selects it. */
const anchorOf = (x: Item) =>
  `#${x.annotationClass === 'none' ? ITEM_ANCHOR : NOTE_ANCHOR}${x._id}`;

/**
 * Under a board's title: how many items and notes others wrote since the reader's last visit
 * (whatsNew), and a link that goes to each of them in the board's order, round again.
 */
export function NewSinceLine({ board }: { board: Multilist }) {
  const since = useNewSince((s) => s.since[board._id]);
  const me = useSession((s) => s.user?.username ?? null);
  const fresh = useMemo(() => newOn(board, since, me), [board, since, me]);
  const location = useLocation();
  if (fresh.all.length === 0) return null;
  const at = fresh.all.findIndex((x) => location.hash === anchorOf(x));
  const next = fresh.all[(at + 1) % fresh.all.length] ?? fresh.all[0];
  if (!next) return null;
  return (
    <p className="board-new">
      New since your last visit:{' '}
      {newWords({ items: fresh.items.length, notes: fresh.notes.length })}.{' '}
      <Link
        to={{ pathname: location.pathname, search: location.search, hash: anchorOf(next) }}
        replace
        onClick={() => {
          // A note's address gives it the keyboard (useNoteAnchor); an item's is given it here.
          if (next.annotationClass === 'none')
            focusWhenShown(`article[data-item-id="${next._id}"]`, { scroll: false });
        }}
      >
        {fresh.all.length === 1
          ? 'Show it'
          : at < 0
            ? 'Show the first'
            : at === fresh.all.length - 1
              ? 'Back to the first'
              : 'Show the next'}
      </Link>
    </p>
  );
}
