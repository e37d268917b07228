/**
 * Text markers (spec section 7): named places on an item's blocks (`sentences` false) or
 * sentences (`sentences` true), set at the reader's cursor, and splitting the item there.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { textMarkers, viewStates } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { markerMsg } from '../../media/messages';
import { blockSpans, must, normalizeText, sentenceSpans, type Span } from '@listboard/core';
import type { ItemRow } from './access';
import { insertItemAt } from './items';
import type { MarkerText } from '../media/markers';
import type { Actor } from '../accounts/users';

type Kind = 'block' | 'sentence';

const kindOf = (sentences: boolean): Kind => (sentences ? 'sentence' : 'block');

function spansOf(item: ItemRow, kind: Kind): Span[] {
  const ctx = { owner: item.owner };
  return kind === 'sentence' ? sentenceSpans(item.text, ctx) : blockSpans(item.text, ctx);
}

function checkCursor(item: ItemRow, kind: Kind, cursorIndex: number | null | undefined): number {
  if (cursorIndex === null || cursorIndex === undefined || cursorIndex < 0)
    throw badRequest(markerMsg.needsCursor);
  const count = spansOf(item, kind).length;
  if (cursorIndex >= count) throw badRequest(markerMsg.cursorOutOfRange(kind, count));
  return cursorIndex;
}

/**
 * The spec's add and update calls carry no `sentences` flag; then the caller's board view state
 * decides, the same toggle the toolbar's sentences button sets.
 */
export async function sentencesMode(
  db: Db,
  userId: string,
  multilistId: string,
  given: boolean | undefined,
): Promise<boolean> {
  if (given !== undefined) return given;
  const [row] = await db
    .select({ on: sql<boolean | null>`(${viewStates.state} ->> 'sentences')::boolean` })
    .from(viewStates)
    .where(
      and(
        eq(viewStates.userId, userId),
        eq(viewStates.kind, 'multilist'),
        eq(viewStates.targetId, multilistId),
      ),
    );
  return row?.on === true;
}

const view = (m: typeof textMarkers.$inferSelect) => ({
  cursorIndex: m.cursorIndex,
  title: m.title,
  description: m.description,
  sentences: m.kind === 'sentence',
});

export async function addTextMarker(
  db: Db,
  item: ItemRow,
  m: MarkerText & { cursorIndex?: number | null; sentences: boolean },
) {
  const kind = kindOf(m.sentences);
  const cursorIndex = checkCursor(item, kind, m.cursorIndex);
  const [row] = await db
    .insert(textMarkers)
    .values({
      itemId: item.id,
      kind,
      cursorIndex,
      title: m.title ?? '',
      description: m.description ?? '',
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(markerMsg.textMarkerExists);
  return { itemId: item.id, marker: view(row) };
}

const at = (itemId: string, kind: Kind, cursorIndex: number) =>
  and(
    eq(textMarkers.itemId, itemId),
    eq(textMarkers.kind, kind),
    eq(textMarkers.cursorIndex, cursorIndex),
  );

export async function updateTextMarker(
  db: Db,
  item: ItemRow,
  m: MarkerText & { cursorIndex?: number | null; sentences: boolean },
) {
  if (m.cursorIndex === null || m.cursorIndex === undefined || m.cursorIndex < 0)
    throw badRequest(markerMsg.needsCursor);
  const kind = kindOf(m.sentences);
  const set: Partial<typeof textMarkers.$inferInsert> = {};
  if (m.title !== undefined) set.title = m.title;
  if (m.description !== undefined) set.description = m.description;
  const where = at(item.id, kind, m.cursorIndex);
  const [row] =
    Object.keys(set).length > 0
      ? await db.update(textMarkers).set(set).where(where).returning()
      : await db.select().from(textMarkers).where(where);
  if (!row) throw notFound(markerMsg.noTextMarker);
  return { itemId: item.id, marker: view(row) };
}

export async function deleteTextMarker(
  db: Db,
  item: ItemRow,
  m: { cursorIndex?: number | null; sentences: boolean },
) {
  if (m.cursorIndex === null || m.cursorIndex === undefined || m.cursorIndex < 0)
    throw badRequest(markerMsg.needsCursor);
  const gone = await db
    .delete(textMarkers)
    .where(at(item.id, kindOf(m.sentences), m.cursorIndex))
    .returning({ id: textMarkers.id });
  if (gone.length === 0) throw notFound(markerMsg.noTextMarker);
  return { itemId: item.id, deleted: 1 };
}

export async function deleteAllTextMarkers(db: Db, item: ItemRow, sentences: boolean) {
  const gone = await db
    .delete(textMarkers)
    .where(and(eq(textMarkers.itemId, item.id), eq(textMarkers.kind, kindOf(sentences))))
    .returning({ id: textMarkers.id });
  return { itemId: item.id, deleted: gone.length };
}

/**
 * One new item per marked span, right after the item: a span runs from the start of its
 * marker's block or sentence to the next marker's (the last one to the end of the text).
 */
export async function splitAtTextMarkers(
  db: Db,
  item: ItemRow,
  actor: Actor,
  args: MarkerText & { sentences: boolean },
) {
  if (item.annotationClass !== 'none') throw badRequest('Only a list item can be split.');
  const kind = kindOf(args.sentences);
  const spans = spansOf(item, kind);
  const marks = (
    await db
      .select()
      .from(textMarkers)
      .where(and(eq(textMarkers.itemId, item.id), eq(textMarkers.kind, kind)))
      .orderBy(asc(textMarkers.cursorIndex))
  ).filter((m) => m.cursorIndex < spans.length);
  if (marks.length === 0) throw badRequest(markerMsg.noTextMarkersToSplit);
  const text = normalizeText(item.text);
  const created: { itemId: string; index: number; cursorIndex: number; text: string }[] = [];
  for (const [i, m] of marks.entries()) {
    const from = must(spans[m.cursorIndex], 'the marked span').start;
    const next = marks[i + 1];
    const to = next ? must(spans[next.cursorIndex], 'the next marked span').start : text.length;
    // Title and description head the new item, as a heading would.
    const ordered = [m.title || args.title, m.description || args.description, text.slice(from, to)]
      .map((p) => p?.trim())
      .filter((p) => p)
      .join('\n\n');
    const { itemId, index } = await insertItemAt(db, {
      listId: item.listId,
      multilistId: item.multilistId,
      owner: item.owner,
      author: actor.username,
      text: ordered,
      index: item.index + 1 + i,
      labels: item.labels,
      // A piece of a private item is as private.
      isPrivate: item.isPrivate,
    });
    created.push({ itemId, index, cursorIndex: m.cursorIndex, text: ordered });
  }
  return { itemId: item.id, items: created };
}
