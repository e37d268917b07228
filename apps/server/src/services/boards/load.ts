import { and, eq, or } from 'drizzle-orm';
import {
  parseAddress,
  pathTitle,
  type Item,
  type List,
  type Multilist,
  must,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { multilists } from '../../db/schema';
import { extrasOf, forgetContent } from './content';
import { asLocked, sharedItem, toItem, toList, toMultilist } from './present';
import { packItem } from '@listboard/core/api/packed';
import { forgetAnswers, keepAnswer, keptAnswer } from './answers';
import type { ItemRow, ListRow } from './rows';
import { boardWithMembers, preparedFor } from './load-queries';
import { contentOf, prepare, walk, type FoundBoard, type LoadContext } from './prepared';

export type { LoadContext } from './prepared';

/** Splits every address (chained with ';' or not) into board keys, keeping order and dropping repeats. */
export function addressesToKeys(addresses: string[]): { owner: string; ptitle: string }[] {
  const seen = new Set<string>();
  const keys: { owner: string; ptitle: string }[] = [];
  for (const address of addresses) {
    for (const seg of parseAddress(address).segments) {
      const key = { owner: seg.owner, ptitle: pathTitle(seg.title) };
      const k = `${key.owner}/${key.ptitle}`;
      if (!seen.has(k)) {
        seen.add(k);
        keys.push(key);
      }
    }
  }
  return keys;
}

/**
 * Loads whole boards with their lists, items, blocks, markers and the caller's view states,
 * in the order asked. Missing boards are left out and logged (spec section 8), never an error.
 * A fixed number of queries whatever the board size: one per table.
 */
export async function loadMultilists(
  db: Db,
  addresses: string[],
  ctx: LoadContext,
): Promise<Multilist[]> {
  const found = await findBoards(db, addresses, ctx);
  return found.length === 0 ? [] : assembleBoards(db, found, ctx);
}

/**
 * loadMultilists as JSON text with a fingerprint of everything the answer depends on. When the
 * caller already holds an answer named in `ifNoneMatch`, nothing is written.
 */
export async function loadMultilistsJson(
  db: Db,
  addresses: string[],
  ctx: LoadContext,
  ifNoneMatch: string[] = [],
): Promise<BoardsJson | { notModified: true; fingerprint: string }> {
  const found = await findBoards(db, addresses, ctx);
  if (found.length === 0) return { json: '[]', fingerprint: 'none' };
  return assembleBoardsJson(db, found, ctx, ifNoneMatch);
}

async function findBoards(db: Db, addresses: string[], ctx: LoadContext): Promise<FoundBoard[]> {
  const keys = addressesToKeys(addresses);
  if (keys.length === 0) return [];
  const [one] = keys;
  const boards =
    keys.length === 1 && one
      ? await preparedFor(db).board.execute({ ...one, user: ctx.actor?.id ?? null })
      : await db
          .select(boardWithMembers)
          .from(multilists)
          .where(
            or(
              ...keys.map((k) =>
                and(eq(multilists.owner, k.owner), eq(multilists.ptitle, k.ptitle)),
              ),
            ),
          );
  const byKey = new Map(boards.map((b) => [`${b.owner}/${b.ptitle}`, b]));
  for (const k of keys) {
    if (!byKey.has(`${k.owner}/${k.ptitle}`)) ctx.log?.(`board not found: ${k.owner}/${k.ptitle}`);
  }
  return keys.flatMap((k) => byKey.get(`${k.owner}/${k.ptitle}`) ?? []);
}

export async function assembleBoards(
  db: Db,
  boards: FoundBoard[],
  ctx: LoadContext,
): Promise<Multilist[]> {
  const p = await prepare(db, boards, ctx);
  return walk<Item, List, Multilist>(p, {
    item(row, list, indexInBoard, notes) {
      const c = contentOf(p, row.multilistId);
      const item = toItem(row, { listIndex: list.index, indexInBoard }, extrasOf(c, row.id));
      item.viewstate = p.viewstate.get(`item:${row.id}`) ?? {};
      item.notes = notes;
      if (p.voted.has(row.id)) item.voted = true;
      return item;
    },
    list: (l, listItems) => toList(l, listItems, p.viewstate.get(`list:${l.id}`) ?? {}),
    board(b, boardLists, sections, locked) {
      const board = toMultilist(
        b,
        p.membersByBoard.get(b.id) ?? [],
        boardLists,
        sections,
        p.viewstate.get(`multilist:${b.id}`) ?? {},
        ctx,
      );
      return locked ? asLocked(board) : board;
    },
  });
}

/** Forgets cached board content and answers, e.g. to measure cold loads. */
export function clearContentCache(db: Db): void {
  forgetContent(db);
  forgetAnswers(db);
}

/** A view state as JSON: most items have none. */
const viewstateJson = (state: Record<string, unknown> | undefined) =>
  state ? JSON.stringify(state) : '{}';

/** An answer as JSON text, with the fingerprint that names it (for ETags). */
export interface BoardsJson {
  json: string;
  fingerprint: string;
}

/**
 * The same answer as assembleBoards, as JSON text. Each item's shared part is serialised once
 * per board version and kept with the board's content, so a request only joins strings and adds
 * its own parts (position, view state, the notes it may see). A 2,000-item board then costs a
 * few milliseconds to answer instead of building and serialising every object again.
 */
export async function assembleBoardsJson(
  db: Db,
  boards: FoundBoard[],
  ctx: LoadContext,
  ifNoneMatch: string[] = [],
): Promise<BoardsJson | { notModified: true; fingerprint: string }> {
  const p = await prepare(db, boards, ctx);
  if (ifNoneMatch.includes(p.fingerprint)) return { notModified: true, fingerprint: p.fingerprint };
  const kept = keptAnswer(db, p.fingerprint);
  if (kept !== undefined) return { json: kept, fingerprint: p.fingerprint };
  const form = ctx.form ?? 'full';
  const packed = form === 'packed';
  const owners = new Map(boards.map((b) => [b.id, b.owner]));
  // An item's shared part, without its closing brace, in the form asked.
  const shared = (row: ItemRow, list: ListRow) => {
    const c = contentOf(p, row.multilistId);
    let forms = c.json.get(row.id);
    if (!forms) c.json.set(row.id, (forms = {}));
    let text = forms[form];
    if (text === undefined) {
      const item = sharedItem(row, list.index, extrasOf(c, row.id));
      const place = {
        multilistId: row.multilistId,
        boardOwner: must(owners.get(row.multilistId), 'the board of an item'),
        listId: list.id,
        listIndex: list.index,
      };
      text = JSON.stringify(packed ? packItem(item, place) : item).slice(0, -1);
      forms[form] = text;
    }
    return text;
  };
  // The packed form leaves out what a reader can tell (core/api/packed.ts unpackBoards): an
  // item's place in the board is the count of the board's items before it (walk counts them so),
  // a note's is -1; no view state; no notes.
  // What the caller marked helpful is theirs alone, so it is never in the shared part.
  const perViewer = (indexInBoard: number, state: string, notes: string[], voted: boolean) =>
    packed
      ? `${state === '{}' ? '' : `,"viewstate":${state}`}${notes.length ? `,"notes":[${notes.join(',')}]` : ''}${voted ? ',"voted":true' : ''}}`
      : `,"indexInBoard":${indexInBoard},"viewstate":${state},"notes":[${notes.join(',')}]${voted ? ',"voted":true' : ''}}`;
  const boardsJson = walk<string, string, string>(p, {
    item: (row, list, indexInBoard, notes) =>
      `${shared(row, list)}${perViewer(
        indexInBoard,
        viewstateJson(p.viewstate.get(`item:${row.id}`)),
        notes,
        p.voted.has(row.id),
      )}`,
    list(l, listItems) {
      const { items: _i, ...rest } = toList(l, [], p.viewstate.get(`list:${l.id}`) ?? {});
      return `${JSON.stringify(rest).slice(0, -1)},"items":[${listItems.join(',')}]}`;
    },
    board(b, boardLists, sections, locked) {
      const shown = toMultilist(
        b,
        p.membersByBoard.get(b.id) ?? [],
        [],
        sections,
        p.viewstate.get(`multilist:${b.id}`) ?? {},
        ctx,
      );
      const { lists: _l, ...rest } = locked ? asLocked(shown) : shown;
      return `${JSON.stringify(rest).slice(0, -1)},"lists":[${boardLists.join(',')}]}`;
    },
  });
  const json = `[${boardsJson.join(',')}]`;
  keepAnswer(db, p.fingerprint, json);
  return { json, fingerprint: p.fingerprint };
}
