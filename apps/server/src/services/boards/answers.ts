/**
 * Whole board answers as JSON text, by fingerprint. A class reading one board mostly sees the
 * same thing (same role, no private notes, no view states of their own), so one text serves them
 * all; a reader with a view of their own gets an entry of their own. Kept per database handle,
 * bounded by total length, least recently used first out.
 */
import type { Db } from '../../db/client';

const ANSWER_CACHE_CHARS = 64 * 1024 * 1024;
const answerCaches = new WeakMap<object, Map<string, string>>();

function answerCacheFor(db: Db) {
  let c = answerCaches.get(db);
  if (!c) answerCaches.set(db, (c = new Map<string, string>()));
  return c;
}

/** The answer kept under this fingerprint, now the most recently used. */
export function keptAnswer(db: Db, fingerprint: string): string | undefined {
  const answers = answerCacheFor(db);
  const kept = answers.get(fingerprint);
  if (kept !== undefined) {
    answers.delete(fingerprint);
    answers.set(fingerprint, kept);
  }
  return kept;
}

export function keepAnswer(db: Db, fingerprint: string, json: string): void {
  if (json.length > ANSWER_CACHE_CHARS / 4) return;
  const cache = answerCacheFor(db);
  cache.set(fingerprint, json);
  let total = 0;
  for (const v of cache.values()) total += v.length;
  for (const [k, v] of cache) {
    if (total <= ANSWER_CACHE_CHARS) break;
    cache.delete(k);
    total -= v.length;
  }
}

export function forgetAnswers(db: Db): void {
  answerCaches.delete(db);
}
