/**
 * Add to my home board: a link to the board on screen, put at the end of the first list of the
 * user's home board, where that board's first item asks links to go ("Put links to boards here,
 * one item each"). A student who opened a course from a link keeps it in one step, and finds it
 * there the next time they open the app. A board linked from the home board already is not
 * added again; an unlisted board, or one behind a password, is linked in a private item.
 */
import {
  BLANK_BOARD_DESCRIPTION,
  homeMsg,
  markdownLiteral,
  parseAddress,
  pathTitle,
  type Multilist,
} from '@listboard/core';
import type { ChangeCall } from '../api/client';
import { loadHomeBoard } from './useBoards';
import { boardHref } from './itemLink';
import { useInfo } from '../state/info';

/** What a board's link on the home board is made of. */
type LinkedBoard = Pick<
  Multilist,
  'owner' | 'ptitle' | 'title' | 'description' | 'listed' | 'hasPassword'
>;

/**
 * Whether a link to `board` goes on the home board as a private item (its maker's alone): the
 * home board is listed, and a link there would give anyone who reads it the address of an
 * unlisted board, which is all that keeps it from them, or the description a password hides.
 */
const privateLink = (board: Pick<LinkedBoard, 'listed' | 'hasPassword'>) =>
  !board.listed || board.hasPassword;

/** Longest description kept under the link; a longer one is cut at a word. */
const DESCRIPTION_MAX = 200;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * The item that links to `board`: its title as a link in bold (and its owner, when it is
 * someone else's), then its description.
 */
export function homeItemText(board: LinkedBoard, username: string): string {
  const link = `[${markdownLiteral(board.title)}](${boardHref(board)})`;
  const head = board.owner === username ? `**${link}**` : `**${link}** by ${board.owner}`;
  const description = board.description.trim();
  return description && description !== BLANK_BOARD_DESCRIPTION
    ? `${head}\n\n${shortened(description)}`
    : head;
}

/**
 * Whether `text` is an item for `board`: one that begins with a link to it (alone, or in a chain
 * of boards; as a heading, in bold, or plain), as the items on a home board do. A link further
 * in, as in the home board's example, is only a mention.
 */
export function linksTo(text: string, board: Pick<Multilist, 'owner' | 'ptitle'>): boolean {
  const href = /^\s*(?:#{1,6}\s+)?(?:\*\*|__)?\[(?:\\.|[^\]\\])*\]\(\s*<?([^)\s>]+)/.exec(
    text,
  )?.[1];
  if (!href?.startsWith('/')) return false;
  return parseAddress(href).segments.some(
    (s) => s.owner === board.owner && pathTitle(s.title) === board.ptitle,
  );
}

/** Whether an item of `home` is for `board` already (linksTo). */
export const linkedFrom = (home: Multilist, board: Pick<Multilist, 'owner' | 'ptitle'>) =>
  home.lists.some((l) => l.items.some((i) => linksTo(i.text, board)));

/**
 * Adds `board` to `username`'s home board. What to say: `done` once it is added; otherwise why
 * not (null when the call failed, which the call has alerted already).
 */
export async function addToHome(
  board: LinkedBoard,
  username: string,
  call: ChangeCall,
): Promise<{ done: boolean; text: string } | null> {
  const home = await loadHomeBoard(username);
  if (!home) return { done: false, text: homeMsg.noHome };
  if (linkedFrom(home, board)) return { done: false, text: homeMsg.already(board.title) };
  const list = home.lists[0];
  if (!list) return { done: false, text: homeMsg.noList };
  const res = await call(
    '/api/forms/insert_item',
    {
      listId: list._id,
      text: homeItemText(board, username),
      ...(privateLink(board) ? { isPrivate: true } : {}),
    },
    'add to home board',
  );
  return res.ok ? { done: true, text: homeMsg.added(board.title) } : null;
}

/**
 * A board just made (New board, Duplicate board: their box is checked unless one unchecks it),
 * linked from its maker's home board; what was done is said on the new board, where the page
 * goes next.
 */
export async function linkFromHome(
  board: LinkedBoard,
  username: string,
  call: ChangeCall,
): Promise<void> {
  const said = await addToHome(board, username, call);
  if (said) useInfo.getState().show(said.text, undefined, boardHref(board));
}
