/**
 * The words of the PDFs recorded before their words were kept (migration 0035 marks them
 * `words_read = false`), read in the background a few at a time, so an item showing one is found
 * by them as by a PDF uploaded since (the triggers on uploads take them into its vector). A file
 * gone from the store, too large, or without words is marked read with none.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';
import { storedPdfWords } from './uploads';

/** How often the read looks for PDFs still to read, and how many it reads each time. */
export const PDF_BACKFILL_MS = 60_000;
const BATCH = 10;

/** Reads the words of up to BATCH earlier PDFs; how many it read. */
export async function readEarlierPdfs(db: Db, store: FileStore): Promise<number> {
  const rows = await db
    .select({ id: uploads.id, key: uploads.fullpath, size: uploads.size })
    .from(uploads)
    .where(eq(uploads.wordsRead, false))
    .limit(BATCH);
  for (const r of rows) {
    const words = await storedPdfWords(store, r.key, r.size);
    await db.update(uploads).set({ words, wordsRead: true }).where(eq(uploads.id, r.id));
  }
  return rows.length;
}
