/**
 * The board's Insight: its page, the Course grades page and its Discussion (the Annotate menu),
 * and the heat view that shades the board's items by how many notes they drew (the View menu),
 * for the board's authors (core/policy 'insight'; its Discussion, its owner's).
 */
import { ChartColumn, Flame, GraduationCap, MessageSquareText } from 'lucide-react';
import { mayListFor, type PublicUser } from '@listboard/core';
import type { Command, CommandContext } from './registry';
import { needList, signedIn } from './helpers';
import { boardHref } from '../board/itemLink';
import {
  NOTES_ON_OWN_BOARDS,
  boardParam,
  listingHref,
  type CustomCode,
  type NoteOrder,
} from '@listboard/core/api/search';

const offered = (c: CommandContext) =>
  !c.results && c.board !== null && !c.board.locked && c.abilities?.insight === true;

/**
 * Where a board's Discussion is for `user`, narrowed to one reader group's notes or one
 * reader's (`writer`) if given: its owner's, when they may open it; else their own, when they
 * answer the board's notes as a coauthor or an editor (core policy 'moderate', the board's
 * `abilities`); else none. `code`: its Pending notes, or another listing of the notes on one's
 * boards (My notes: every status at once).
 */
export function boardDiscussionHref(
  user: PublicUser | null,
  board: { owner: string; ptitle: string; abilities?: { moderate?: boolean } | null },
  only: { list?: string; group?: string; tag?: string; writer?: string } = {},
  code: 'pending' | 'myNotes' = 'pending',
): string | null {
  if (!user) return null;
  const lister = mayListFor(user, board.owner)
    ? board.owner
    : board.abilities?.moderate === true
      ? user.username
      : null;
  return lister && listingHref(lister, code, { board: boardParam(lister, board), ...only });
}

/**
 * `user`'s own Notes (their notes and replies, with the replies to them) on one board open to
 * them, or on every board (`board` null), with one tag if given: a student's notes on one course
 * board.
 */
export const ownNotesHref = (
  user: PublicUser | null,
  board: { owner: string; ptitle: string } | null,
  only: { tag?: string } = {},
): string | null =>
  user &&
  listingHref(user.username, 'notes', {
    board: board ? boardParam(user.username, board) : undefined,
    tag: only.tag,
  });

/**
 * What a note's badge, tag or writer's name narrows the notes to (a tag's `mine`: in a note or
 * reply of the caller's own).
 */
export type NotesOf = { group: string } | { tag: string; mine?: boolean } | { writer: string };

/**
 * Where a note's group badge, a tag in its words or its writer's name leads: the notes of that
 * group, with that tag or by that writer. On a listing of the notes on one's boards (Discussion,
 * My notes), the same listing narrowed to it as well (a group only if the listing offers it); on
 * a board, a group's or a tag's to its Discussion of that group or tag, for whoever answers its
 * notes (boardDiscussionHref); a tag to one's own Notes of it, on them (keeping to their board)
 * and, for a reader, from their own writing on a board (on that board); elsewhere (search results, others' tags to a reader, a writer's
 * name on a board) nowhere.
 */
export function notesOfHref(
  user: PublicUser | null,
  board: {
    owner: string;
    ptitle: string;
    abilities?: { moderate?: boolean } | null;
    onBoard?: { owner: string; ptitle: string; list?: { _id: string } };
    noteGroups?: { choices: string[]; only?: string };
    onTag?: string;
    onWriter?: { username: string };
    noteOrder?: NoteOrder;
  },
  shown: { results: boolean; code: string | null },
  only: NotesOf,
): string | null {
  if (!shown.results) {
    if ('writer' in only) return null;
    const discussion = boardDiscussionHref(user, board, only);
    return (
      discussion ??
      ('tag' in only && only.mine ? ownNotesHref(user, board, { tag: only.tag }) : null)
    );
  }
  const { code } = shown;
  if (code === 'notes' && 'tag' in only)
    return ownNotesHref(user, board.onBoard ?? null, { tag: only.tag });
  if (!code || !NOTES_ON_OWN_BOARDS.includes(code as CustomCode)) return null;
  if ('group' in only && !board.noteGroups?.choices.includes(only.group)) return null;
  return listingHref(board.owner, code, {
    board: board.onBoard && boardParam(board.owner, board.onBoard),
    list: board.onBoard?.list?._id,
    group: board.noteGroups?.only,
    tag: board.onTag,
    writer: board.onWriter?.username,
    order: board.noteOrder,
    ...only,
  });
}

const discussionOf = (c: CommandContext, list?: string) =>
  c.board && boardDiscussionHref(c.user, { ...c.board, abilities: c.abilities }, { list });

/** The Insight page's address for a board. */
export const insightHref = (board: { owner: string; ptitle: string }) =>
  `${boardHref(board)}/insight`;

/** The Course grades page's address, from a board's address ('/owner/board'). */
export const gradesHref = (address: string) => `${address}/grades`;

export const INSIGHT_COMMANDS: Command[] = [
  {
    id: 'insight',
    label: 'Insight',
    group: 'annotate',
    icon: ChartColumn,
    visible: offered,
    run: (c) => {
      if (c.board) c.actions.navigate(insightHref(c.board));
    },
  },
  {
    // The Discussion narrowed to this board: its owner's (or a site admin's) to open, and each
    // coauthor's and editor's own (a contributor-only coauthor, who answers no notes, has none).
    id: 'boardDiscussion',
    label: 'Discussion of this board',
    group: 'annotate',
    icon: MessageSquareText,
    visible: (c) => !c.results && c.board !== null && discussionOf(c) !== null,
    run: (c) => {
      const href = discussionOf(c);
      if (href) c.actions.navigate(href);
    },
  },
  {
    // Ours: what one wrote on this board, with the answers (their Notes, narrowed to it).
    id: 'boardNotes',
    label: 'Your notes on this board',
    group: 'annotate',
    visible: (c) => !c.results && c.board !== null && !c.board.locked && signedIn(c),
    run: (c) => {
      const href = c.board && ownNotesHref(c.user, c.board);
      if (href) c.actions.navigate(href);
    },
  },
  {
    // Ours: a week's notes on their own (the list selected).
    id: 'listDiscussion',
    label: 'Discussion of this list',
    group: 'annotate',
    visible: (c) => !c.results && c.board !== null && discussionOf(c) !== null,
    run: (c) =>
      needList(c, (listId) => {
        const href = discussionOf(c, listId);
        if (href) c.actions.navigate(href);
      }),
  },
  {
    id: 'courseGrades',
    label: 'Course grades',
    group: 'annotate',
    icon: GraduationCap,
    visible: offered,
    run: (c) => {
      if (c.board) c.actions.navigate(gradesHref(boardHref(c.board)));
    },
  },
  {
    id: 'heatView',
    label: 'Heat view',
    group: 'view',
    icon: Flame,
    visible: offered,
    pressed: (c) => c.display.heatView,
    run: (c) => c.actions.setDisplay({ heatView: !c.display.heatView }),
  },
];
