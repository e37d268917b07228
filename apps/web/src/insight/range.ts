/** Days of the activity chart: UTC calendar days, YYYY-MM-DD. */
import type { InsightDay } from '@listboard/core/api/contracts/insight';

export const DAY_MS = 86_400_000;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every day from `from` to `to` (YYYY-MM-DD, inclusive) with its counts, 0 where none. */
export function daysInRange(days: readonly InsightDay[], from: string, to: string) {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const out: InsightDay[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length < 3700; t += DAY_MS) {
    const day = dayOf(t);
    out.push(byDay.get(day) ?? { day, notes: 0, replies: 0 });
  }
  return out;
}
