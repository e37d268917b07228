/** The rows a board is loaded from, as the database gives them. */
import { getTableColumns } from 'drizzle-orm';
import {
  blocks,
  boardMembers,
  items,
  lists,
  mediaMarkers,
  multilists,
  textMarkers,
} from '../../db/schema';

export type BlockRow = typeof blocks.$inferSelect;
// Every item column but those only the database reads: the search vector and Insight's counts.
const {
  searchVector: _searchVector,
  wordCount: _wordCount,
  isQuestion: _isQuestion,
  ...columns
} = getTableColumns(items);
export const itemColumns = columns;
export type ItemRow = Omit<typeof items.$inferSelect, 'searchVector' | 'wordCount' | 'isQuestion'>;
export type ListRow = typeof lists.$inferSelect;
export type BoardRow = typeof multilists.$inferSelect;
export type MemberRow = typeof boardMembers.$inferSelect;
export type MediaMarkerRow = typeof mediaMarkers.$inferSelect;
export type TextMarkerRow = typeof textMarkers.$inferSelect;

/** An item's child rows: its blocks and its markers. */
export interface ItemExtras {
  blocks: BlockRow[];
  media: MediaMarkerRow[];
  text: TextMarkerRow[];
}

export const NO_EXTRAS: ItemExtras = { blocks: [], media: [], text: [] };

export function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const arr = m.get(k);
    if (arr) arr.push(r);
    else m.set(k, [r]);
  }
  return m;
}
