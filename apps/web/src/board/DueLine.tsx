/**
 * When readers' notes on a board are due, under its title: the date and time in the reader's own
 * time zone, and how far off it is ("in 3 days", "2 hours ago").
 */
import { useEffect, useState } from 'react';
import type { Multilist } from '@listboard/core';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far `at` is from `now`, in the unit a person would say it in. */
export function howFar(at: Date, now: Date): string {
  const ms = at.getTime() - now.getTime();
  const away = Math.abs(ms);
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const sign = ms < 0 ? -1 : 1;
  if (away < HOUR) return words.format(sign * Math.max(1, Math.round(away / MINUTE)), 'minute');
  if (away < 2 * DAY) return words.format(sign * Math.round(away / HOUR), 'hour');
  if (away < 45 * DAY) return words.format(sign * Math.round(away / DAY), 'day');
  if (away < 540 * DAY) return words.format(sign * Math.round(away / (30.44 * DAY)), 'month');
  return words.format(sign * Math.round(away / (365.25 * DAY)), 'year');
}

const namesYear = (at: Date, now: Date, width: 'long' | 'short') =>
  at.getFullYear() !== now.getFullYear() &&
  (width === 'long' || Math.abs(at.getTime() - now.getTime()) >= 182 * DAY);

/**
 * The day and time of `at`, its words long or short, and how far off it is: "Friday, December 12
 * at 5:00 PM (in 6 days)"; another year is named (by the short words, only half a year or more
 * away).
 */
function whenFrom(at: Date, now: Date, width: 'long' | 'short'): string {
  const when = new Intl.DateTimeFormat(undefined, {
    weekday: width,
    month: width,
    day: 'numeric',
    ...(namesYear(at, now, width) ? { year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
  return `${when} (${howFar(at, now)})`;
}

const isPast = (at: Date, now: Date) => at.getTime() <= now.getTime();

/** "Notes due Friday, December 12 at 5:00 PM (in 6 days)." or "Notes were due … (2 days ago)." */
export function dueWords(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return `${isPast(at, now) ? 'Notes were due' : 'Notes due'} ${whenFrom(at, now, 'long')}.`;
}

/**
 * "due Fri, Dec 12, 5:00 PM (in 6 days)", as a line of the home's dashboard and a list's header
 * say it; `brief`, for a phone's row: "due in 6 days".
 */
export function dueShort(iso: string, now = new Date(), brief = false): string {
  const at = new Date(iso);
  const due = isPast(at, now) ? 'was due' : 'due';
  return brief ? `${due} ${howFar(at, now)}` : `${due} ${whenFrom(at, now, 'short')}`;
}

/**
 * The value a datetime-local field shows for an ISO date, in this browser's time zone
 * ("2026-12-12T17:00"), and back.
 */
export function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The time now, again each minute: a board left open says "was due" once the time has come. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(tick);
  }, []);
  return now;
}

/** The line; to those who may change it, whether a reminder goes before the date. */
export function DueLine({ board }: { board: Multilist }) {
  const now = useMinute();
  if (!board.notesDue) return null;
  const reminds = board.remindDue && !isPast(new Date(board.notesDue), now);
  return (
    <p className="board-due">
      <time dateTime={board.notesDue}>{dueWords(board.notesDue, now)}</time>
      {reminds && ' Readers yet to write are reminded by mail a day before.'}
    </p>
  );
}
