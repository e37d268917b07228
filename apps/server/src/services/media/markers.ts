/**
 * Media markers (spec section 7): named times on a video or audio item, and splitting the item
 * into one clip per marked span.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  LATEST_TIME,
  MEDIA,
  formatTimecode,
  parseTimecode,
  setMediaLineRange,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { mediaMarkers } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { markerMsg } from '../../media/messages';
import type { ItemRow } from '../boards/access';
import { insertItemAt } from '../boards/items';
import { firstMediaBlock } from '../boards/item-rewrite';
import type { Actor } from '../accounts/users';

export interface MarkerText {
  title?: string;
  description?: string;
}

/** A time code in its one stored spelling, so '65' and '1:05' name the same marker. */
function canonical(timecode: string): { timecode: string; time: number } {
  const time = parseTimecode(timecode);
  if (time === null || time < 0) throw badRequest(markerMsg.badTimecode(timecode));
  if (time > MEDIA.maxSeconds) throw badRequest(LATEST_TIME);
  return { timecode: formatTimecode(time), time };
}

async function requireMedia(db: Db, item: ItemRow) {
  const block = await firstMediaBlock(db, item.id);
  if (!block) throw badRequest(markerMsg.notMediaForMarkers);
  return block;
}

const view = (m: typeof mediaMarkers.$inferSelect) => ({
  timecode: m.timecode,
  time: m.time,
  title: m.title,
  description: m.description,
});

export async function addMediaMarker(db: Db, item: ItemRow, m: MarkerText & { timecode: string }) {
  await requireMedia(db, item);
  const { timecode, time } = canonical(m.timecode);
  const [row] = await db
    .insert(mediaMarkers)
    .values({
      itemId: item.id,
      timecode,
      time,
      title: m.title ?? '',
      description: m.description ?? '',
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(markerMsg.mediaMarkerExists(timecode));
  return { itemId: item.id, marker: view(row) };
}

export async function editMediaMarker(db: Db, item: ItemRow, m: MarkerText & { timecode: string }) {
  const { timecode } = canonical(m.timecode);
  const set: Partial<typeof mediaMarkers.$inferInsert> = {};
  if (m.title !== undefined) set.title = m.title;
  if (m.description !== undefined) set.description = m.description;
  const where = and(eq(mediaMarkers.itemId, item.id), eq(mediaMarkers.timecode, timecode));
  const [row] =
    Object.keys(set).length > 0
      ? await db.update(mediaMarkers).set(set).where(where).returning()
      : await db.select().from(mediaMarkers).where(where);
  if (!row) throw notFound(markerMsg.noMediaMarker(timecode));
  return { itemId: item.id, marker: view(row) };
}

export async function deleteMediaMarker(db: Db, item: ItemRow, code: string) {
  const { timecode } = canonical(code);
  const gone = await db
    .delete(mediaMarkers)
    .where(and(eq(mediaMarkers.itemId, item.id), eq(mediaMarkers.timecode, timecode)))
    .returning({ id: mediaMarkers.id });
  if (gone.length === 0) throw notFound(markerMsg.noMediaMarker(timecode));
  return { itemId: item.id, deleted: 1 };
}

export async function deleteAllMediaMarkers(db: Db, item: ItemRow) {
  const gone = await db
    .delete(mediaMarkers)
    .where(eq(mediaMarkers.itemId, item.id))
    .returning({ id: mediaMarkers.id });
  return { itemId: item.id, deleted: gone.length };
}

/** Text of a split-off item: its media line, then a title and a description when there are any. */
export function clipText(line: string, text: MarkerText): string {
  return [line, text.title?.trim(), text.description?.trim()].filter((p) => p).join('\n\n');
}

/**
 * One new item per marked span, right after the item: a span runs from its marker to the next
 * (the last one to the end of the item's range) and becomes the new item's range. Markers
 * outside the range are left out. A marker's own title and description win over the call's.
 */
export async function splitAtMediaMarkers(
  db: Db,
  item: ItemRow,
  actor: Actor,
  defaults: MarkerText,
) {
  const block = await requireMedia(db, item);
  if (item.annotationClass !== 'none') throw badRequest('Only a list item can be split.');
  const range = (block.range as { start: number; end: number } | null) ?? { start: 0, end: -1 };
  const marks = (
    await db
      .select()
      .from(mediaMarkers)
      .where(eq(mediaMarkers.itemId, item.id))
      .orderBy(asc(mediaMarkers.time))
  ).filter((m) => m.time >= range.start && (range.end < 0 || m.time < range.end));
  if (marks.length === 0) throw badRequest(markerMsg.noMediaMarkersToSplit);
  const created: { itemId: string; index: number; start: number; end: number }[] = [];
  for (const [i, m] of marks.entries()) {
    const end = marks[i + 1]?.time ?? range.end;
    const text = clipText(setMediaLineRange(block.text, m.time, end), {
      title: m.title || defaults.title,
      description: m.description || defaults.description,
    });
    const { itemId, index } = await insertItemAt(db, {
      listId: item.listId,
      multilistId: item.multilistId,
      owner: item.owner,
      author: actor.username,
      text,
      index: item.index + 1 + i,
      labels: item.labels,
      // A piece of a private item is as private.
      isPrivate: item.isPrivate,
    });
    created.push({ itemId, index, start: m.time, end });
  }
  return { itemId: item.id, items: created };
}
