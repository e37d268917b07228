import { boardMsg, type Multilist } from '@listboard/core';
import type { Display } from '../state/ui';
import type { LinkActions, SpecialLinkKind } from './links';
import { labelLinkAction } from './labelLinks';

export interface BoardLinkDeps {
  /** The element holding the boards, to find a section's list in. */
  root: HTMLElement | null;
  boards: Multilist[];
  showNotes: Display['showNotes'];
  navigate: (to: string) => void;
  alert: (text: string) => void;
  toggleList: (title: string) => void;
  toggleLabel: (label: string) => void;
  toggleTag: (tag: string) => void;
  /** Runs a `^name()` function link: the command of that id, which says so if it cannot run. */
  runFunction: (name: string) => void;
}

/**
 * Asks a board (its `[data-board]` element) to bring in a list it has not drawn; the detail is
 * the list's path-title, and a board that holds it cancels the event.
 */
export const SHOW_LIST_EVENT = 'listboard:show-list';

/** Brings the list whose path-title is `anchor` into view, in whichever loaded board holds it. */
export function scrollToList(root: HTMLElement | null, anchor: string): void {
  if (!root) return;
  const lists = root.querySelectorAll<HTMLElement>('[data-anchor]');
  const target = [...lists].find((el) => el.dataset.anchor === anchor);
  if (target) {
    target.scrollIntoView({ behavior: 'smooth', inline: 'start', block: 'nearest' });
    return;
  }
  // A wide board draws only the lists near the screen: the board that holds it scrolls to it.
  const boards = root.matches('[data-board]')
    ? [root]
    : [...root.querySelectorAll<HTMLElement>('[data-board]')];
  for (const b of boards) {
    const ask = new CustomEvent(SHOW_LIST_EVENT, { detail: anchor, cancelable: true });
    if (!b.dispatchEvent(ask)) return;
  }
}

/**
 * What each link kind does on the board screen. The `@label`, `!tag` and `^function` kinds go
 * through one map, so a new special kind is one more entry.
 */
export function boardLinkActions(deps: BoardLinkDeps): LinkActions {
  const labelOrTag = (kind: 'label' | 'tag', name: string) => {
    const refused = labelLinkAction(kind, name, deps.boards, deps.showNotes);
    if (refused) deps.alert(refused);
    else if (kind === 'label') deps.toggleLabel(name);
    else deps.toggleTag(name);
  };
  const special: Record<SpecialLinkKind, (detail: string) => void> = {
    label: (name) => labelOrTag('label', name),
    tag: (name) => labelOrTag('tag', name),
    func: (name) => deps.runFunction(name),
  };
  return {
    toggleList(title) {
      if (deps.boards.some((b) => b.lists.some((l) => l.title === title))) deps.toggleList(title);
      else deps.alert(boardMsg.noLabelWithLabel);
    },
    navigate: deps.navigate,
    scrollToList: (anchor) => scrollToList(deps.root, anchor),
    openTab: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    other: (kind, detail) => special[kind](detail),
  };
}
