/**
 * duplicate_multilist: a board copied whole as the caller's own. The copy has the board's lists,
 * items (their text, blocks, labels, format, flags and dates) and media and text markers, and
 * the board's labels and colours, and if asked the caller's own annotations on those items (a
 * course's glosses, kept for its next term); not its notes or replies, nor others' annotations,
 * nor its members, password, groups or anyone's view states. It is unlisted and titled
 * "Copy of {title}", made unique among the caller's boards. Only the items the caller can see
 * are copied.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { must, pathTitle } from '@listboard/core';
import type { BoardMade } from '@listboard/core/api/contracts/boards';
import type { Db } from '../../db/client';
import { items, lists, multilists } from '../../db/schema';
import { insertColumns } from '../../db/insert-columns';
import { copyItemParts, copyOwnAnnotations } from './item-copies';
import type { BoardRow } from './access';
import { ordered } from './ordering';
import { contentSeenBy } from '../notes/visibility';
import type { Actor } from '../accounts/users';

/** Source items whose parts are read and copied at a time (their ids are one statement's list). */
const CHUNK = 1000;

/** "Copy of {title}", or with " (2)", " (3)", ... when the owner has a board at that address. */
export async function copyTitle(db: Db, owner: string, title: string): Promise<string> {
  const base = `Copy of ${title}`;
  const taken = new Set(
    (
      await db
        .select({ ptitle: multilists.ptitle })
        .from(multilists)
        .where(eq(multilists.owner, owner))
    ).map((r) => r.ptitle),
  );
  let candidate = base;
  for (let n = 2; taken.has(pathTitle(candidate)); n++) candidate = `${base} (${n})`;
  return candidate;
}

export async function duplicateMultilist(
  db: Db,
  source: BoardRow,
  actor: Actor,
  opts: { annotations: boolean } = { annotations: false },
): Promise<BoardMade> {
  const owner = actor.username;
  // Two copies made at once (two clicks, two tabs) get two titles, not a clash.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`board-title:${owner}`}))`);
  const title = await copyTitle(db, owner, source.title);
  const ptitle = pathTitle(title);
  const [board] = await db
    .insert(multilists)
    .values({
      owner,
      title,
      ptitle,
      description: source.description,
      listed: false,
      labels: source.labels,
      labelColors: source.labelColors,
      colors: source.colors,
      readerColors: source.readerColors,
      isTable: source.isTable,
      linkedBoards: source.linkedBoards,
      noteTags: source.noteTags,
    })
    .returning({ id: multilists.id });
  const multilistId = must(board, 'the copied board').id;

  const listRows = await db
    .select()
    .from(lists)
    .where(eq(lists.multilistId, source.id))
    .orderBy(asc(lists.index));
  const listIds = new Map(listRows.map((l) => [l.id, randomUUID()]));
  if (listRows.length) {
    await db.insert(lists).values(
      listRows.map((l) => ({
        id: must(listIds.get(l.id), 'a copied list'),
        multilistId,
        index: l.index,
        title: l.title,
        description: l.description,
        author: owner,
        reverse: l.reverse,
      })),
    );
  }

  // Content items the caller can see, in order; others' private items leave gaps, closed here.
  const itemRows = await db
    .select()
    .from(items)
    .where(and(eq(items.multilistId, source.id), ordered, contentSeenBy(owner)))
    .orderBy(asc(items.listId), asc(items.index));
  const itemIds = new Map(itemRows.map((i) => [i.id, randomUUID()]));
  const nextIndex = new Map<string, number>();
  const newItems = itemRows.map((i) => {
    const index = nextIndex.get(i.listId) ?? 0;
    nextIndex.set(i.listId, index + 1);
    return {
      id: must(itemIds.get(i.id), 'a copied item'),
      listId: must(listIds.get(i.listId), 'the list of a copied item'),
      multilistId,
      index,
      // The owner stays the one the item's media addresses are read against.
      owner: i.owner,
      author: owner,
      hint: i.hint,
      text: i.text,
      startdate: i.startdate,
      stopdate: i.stopdate,
      startstamp: i.startstamp,
      stopstamp: i.stopstamp,
      importUrl: i.importUrl,
      toc: i.toc,
      isPrivate: i.isPrivate,
      labels: i.labels,
      format: i.format,
      flags: i.flags,
    };
  });
  await insertColumns(db, items, newItems);

  // Blocks are copied as stored (a trimmed range, a poster, auto-seek), not parsed again; a
  // thousand items' parts at a time.
  const sourceIds = [...itemIds.keys()];
  for (let i = 0; i < sourceIds.length; i += CHUNK) {
    const some = sourceIds.slice(i, i + CHUNK);
    await copyItemParts(
      db,
      new Map(some.map((id) => [id, must(itemIds.get(id), 'a copied item')])),
      { blocks: true },
    );
  }
  if (opts.annotations) {
    const copies = new Map(itemRows.map((i, n) => [i.id, must(newItems[n], 'a copied item')]));
    await copyOwnAnnotations(db, source.id, owner, copies);
  }
  return { multilistId, owner, ptitle, title };
}
