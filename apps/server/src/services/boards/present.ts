/** Rows as the API presents them: a block, an item, a list, a board with the caller's abilities. */
import {
  abilitiesFor,
  readHighlight,
  type AppVersion,
  type Block,
  type Item,
  type List,
  type Multilist,
  type SectionInfo,
} from '@listboard/core';
import type { SharedItem } from '@listboard/core/api/packed';
import { policyBoard } from './access';
import type { Actor } from '../accounts/users';
import type {
  BlockRow,
  BoardRow,
  ItemExtras,
  ItemRow,
  ListRow,
  MemberRow,
  TextMarkerRow,
} from './rows';

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

const marker = (t: TextMarkerRow) => ({
  cursorIndex: t.cursorIndex,
  title: t.title,
  description: t.description,
});

export function sharedItem(row: ItemRow, listIndex: number, extra: ItemExtras): SharedItem {
  return {
    _id: row.id,
    listId: row.listId,
    multilistId: row.multilistId,
    index: row.index,
    listIndex,
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
    // Rows stored in the older quote shape are read as a quote selector alone.
    highlight: readHighlight(row.highlight),
    replyLevel: row.replyLevel,
    rootItem: row.rootItemId,
    parentId: row.parentId,
    annotationClass: row.annotationClass,
    annoLabel: row.annoLabel,
    annoType: row.annoType,
    noteStatus: row.noteStatus,
    statusBy: row.statusBy
      ? { username: row.statusBy, name: row.statusByName ?? row.statusBy }
      : null,
    isPrivate: row.isPrivate,
    groupName: row.groupName,
    labels: row.labels,
    format: row.format,
    flags: row.flags,
    votes: row.votes,
    mediaMarkers: extra.media.map((m) => ({
      timecode: m.timecode,
      time: m.time,
      title: m.title,
      description: m.description,
    })),
    blockMarkers: extra.text.filter((t) => t.kind === 'block').map(marker),
    sentenceMarkers: extra.text.filter((t) => t.kind === 'sentence').map(marker),
    version: row.version,
  };
}

export function toItem(
  row: ItemRow,
  place: { listIndex: number; indexInBoard: number },
  extra: ItemExtras,
): Item {
  // Its own fields first: spread after them, the shared fields keep the object on V8's fast
  // path (fields added after a spread of this many make a dictionary of each item).
  return {
    indexInBoard: place.indexInBoard,
    viewstate: {},
    notes: [],
    ...sharedItem(row, place.listIndex, extra),
  };
}

export function toList(l: ListRow, listItems: Item[], vs: Record<string, unknown>): List {
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
    notesDue: l.notesDue?.toISOString() ?? null,
    version: l.version,
    items: listItems,
    viewstate: vs,
  };
}

export function toMultilist(
  b: BoardRow,
  members: MemberRow[],
  boardLists: List[],
  sections: SectionInfo[],
  vs: Record<string, unknown>,
  ctx: { actor: Actor | null; appVersion: AppVersion },
): Multilist {
  const pb = policyBoard(b, members);
  const abilities = abilitiesFor(ctx.actor, pb, { appVersion: ctx.appVersion });
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
    notesDue: b.notesDue?.toISOString() ?? null,
    ...(abilities.edit ? { remindDue: b.remindDue } : {}),
    noteTags: b.noteTags,
    labels: b.labels,
    labelColors: b.labelColors,
    colors: b.colors,
    readerColors: b.readerColors,
    isTable: b.isTable,
    authors: pb.authors,
    readers: members.filter((m) => m.kind === 'reader').map((m) => m.username),
    contributors: pb.contributors,
    // Who edits and with which privileges is the owner's business: the Share form shows it.
    ...(abilities.addCoauthor ? { members: pb.members } : {}),
    groups: b.groups,
    linkedBoards: b.linkedBoards,
    sectionsInfoArray: sections,
    created: b.created.toISOString(),
    modified: b.modified.toISOString(),
    version: b.version,
    lists: boardLists,
    viewstate: vs,
    abilities,
  };
}

/**
 * A board locked to the viewer (a password they have not given): its address, title and owner,
 * and what the viewer may do; nothing it holds, its description, labels and members included.
 */
export function asLocked(m: Multilist): Multilist {
  return {
    ...m,
    altTitle: null,
    description: '',
    locked: true,
    notesDue: null,
    noteTags: [],
    labels: [],
    labelColors: {},
    readerColors: {},
    authors: [m.owner],
    readers: [],
    contributors: [],
    groups: [],
    linkedBoards: [],
    sectionsInfoArray: [],
    lists: [],
  };
}
