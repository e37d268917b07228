import { Link, useLocation } from 'react-router';
import { ITEM_ANCHOR, NOTE_ANCHOR, type Item } from '@listboard/core';
import { focusWhenShown } from '../dom';
import { newWords, type newOn } from './whatsNew';

/** A thing's own address on the board: a note's opens its item at it, an item's selects it. */
const anchorOf = (x: Item) =>
  `#${x.annotationClass === 'none' ? ITEM_ANCHOR : NOTE_ANCHOR}${x._id}`;

/**
 * Under a board's title: how many items and notes others wrote since the reader's last visit
 * (whatsNew), how many of them answer the reader, and a link that goes to each of them in the
 * board's order, round again; when only some answer the reader, a second link goes to those.
 */
export function NewSinceLine({ fresh }: { fresh: ReturnType<typeof newOn> }) {
  if (fresh.all.length === 0) return null;
  const some = fresh.toYou.length > 0 && fresh.toYou.length < fresh.all.length;
  return (
    <p className="board-new">
      New since your last visit:{' '}
      {newWords({
        items: fresh.items.length,
        notes: fresh.notes.length,
        toYou: fresh.toYou.length,
      })}
      . <GoToEach things={fresh.all} />
      {some ? (
        <>
          {' · '}
          <GoToEach things={fresh.toYou} toYou />
        </>
      ) : null}
    </p>
  );
}

/**
 * A link to the next of `things` after the one the address shows (the first, if it shows none
 * of them), round again. `toYou`: they are the replies to the reader, and it says so.
 */
function GoToEach({ things, toYou = false }: { things: Item[]; toYou?: boolean }) {
  const location = useLocation();
  const at = things.findIndex((x) => location.hash === anchorOf(x));
  const next = things[(at + 1) % things.length] ?? things[0];
  if (!next) return null;
  // "Show it", "Show the next", or, of the replies to the reader, "Show the next reply to you".
  const what = toYou ? ' reply to you' : '';
  const which =
    things.length === 1
      ? toYou
        ? 'Show the reply to you'
        : 'Show it'
      : at < 0
        ? `Show the first${what}`
        : at === things.length - 1
          ? `Back to the first${what}`
          : `Show the next${what}`;
  return (
    <Link
      to={{ pathname: location.pathname, search: location.search, hash: anchorOf(next) }}
      replace
      onClick={() => {
        // A note's address gives it the keyboard (useNoteAnchor); an item's is given it here.
        if (next.annotationClass === 'none')
          focusWhenShown(`article[data-item-id="${next._id}"]`, { scroll: false });
      }}
    >
      {which}
    </Link>
  );
}
