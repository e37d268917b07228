/**
 * The passages of a board that drew the most notes and questions, with their quotes; and the
 * stretches of its recordings (each half minute) and the pages of its PDFs that did. The counts
 * take in every note on a passage (private ones too), but a passage is shown only through a note
 * the caller may see (canSee): its quote comes from that note, and its address opens that note's
 * highlight. A passage only others' private notes mark is left out, so what a reader marked in
 * private never reaches anyone else.
 */
import { inArray, sql } from 'drizzle-orm';
import { MEDIA_SECONDS_MAX, PDF_PAGES_MAX, canSee, momentLabel } from '@listboard/core';
import type { ConfusedPassage } from '@listboard/core/api/contracts/insight';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import { visibleBoard } from '../notes/visibility';
import { rowsOf } from '../../db/rows-of';
import { countedNotes, type InsightAsk } from './counted';

/** Passages shown, and passages read to find them among (some may have no note to show). */
export const CONFUSION_SHOWN = 10;
const CONFUSION_READ = 40;
/** Notes of one passage looked at for one the caller may see, oldest first. */
const NOTES_PER_PASSAGE = 20;

const QUOTE = sql`coalesce(jsonb_path_query_first(n.highlight,
  '$.selector[*] ? (@.type == "TextQuoteSelector").exact') #>> '{}', '')`;

/** The stretch of a recording a note's moment is counted in: a lecture's half minute. */
const MOMENT_SPAN = 30;
/**
 * A note's place in its item's media, as it is counted: `m60` for a moment in the half minute
 * from 1:00, `p3` for page 3 of a PDF; null for words. Read only where the stored value is a
 * number, and held within the bounds a new note's is, so no row stored otherwise can fail it.
 * Reckoned in numeric, which holds any JSON number exactly: a float overflows past 1e308, and
 * dividing one as small as 5e-324 by a half minute underflows, which PostgreSQL raises.
 */
const PLACE = sql`case
  when jsonb_typeof(n.highlight->'startTime') = 'number' then
    'm' || (floor(least(greatest((n.highlight->>'startTime')::numeric, 0), ${sql.raw(String(MEDIA_SECONDS_MAX))}) / ${sql.raw(String(MOMENT_SPAN))}) * ${sql.raw(String(MOMENT_SPAN))})::bigint
  when jsonb_typeof(n.highlight->'page') = 'number' then
    'p' || least(greatest(floor((n.highlight->>'page')::numeric), 1), ${sql.raw(String(PDF_PAGES_MAX))})::bigint
end`;

/** A place counted (PLACE), in words: “at 1:00–1:30 of the recording”, “on page 3 of the PDF”. */
function placeOf(key: string): string {
  const n = Number(key.slice(1));
  return key.startsWith('m')
    ? `at ${momentLabel(n)}–${momentLabel(n + MOMENT_SPAN)} of the recording`
    : `on page ${n} of the PDF`;
}

interface PassageRow {
  item: string;
  list: string;
  quote: string;
  place: string | null;
  notes: number;
  questions: number;
  helpful: number;
  ids: string[];
}

export async function confusedPassages(
  db: Db,
  ask: InsightAsk,
  headlines: ReadonlyMap<string, string>,
): Promise<ConfusedPassage[]> {
  const passages = await rowsOf<PassageRow>(
    db,
    // Only the notes with a highlight, each quote read out of it in the same pass.
    sql`with q as (${countedNotes(ask, {
      where: sql`and n.annotation_class = 'note' and n.highlight is not null`,
      columns: sql`, ${QUOTE} as quote, ${PLACE} as place`,
    })})
      select q.item, q.list, q.quote, q.place, count(*)::int as notes,
        count(*) filter (where q.q)::int as questions,
        coalesce(sum(q.votes), 0)::int as helpful,
        (array_agg(q.id order by q.created, q.id))[1:${sql.raw(String(NOTES_PER_PASSAGE))}] as ids
      from q
      where q.quote <> '' or q.place is not null
      group by q.item, q.list, q.quote, q.place
      order by count(*) + count(*) filter (where q.q) desc, count(*) desc, q.item, q.quote, q.place
      limit ${CONFUSION_READ}`,
  );
  if (passages.length === 0) return [];
  const noteIds = passages.flatMap((p) => p.ids);
  const onIds = [...new Set(passages.map((p) => p.item))];
  const rows = await db
    .select()
    .from(items)
    .where(inArray(items.id, [...noteIds, ...onIds]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const board = visibleBoard(ask.board, ask.policy);
  const out: ConfusedPassage[] = [];
  for (const p of passages) {
    const on = byId.get(p.item);
    const shown = p.ids
      .map((id) => byId.get(id))
      .find((n) => n && on && canSee(ask.viewer, { kind: 'item', board, item: n, on }));
    if (!shown) continue;
    out.push({
      itemId: p.item,
      listId: p.list,
      headline: headlines.get(p.item) ?? '',
      quote: p.quote,
      ...(p.place && { place: placeOf(p.place) }),
      noteId: shown.id,
      notes: p.notes,
      questions: p.questions,
      helpful: p.helpful,
    });
    if (out.length === CONFUSION_SHOWN) break;
  }
  return out;
}
