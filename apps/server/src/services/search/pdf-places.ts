/**
 * Where a text search's words are in the PDFs its item hits show, for a hit whose own words do
 * not hold them (migration 0035 finds an item by its PDFs' words): “In handout.pdf, page 2:
 * “…catalase speeds the breakdown…””, so a reader sees why it was found. Read for the page of
 * hits shown, from the words kept when each PDF was recorded (importers/pdf.ts `pdfWords`, its
 * pages apart by form feeds), only of a file a hit's block shows (blocks.shows).
 */
import { and, asc, inArray, isNotNull, eq } from 'drizzle-orm';
import { foldText, foldWords, regexLiteral } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks, uploads } from '../../db/schema';
import { parseTextQuery, type Term } from './text';
import { literal } from './hits';

/** Characters of a PDF's words shown on each side of the words found. */
const AROUND = 60;

const PIECE = /[\p{L}\p{N}]+/gu;

/**
 * The words a search asks for, each as a pattern over a folded text (a PDF's words, a hit's own);
 * none of those it excludes.
 */
function wanted(t: Term): RegExp[] {
  switch (t.kind) {
    case 'not':
      return [];
    case 'or':
      return t.terms.flatMap(wanted);
    default: {
      const pieces = foldWords(t.text).match(PIECE) ?? [];
      if (pieces.length === 0) return [];
      const end = t.kind === 'word' && t.prefix ? '' : '(?![\\p{L}\\p{N}])';
      return [
        new RegExp(
          `(?<![\\p{L}\\p{N}])${pieces.map(regexLiteral).join('[^\\p{L}\\p{N}]+')}${end}`,
          'u',
        ),
      ];
    }
  }
}

/** Each hit's line, by item id, for the hits whose own text holds none of the words asked for. */
export async function pdfPlaces(
  db: Db,
  hits: readonly { id: string; text: string }[],
  searchStr: string,
): Promise<Map<string, string>> {
  const patterns = parseTextQuery(searchStr).flatMap(wanted);
  const out = new Map<string, string>();
  const quiet = hits.filter((h) => {
    const own = foldWords(h.text);
    return !patterns.some((p) => p.test(own));
  });
  if (patterns.length === 0 || quiet.length === 0) return out;
  const rows = await db
    .select({ item: blocks.itemId, name: uploads.filename, words: uploads.words })
    .from(blocks)
    .innerJoin(uploads, eq(uploads.fullpath, blocks.shows))
    .where(
      and(
        inArray(
          blocks.itemId,
          quiet.map((h) => h.id),
        ),
        isNotNull(uploads.words),
      ),
    )
    .orderBy(asc(blocks.itemId), asc(blocks.index));
  for (const { item, name, words: all } of rows) {
    if (out.has(item) || !all) continue;
    const fold = foldText(all);
    const found = patterns
      .map((p) => p.exec(fold.folded))
      .filter((m) => m !== null)
      .sort((a, b) => a.index - b.index)[0];
    if (!found) continue;
    // Where the words found are in the PDF's words as written.
    const at = fold.from[found.index] ?? 0;
    const after = fold.from[found.index + found[0].length] ?? all.length;
    const page = all.slice(0, at).split('\f').length;
    // The words around, of that page only.
    const start = all.lastIndexOf('\f', at) + 1;
    const stop = all.indexOf('\f', at);
    const end = stop < 0 ? all.length : stop;
    const from = Math.max(start, at - AROUND);
    const to = Math.min(end, after + AROUND);
    const words = all.slice(from, to).replace(/\s+/g, ' ').trim();
    const shown = `${from > start ? '…' : ''}${words}${to < end ? '…' : ''}`;
    out.set(item, `In ${literal(name)}, page ${page}: “${literal(shown)}”`);
  }
  return out;
}
