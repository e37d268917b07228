/**
 * A custom search of the Listings and Discussion pages (`?code=pending&username=…`, with what
 * narrows it: one board, one list of it, one reader group, one tag, one writer, an order, a page)
 * as its results board, for `lister`: what load_search answers and a listing's export writes.
 */
import { clampPage, notATag, tagOf, type AppVersion, type Multilist } from '@listboard/core';
import {
  BOARD_LISTINGS,
  NOTE_ORDERS,
  NARROWED_LISTINGS,
  isCustomCode,
  type CustomCode,
} from '@listboard/core/api/search';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { Actor } from '../accounts/users';
import { answeredBoard, answeredList } from '../notes/answered-boards';
import { customHits, followedBoards, listsOwnBoards, noteGroupsOn, resultsBoard } from './custom';
import { openBoard } from './board-hits';
import { writerOf } from './listing-scope';

/** The listing's code, read from its address: a 400 for none or an unknown one. */
export function listingCode(params: URLSearchParams): CustomCode {
  const code = params.get('code');
  if (!code || !isCustomCode(code)) throw badRequest(`Unknown search code: ${code ?? '(none)'}`);
  return code;
}

export async function customListing(
  db: Db,
  lister: { actor: Actor; username: string },
  params: URLSearchParams,
  session: { sessionId: string | null; appVersion?: AppVersion },
): Promise<Multilist> {
  const username = lister.username;
  const code = listingCode(params);
  // One board they own, coauthor or edit may narrow the notes on their boards (a Discussion of
  // one board); any board open to them, their own Notes (a student's notes on one course board).
  const only = params.get('board');
  const board =
    only === null || !NARROWED_LISTINGS.includes(code)
      ? null
      : listsOwnBoards(code)
        ? await answeredBoard(db, username, only)
        : await openBoard(db, { actor: lister.actor, ...session }, username, only);
  // And one list of it (a Discussion of one week).
  const listParam = board ? params.get('list') : null;
  const list = board && listParam ? await answeredList(db, board.id, listParam) : null;
  // Past the first page, the older entries (a listing of notes reads NOTES_LISTED at a time;
  // one of boards lists them whole).
  const page = BOARD_LISTINGS.includes(code) ? 0 : clampPage(Number(params.get('page') ?? 0));
  // And one reader group may narrow them (a class in sections: one section's notes).
  const group = (listsOwnBoards(code) && params.get('group')?.trim()) || undefined;
  // And the threads with one tag (`#question`: a class's questions together; a student's
  // own notes tagged #evidence).
  const tagParam = (NARROWED_LISTINGS.includes(code) && params.get('tag')?.trim()) || undefined;
  const tag = tagParam === undefined ? undefined : tagOf(tagParam);
  if (tag === null) throw badRequest(notATag(tagParam ?? ''));
  // And one reader's notes alone (a teacher reading one student's).
  const writerName = (listsOwnBoards(code) && params.get('writer')?.trim()) || undefined;
  const writer = writerName === undefined ? null : await writerOf(db, writerName);
  // And most marked helpful first, if asked (newest first otherwise).
  const order = listsOwnBoards(code)
    ? NOTE_ORDERS.find((o) => o === params.get('order'))
    : undefined;
  // Taken before the entries are read: a change after it reaches the page live.
  const readAt = new Date();
  const [{ hits, more }, groups] = await Promise.all([
    customHits(db, { actor: lister.actor, ...session }, code, username, {
      board: board?.id,
      list: list?._id,
      group,
      tag,
      writer: writer?.username,
      order,
      page,
    }),
    listsOwnBoards(code) ? noteGroupsOn(db, username, board?.id) : null,
  ]);
  return resultsBoard(username, code, hits, {
    follows: board
      ? [{ _id: board.id, version: board.version }]
      : await followedBoards(db, code, username, hits),
    readAt,
    more,
    page,
    ...(board && {
      onBoard: {
        owner: board.owner,
        title: board.title,
        ptitle: board.ptitle,
        ...(list && { list }),
        ...(board.noteTags.length > 0 && { noteTags: board.noteTags }),
      },
    }),
    ...(groups && { noteGroups: { choices: groups, only: group } }),
    ...(tag && { onTag: tag }),
    ...(writer && { onWriter: writer }),
    ...(order && { noteOrder: order }),
  });
}
