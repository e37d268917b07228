import { createHash } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import {
  abilitiesFor,
  parseAddress,
  pathTitle,
  type AppVersion,
  type Item,
  type List,
  type Multilist,
  type SectionInfo,
  type Device,
  boardOpen,
  viewerOf,
  must,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { boardUnlocks, multilists } from '../../db/schema';
import { policyBoard } from './access';
import type { Actor } from '../accounts/users';
import { userGroupNames, visibleBoard } from '../notes/visibility';
import { boardContent, extrasOf, forgetContent, type BoardContent } from './content';
import { asLocked, sharedItem, toItem, toList, toMultilist } from './present';
import { packItem } from '@listboard/core/api/packed';
import { forgetAnswers, keepAnswer, keptAnswer } from './answers';
import { groupBy, type BoardRow, type ItemRow, type ListRow, type MemberRow } from './rows';
import { NONE_SEEN, seenRowsOf, type SeenRows } from './seen-rows';
import { boardWithMembers, preparedFor, type ViewStateOf } from './load-queries';

export interface LoadContext {
  actor: Actor | null;
  appVersion: AppVersion;
  device?: Device;
  /** The form of a JSON answer: full (the default) or packed (core/api/packed.ts). */
  form?: 'full' | 'packed';
  /** Session id, for boards whose password this session has entered. */
  sessionId?: string | null;
  log?: (msg: string) => void;
}

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

/**
 * A board row with the people on it, read together; with the caller's view states on it too
 * when it was found alone.
 */
type FoundBoard = BoardRow & { members: MemberRow[]; viewStates?: ViewStateOf[] };

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

/**
 * Everything one request's view of some boards depends on: the shared content (per board
 * version) and the caller's own parts — membership, unlocks, groups, view states. Built once,
 * then emitted as objects (assembleBoards) or as JSON text (assembleBoardsJson).
 */
interface Prepared {
  boards: BoardRow[];
  content: Map<string, BoardContent>;
  membersByBoard: Map<string, MemberRow[]>;
  locked: Set<string>;
  /** Per board, the item rows this caller may see. */
  visibleRows: Map<string, SeenRows>;
  viewstate: Map<string, Record<string, unknown>>;
  /** Names the answer: equal fingerprints give equal answers, whoever asks. */
  fingerprint: string;
  ctx: LoadContext;
}

/** The content of one of the prepared boards. */
const contentOf = (p: Prepared, boardId: string) =>
  must(p.content.get(boardId), `the content of board ${boardId}`);

/** The caller's view states on the boards: read with them, or else read now. */
async function viewStatesOf(
  db: Db,
  boards: FoundBoard[],
  ctx: LoadContext,
): Promise<ViewStateOf[]> {
  if (!ctx.actor) return [];
  if (boards.every((b) => b.viewStates)) return boards.flatMap((b) => b.viewStates ?? []);
  return preparedFor(db).viewStates.execute({
    user: ctx.actor.id,
    boards: boards.map((b) => b.id),
  });
}

async function prepare(db: Db, boards: FoundBoard[], ctx: LoadContext): Promise<Prepared> {
  const boardIds = boards.map((b) => b.id);
  // The content is mostly cached; it says whether the caller's groups matter (only for notes
  // shared with a group), as the boards say whether unlocks do (only behind a password). What
  // does not matter is not asked for: a cached load of one board is then one round trip after
  // the session (the board's, which brings the caller's view states along).
  const content = await boardContent(db, boards);
  const anyGroupNote = boards.some((b) => content.get(b.id)?.items.some((i) => i.groupName));
  const anyPassword = boards.some((b) => b.passwordHash != null);
  const memberRows = boards.flatMap((b) => b.members);
  const [unlockRows, vsRows, myGroups] = await Promise.all([
    ctx.sessionId && anyPassword
      ? db
          .select({ id: boardUnlocks.multilistId })
          .from(boardUnlocks)
          .where(
            and(
              eq(boardUnlocks.sessionId, ctx.sessionId),
              inArray(boardUnlocks.multilistId, boardIds),
            ),
          )
      : [],
    viewStatesOf(db, boards, ctx),
    ctx.actor && anyGroupNote ? userGroupNames(db, ctx.actor.id) : [],
  ]);
  const membersByBoard = groupBy(memberRows, (m) => m.multilistId);
  const unlocked = new Set(unlockRows.map((u) => u.id));
  const device = ctx.device ?? 'desktop';
  const policyOf = new Map(
    boards.map((b) => [b.id, policyBoard(b, membersByBoard.get(b.id) ?? [])]),
  );
  const policy = (id: string) => must(policyOf.get(id), `the policy of board ${id}`);
  const seenAs = new Map(boards.map((b) => [b.id, visibleBoard(b, policy(b.id))]));
  const seen = (id: string) => must(seenAs.get(id), `board ${id}`);
  const viewer = viewerOf(ctx.actor, myGroups, unlocked);
  const locked = new Set(boards.filter((b) => !boardOpen(viewer, seen(b.id))).map((b) => b.id));
  // Visible rows per board; the answer is a function of these and the parts below, so their
  // digest names it: callers who would get the same text get the same name.
  const visibleRows = new Map(
    boards.map((b) => {
      const c = content.get(b.id);
      if (locked.has(b.id) || !c) return [b.id, NONE_SEEN] as const;
      return [b.id, seenRowsOf(c, viewer, seen(b.id), { appVersion: ctx.appVersion, device })];
    }),
  );
  const abilities = new Map(
    boards.map((b) => [
      b.id,
      abilitiesFor(ctx.actor, policy(b.id), { appVersion: ctx.appVersion }),
    ]),
  );
  const digest = createHash('sha1').update(
    JSON.stringify([
      boards.map((b) => [b.id, b.version, locked.has(b.id), abilities.get(b.id)]),
      memberRows.map((m) => [m.multilistId, m.kind, m.username, m.privileges]).sort(),
      vsRows.map((v) => [v.kind, v.targetId, v.state]).sort(),
    ]),
  );
  for (const seenRows of visibleRows.values()) digest.update(seenRows.digest);
  // Each form of the same answer is an answer of its own (its tag, its kept and compressed copies).
  const fingerprint = `${digest.digest('base64url')}${ctx.form === 'packed' ? '.p' : ''}`;
  return {
    boards,
    content,
    membersByBoard,
    locked,
    visibleRows,
    viewstate: new Map(vsRows.map((v) => [`${v.kind}:${v.targetId}`, v.state])),
    fingerprint,
    ctx,
  };
}

/**
 * Walks the prepared boards in order and hands each list, item and note to an emitter, so the
 * object and the JSON forms of an answer cannot drift apart.
 */
function walk<I, L, B>(
  p: Prepared,
  emit: {
    item(row: ItemRow, list: ListRow, indexInBoard: number, notes: I[]): I;
    list(row: ListRow, items: I[]): L;
    board(row: BoardRow, lists: L[], sections: SectionInfo[], locked: boolean): B;
  },
): B[] {
  return p.boards.map((b) => {
    const c = contentOf(p, b.id);
    const locked = p.locked.has(b.id);
    const { rows } = must(p.visibleRows.get(b.id), `the rows of board ${b.id}`);
    // Notes, annotations and replies travel with the item they hang off, oldest first.
    const itemsByList = groupBy(
      rows.filter((i) => i.annotationClass === 'none'),
      (i) => i.listId,
    );
    const threadByRoot = groupBy(
      rows
        .filter((i) => i.annotationClass !== 'none')
        .sort((x, y) => x.created.getTime() - y.created.getTime()),
      (i) => i.rootItemId ?? '',
    );
    let indexInBoard = 0;
    const sections: SectionInfo[] = [];
    const boardLists = (locked ? [] : c.lists).map((l) => {
      const first = indexInBoard;
      const listItems = (itemsByList.get(l.id) ?? []).map((row) =>
        emit.item(
          row,
          l,
          indexInBoard++,
          (threadByRoot.get(row.id) ?? []).map((n) => emit.item(n, l, -1, [])),
        ),
      );
      sections.push({
        indexInBoard: l.index,
        nestingLevel: 0,
        firstItemIndexInBoard: first,
        lastItemIndexInBoard: indexInBoard - 1,
      });
      return emit.list(l, listItems);
    });
    return emit.board(b, boardLists, sections, locked);
  });
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
  const perViewer = (indexInBoard: number, state: string, notes: string[]) =>
    packed
      ? `${state === '{}' ? '' : `,"viewstate":${state}`}${notes.length ? `,"notes":[${notes.join(',')}]` : ''}}`
      : `,"indexInBoard":${indexInBoard},"viewstate":${state},"notes":[${notes.join(',')}]}`;
  const boardsJson = walk<string, string, string>(p, {
    item: (row, list, indexInBoard, notes) =>
      `${shared(row, list)}${perViewer(
        indexInBoard,
        viewstateJson(p.viewstate.get(`item:${row.id}`)),
        notes,
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
