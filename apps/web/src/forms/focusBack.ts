import { useEffect, useState } from 'react';

/**
 * When a form closes, focus goes back to what opened it, as a dialog gives it back: a keyboard
 * user carries on where they were, where the form's removed field would leave focus on the page's
 * body (the next Tab at the page's start, a phone's page scrolled to its top).
 */

/**
 * The last element that had focus, and when it lost it: a menu's entry hides with its menu just
 * before its form opens. Only a moment ago counts; an element focused long before is not what
 * opened the form.
 */
let lastFocused: Element | null = null;
let lostAt = -Infinity;
const MOMENT_MS = 1000;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      if (e.target instanceof Element && e.target !== document.body) lastFocused = e.target;
    },
    true,
  );
  document.addEventListener(
    'focusout',
    (e) => {
      if (e.target === lastFocused) lostAt = performance.now();
    },
    true,
  );
}

/**
 * Where a form was opened: what had focus, and the items and lists to fall back on, nearest first.
 */
export interface Place {
  opener: Element | null;
  /** The item the form is about, then the one after it and the one before it in its list. */
  items: string[];
  /** The list it is in or about, then the one after it and the one before it on the board. */
  lists: string[];
}

const ITEM = 'article[data-item-id]';
const LIST = 'section[data-list-id]';
const listTitle = (id: string) =>
  Array.from(document.querySelectorAll<HTMLElement>(LIST))
    .find((el) => el.dataset.listId === id)
    ?.querySelector<HTMLElement>('.list-title');

/** The list at the form's place, and its neighbours on the board. */
function listsAround(own: HTMLElement | null, listId: string | null): string[] {
  const all = Array.from(document.querySelectorAll<HTMLElement>(LIST));
  const at = all.findIndex((el) => el === own || el.dataset.listId === listId);
  const ids = [listId ?? own?.dataset.listId];
  if (at >= 0) ids.push(all[at + 1]?.dataset.listId, all[at - 1]?.dataset.listId);
  return ids.filter((id): id is string => Boolean(id));
}
const itemElement = (id: string) =>
  Array.from(document.querySelectorAll<HTMLElement>(ITEM)).find((el) => el.dataset.itemId === id);
const shown = (el: Element | null | undefined): el is HTMLElement =>
  el instanceof HTMLElement && el.isConnected && el.getClientRects().length > 0;

/** Called as a form opens, before it takes focus. */
export function rememberPlace(itemId: string | null, listId: string | null = null): Place {
  const active = document.activeElement;
  const opener =
    active && active !== document.body
      ? active
      : performance.now() - lostAt < MOMENT_MS
        ? lastFocused
        : null;
  const own = opener?.closest<HTMLElement>(ITEM) ?? (itemId ? (itemElement(itemId) ?? null) : null);
  const inList = Array.from(
    own?.closest('[data-list-id]')?.querySelectorAll<HTMLElement>(ITEM) ?? [],
  );
  const at = own ? inList.indexOf(own) : -1;
  const ids = [itemId ?? own?.dataset.itemId, inList[at + 1]?.dataset.itemId];
  if (at > 0) ids.push(inList[at - 1]?.dataset.itemId);
  return {
    opener,
    items: ids.filter((id): id is string => Boolean(id)),
    lists: listsAround(opener?.closest<HTMLElement>(LIST) ?? null, listId),
  };
}

/**
 * Called as the form closes (or once a control's own change is made): focus goes to the first of
 * the opener, its menu's button (an entry hides with its menu), the items remembered, the lists
 * remembered (their titles) and the board's first list that is on the page. Focus that something
 * else took meanwhile (a page the form opened, a click elsewhere) stays where it is. What was
 * changed reaches the page afterwards (a live event, a reload): when that takes the focused
 * element away (a note answered leaves Pending notes, an item or a list deleted, Mark answered
 * gone from an answered note), or when none was there yet (a board's first list, still on its
 * way), focus moves on to the next one there, for a few seconds or until the user moves it.
 */
/** The focus-backs still following a place, each by its stop. */
const following = new Set<() => void>();

/** Stops every focus-back still following its place (after each test: the page is torn down). */
export function stopFocusBacks(): void {
  for (const stop of [...following]) stop();
}

export function giveFocusBack(place: Place): void {
  // The page it began on: its 5 s timer may end after that page (a test's document) has gone.
  const doc = document;
  const now = doc.activeElement;
  let moving = false;
  // An element can be laid out and still refuse focus (an entry of a closed menu): the first
  // that takes it.
  const focusFirst = () => {
    moving = true;
    const target = [
      place.opener,
      place.opener?.closest('details')?.querySelector('summary'),
      ...place.items.map(itemElement),
      ...place.lists.map(listTitle),
      doc.querySelector(`${LIST} .list-title`),
    ].find((el) => {
      if (!shown(el)) return false;
      el.focus();
      return doc.activeElement === el;
    });
    moving = false;
    return target;
  };
  // Still on the control that acted: it is followed if it goes. On the page's body: the first
  // that is there, or comes. Elsewhere: left alone.
  const lost = !now || now === doc.body;
  let held = now === place.opener && shown(now) ? now : lost ? focusFirst() : undefined;
  if (!held && !lost) return;
  const watch = new MutationObserver(() => {
    if (held?.isConnected) return;
    const active = doc.activeElement;
    if (active && active !== doc.body) stop();
    else held = focusFirst();
  });
  const moved = (e: FocusEvent) => {
    if (!moving && e.target !== held) stop();
  };
  const stop = () => {
    following.delete(stop);
    watch.disconnect();
    clearTimeout(timer);
    doc.removeEventListener('focusin', moved, true);
  };
  const timer = setTimeout(stop, 5000);
  following.add(stop);
  watch.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener('focusin', moved, true);
}

/**
 * A form's or panel's place, taken as it opens (before it takes focus), and focus given back
 * there when it closes. `itemId`, `listId`: the item and list it is about, if any.
 */
export function useFocusBack(itemId: string | null = null, listId: string | null = null): void {
  const [place] = useState(() => rememberPlace(itemId, listId));
  useEffect(() => () => giveFocusBack(place), [place]);
}
