import { and, asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import {
  abilitiesFor,
  parseAddress,
  pathTitle,
  type AppVersion,
  type Block,
  type Item,
  type List,
  type Multilist,
  type SectionInfo,
  type Device,
  itemVisible,
  canSeeNote,
  isSiteAdmin,
  roleFor,
} from '@listboard/core';
import type { Db } from '../db/client';
import { blocks, boardMembers, boardUnlocks, items, lists, mediaMarkers, multilists, textMarkers, viewStates } from '../db/schema';
import type { Actor } from './users';
import { userGroupNames } from './notes';

type BlockRow = typeof blocks.$inferSelect;
// Every item column but the search vector, which only the database reads.
const { searchVector: _searchVector, ...itemColumns } = getTableColumns(items);
type ItemRow = Omit<typeof items.$inferSelect, 'searchVector'>;
type ListRow = typeof lists.$inferSelect;
type BoardRow = typeof multilists.$inferSelect;
type MemberRow = typeof boardMembers.$inferSelect;

export interface LoadContext {
  actor: Actor | null;
  appVersion: AppVersion;
  device?: Device;
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
export async function loadMultilists(db: Db, addresses: string[], ctx: LoadContext): Promise<Multilist[]> {
  const keys = addressesToKeys(addresses);
  if (keys.length === 0) return [];
  const boards = await db
    .select()
    .from(multilists)
    .where(or(...keys.map((k) => and(eq(multilists.owner, k.owner), eq(multilists.ptitle, k.ptitle)))));
  const byKey = new Map(boards.map((b) => [`${b.owner}/${b.ptitle}`, b]));
  for (const k of keys) {
    if (!byKey.has(`${k.owner}/${k.ptitle}`)) ctx.log?.(`board not found: ${k.owner}/${k.ptitle}`);
  }
  const found = keys.flatMap((k) => byKey.get(`${k.owner}/${k.ptitle}`) ?? []);
  if (found.length === 0) return [];
  return assembleBoards(db, found, ctx);
}

export async function assembleBoards(db: Db, boards: BoardRow[], ctx: LoadContext): Promise<Multilist[]> {
  const username = ctx.actor?.username ?? '';
  const boardIds = boards.map((b) => b.id);
  const idList = sql.join(
    boardIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // Child rows are selected by board, not by a list of item ids: a 2,000-id parameter list costs
  // more to bind and plan than the join does to run. All queries go out at once.
  const inBoards = sql`(select id from ${items} where ${items.multilistId} in (${idList}))`;
  const [memberRows, unlockRows, listRows, itemRowsAll, blockRows, mediaRows, textRows, vsRows, myGroups] = await Promise.all([
    db.select().from(boardMembers).where(inArray(boardMembers.multilistId, boardIds)),
    ctx.sessionId
      ? db
          .select({ id: boardUnlocks.multilistId })
          .from(boardUnlocks)
          .where(and(eq(boardUnlocks.sessionId, ctx.sessionId), inArray(boardUnlocks.multilistId, boardIds)))
      : [],
    db.select().from(lists).where(inArray(lists.multilistId, boardIds)).orderBy(asc(lists.multilistId), asc(lists.index)),
    db
      .select(itemColumns)
      .from(items)
      .where(
        and(
          inArray(items.multilistId, boardIds),
          // Private notes and annotations are seen by their author only.
          or(eq(items.isPrivate, false), eq(items.author, username)),
        ),
      )
      .orderBy(asc(items.listId), asc(items.index)),
    db.select().from(blocks).where(sql`${blocks.itemId} in ${inBoards}`).orderBy(asc(blocks.itemId), asc(blocks.index)),
    db.select().from(mediaMarkers).where(sql`${mediaMarkers.itemId} in ${inBoards}`).orderBy(asc(mediaMarkers.time)),
    db.select().from(textMarkers).where(sql`${textMarkers.itemId} in ${inBoards}`).orderBy(asc(textMarkers.cursorIndex)),
    ctx.actor
      ? db
          .select()
          .from(viewStates)
          .where(
            and(
              eq(viewStates.userId, ctx.actor.id),
              or(
                inArray(viewStates.targetId, boardIds),
                sql`${viewStates.targetId} in (select id from ${lists} where ${lists.multilistId} in (${idList}))`,
                sql`${viewStates.targetId} in ${inBoards}`,
              ),
            ),
          )
      : [],
    ctx.actor ? userGroupNames(db, ctx.actor.id) : [],
  ]);
  const membersByBoard = groupBy(memberRows, (m) => m.multilistId);
  const unlocked = new Set(unlockRows.map((u) => u.id));
  const locked = new Set(
    boards
      .filter((b) => {
        if (!b.passwordHash || unlocked.has(b.id) || isSiteAdmin(ctx.actor)) return false;
        const role = roleFor(ctx.actor, policyBoard(b, membersByBoard.get(b.id) ?? []));
        return role !== 'author' && role !== 'editor';
      })
      .map((b) => b.id),
  );
  const device = ctx.device ?? 'desktop';
  const policyOf = new Map(boards.map((b) => [b.id, policyBoard(b, membersByBoard.get(b.id) ?? [])]));
  const itemRows = itemRowsAll.filter(
    (i) =>
      !locked.has(i.multilistId) &&
      itemVisible(i.flags, { appVersion: ctx.appVersion, device }) &&
      (i.annotationClass === 'none' || canSeeNote(ctx.actor, policyOf.get(i.multilistId)!, i, myGroups)),
  );

  const viewstate = new Map(vsRows.map((v) => [`${v.kind}:${v.targetId}`, v.state]));
  const blocksByItem = groupBy(blockRows, (b) => b.itemId);
  const mediaByItem = groupBy(mediaRows, (m) => m.itemId);
  const textByItem = groupBy(textRows, (t) => t.itemId);
  // Notes, annotations and replies travel with the item they hang off, oldest first.
  const itemsByList = groupBy(
    itemRows.filter((i) => i.annotationClass === 'none'),
    (i) => i.listId,
  );
  const threadByRoot = groupBy(
    itemRows.filter((i) => i.annotationClass !== 'none').sort((a, b) => a.created.getTime() - b.created.getTime()),
    (i) => i.rootItemId ?? '',
  );
  const extrasOf = (id: string) => ({
    blocks: blocksByItem.get(id) ?? [],
    media: mediaByItem.get(id) ?? [],
    text: textByItem.get(id) ?? [],
    viewstate: viewstate.get(`item:${id}`) ?? {},
  });
  const listsByBoard = groupBy(listRows, (l) => l.multilistId);

  return boards.map((b) => {
    let indexInBoard = 0;
    const sections: SectionInfo[] = [];
    const boardLists: List[] = (locked.has(b.id) ? [] : (listsByBoard.get(b.id) ?? [])).map((l) => {
      const first = indexInBoard;
      const listItems = (locked.has(b.id) ? [] : (itemsByList.get(l.id) ?? [])).map((row) => {
        const item = toItem(row, l, indexInBoard++, extrasOf(row.id));
        item.notes = (threadByRoot.get(row.id) ?? []).map((n) => toItem(n, l, -1, extrasOf(n.id)));
        return item;
      });
      sections.push({
        indexInBoard: l.index,
        nestingLevel: 0,
        firstItemIndexInBoard: first,
        lastItemIndexInBoard: indexInBoard - 1,
      });
      return toList(l, listItems, viewstate.get(`list:${l.id}`) ?? {});
    });
    const board = toMultilist(b, membersByBoard.get(b.id) ?? [], boardLists, sections, viewstate.get(`multilist:${b.id}`) ?? {}, ctx);
    board.locked = locked.has(b.id);
    return board;
  });
}

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const arr = m.get(k);
    if (arr) arr.push(r);
    else m.set(k, [r]);
  }
  return m;
}

export function toBlock(b: BlockRow): Block {
  const out: Block = { _id: b.id, text: b.text, type: b.type as Block['type'] };
  if (b.url != null) out.url = b.url;
  if (b.fullpathnq != null) out.fullpathnq = b.fullpathnq;
  if (b.suffix != null) out.suffix = b.suffix;
  if (b.range != null) out.range = b.range as unknown as NonNullable<Block['range']>;
  if (b.caption != null) out.caption = b.caption;
  if (b.altText != null) out.altText = b.altText;
  if (b.titleText != null) out.titleText = b.titleText;
  if (b.posterUrl != null) out.posterUrl = b.posterUrl;
  if (b.posterPath != null) out.posterPath = b.posterPath;
  if (b.isUpload) out.isUpload = true;
  if (b.autoSeek) out.autoSeek = true;
  if (b.boardRefs != null) out.boardRefs = b.boardRefs;
  if (b.jsMedia != null) out.jsMedia = b.jsMedia as unknown as NonNullable<Block['jsMedia']>;
  if (b.highlightLanguage != null) out.highlightLanguage = b.highlightLanguage;
  return out;
}

function toItem(
  row: ItemRow,
  list: ListRow,
  indexInBoard: number,
  extra: {
    blocks: BlockRow[];
    media: (typeof mediaMarkers.$inferSelect)[];
    text: (typeof textMarkers.$inferSelect)[];
    viewstate: Record<string, unknown>;
  },
): Item {
  const marker = (t: (typeof textMarkers.$inferSelect)) => ({ cursorIndex: t.cursorIndex, title: t.title, description: t.description });
  return {
    _id: row.id,
    listId: row.listId,
    multilistId: row.multilistId,
    index: row.index,
    indexInBoard,
    listIndex: list.index,
    owner: row.owner,
    author: row.author,
    hint: row.hint,
    text: row.text,
    blocks: extra.blocks.map(toBlock),
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
    startdate: row.startdate,
    stopdate: row.stopdate,
    importUrl: row.importUrl,
    highlight: row.highlight as Item['highlight'],
    replyLevel: row.replyLevel,
    rootItem: row.rootItemId,
    parentId: row.parentId,
    annotationClass: row.annotationClass,
    annoLabel: row.annoLabel,
    noteStatus: row.noteStatus,
    isPrivate: row.isPrivate,
    groupName: row.groupName,
    labels: row.labels,
    format: row.format,
    flags: row.flags,
    mediaMarkers: extra.media.map((m) => ({ timecode: m.timecode, time: m.time, title: m.title, description: m.description })),
    blockMarkers: extra.text.filter((t) => t.kind === 'block').map(marker),
    sentenceMarkers: extra.text.filter((t) => t.kind === 'sentence').map(marker),
    version: row.version,
    viewstate: extra.viewstate,
    notes: [],
  };
}

function toList(l: ListRow, listItems: Item[], vs: Record<string, unknown>): List {
  return {
    _id: l.id,
    multilistId: l.multilistId,
    index: l.index,
    title: l.title,
    description: l.description,
    author: l.author,
    created: l.created.toISOString(),
    modified: l.modified.toISOString(),
    reverse: l.reverse,
    tourId: l.tourId,
    version: l.version,
    items: listItems,
    viewstate: vs,
  };
}

export function policyBoard(b: BoardRow, members: MemberRow[]) {
  return {
    owner: b.owner,
    authors: members.filter((m) => m.kind === 'author').map((m) => m.username),
    members: members.filter((m) => m.kind === 'member').map((m) => ({ username: m.username, privileges: m.privileges })),
    contributors: members.filter((m) => m.kind === 'contributor').map((m) => m.username),
  };
}

function toMultilist(
  b: BoardRow,
  members: MemberRow[],
  boardLists: List[],
  sections: SectionInfo[],
  vs: Record<string, unknown>,
  ctx: LoadContext,
): Multilist {
  const pb = policyBoard(b, members);
  return {
    _id: b.id,
    owner: b.owner,
    title: b.title,
    ptitle: b.ptitle,
    altTitle: b.altTitle,
    description: b.description,
    listed: b.listed,
    hasPassword: b.passwordHash != null,
    locked: false,
    labels: b.labels,
    labelColors: b.labelColors,
    colors: b.colors,
    readerColors: b.readerColors,
    isTable: b.isTable,
    authors: pb.authors,
    readers: members.filter((m) => m.kind === 'reader').map((m) => m.username),
    contributors: pb.contributors,
    groups: b.groups,
    linkedBoards: b.linkedBoards,
    sectionsInfoArray: sections,
    created: b.created.toISOString(),
    modified: b.modified.toISOString(),
    version: b.version,
    lists: boardLists,
    viewstate: vs,
    abilities: abilitiesFor(ctx.actor, pb, { appVersion: ctx.appVersion }),
  };
}

