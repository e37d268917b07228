/**
 * What one caller gets of some boards, worked out once per request (prepare) and walked in the
 * boards' order (walk): the board load answers with it, and what is new on a board is counted
 * from it, so the two can never disagree about what the caller may see.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  abilitiesFor,
  boardOpen,
  must,
  viewerOf,
  type AppVersion,
  type Device,
  type SectionInfo,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { boardUnlocks } from '../../db/schema';
import type { Actor } from '../accounts/users';
import { userGroupNames, visibleBoard } from '../notes/visibility';
import { helpfulMarks, markedIds } from '../notes/helpful';
import { policyBoard } from './access';
import { boardContent, type BoardContent } from './content';
import { preparedFor, type ViewStateOf } from './load-queries';
import { groupBy, type BoardRow, type ItemRow, type ListRow, type MemberRow } from './rows';
import { NONE_SEEN, seenRowsOf, type SeenRows } from './seen-rows';

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

/**
 * A board row with the people on it, read together; with the caller's view states on it too
 * when it was found alone.
 */
export type FoundBoard = BoardRow & { members: MemberRow[]; viewStates?: ViewStateOf[] };

/**
 * Everything one request's view of some boards depends on: the shared content (per board
 * version) and the caller's own parts — membership, unlocks, groups, view states. Built once,
 * then emitted as objects (assembleBoards) or as JSON text (assembleBoardsJson).
 */
export interface Prepared {
  boards: BoardRow[];
  content: Map<string, BoardContent>;
  membersByBoard: Map<string, MemberRow[]>;
  locked: Set<string>;
  /** Per board, the item rows this caller may see. */
  visibleRows: Map<string, SeenRows>;
  viewstate: Map<string, Record<string, unknown>>;
  /** The notes shown here that the caller marked helpful (their own to know). */
  voted: ReadonlySet<string>;
  /** Names the answer: equal fingerprints give equal answers, whoever asks. */
  fingerprint: string;
  ctx: LoadContext;
}

/** The content of one of the prepared boards. */
export const contentOf = (p: Prepared, boardId: string) =>
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

export async function prepare(db: Db, boards: FoundBoard[], ctx: LoadContext): Promise<Prepared> {
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
  // What the caller marked helpful: asked only of notes they see that someone marked.
  const marked = ctx.actor ? [...visibleRows.values()].flatMap((v) => markedIds(v.rows)) : [];
  const voted =
    ctx.actor && marked.length > 0
      ? ((await helpfulMarks(db, marked, ctx.actor.username)).get(ctx.actor.username) ??
        new Set<string>())
      : new Set<string>();
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
      [...voted].sort(),
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
    voted,
    fingerprint,
    ctx,
  };
}

/**
 * Walks the prepared boards in order and hands each list, item and note to an emitter, so the
 * object and the JSON forms of an answer cannot drift apart.
 */
export function walk<I, L, B>(
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

/**
 * Each board's rows as its load would give them, in board order: items, each followed by its
 * notes (what is new and what is due count from them).
 */
export const shownRows = (p: Prepared): ItemRow[][] =>
  walk<ItemRow[], ItemRow[], ItemRow[]>(p, {
    item: (row, _list, _at, notes) => [row, ...notes.flat()],
    list: (_list, rows) => rows.flat(),
    board: (_board, rows) => rows.flat(),
  });
