import { DEFAULT_TIME_ZONE, TIME_ZONES, type TimeZoneName } from '../constants';
import { must } from '../must';

/** The spec's zone names as IANA zones, so daylight saving time follows the real rules. */
export const ZONE_IANA: Readonly<Record<TimeZoneName, string>> = {
  pacific: 'America/Los_Angeles',
  mountain: 'America/Denver',
  central: 'America/Chicago',
  eastern: 'America/New_York',
};

/** A zone name as given (any case), or the default zone when it is missing or unknown. */
export function zoneOf(name: string | null | undefined): TimeZoneName {
  const n = (name ?? '').trim().toLowerCase();
  return (TIME_ZONES as readonly string[]).includes(n) ? (n as TimeZoneName) : DEFAULT_TIME_ZONE;
}

const formatters = new Map<TimeZoneName, Intl.DateTimeFormat>();

function formatter(zone: TimeZoneName): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE_IANA[zone],
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in the zone at an instant. */
export function wallClock(ms: number, zone: TimeZoneName): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const part = (type: keyof WallClock) => must(parts[type], `the ${type} of the time in ${zone}`);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

function wallAsUtc(w: WallClock): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
}

/** Minutes the zone is ahead of UTC at an instant (negative in the Americas). */
export function zoneOffsetMinutes(ms: number, zone: TimeZoneName): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return Math.round((wallAsUtc(wallClock(whole, zone)) - whole) / 60_000);
}

/**
 * The instant a local wall-clock midnight begins in the zone. US zones change their clocks at
 * 2 a.m., so midnight always exists and is never doubled; one correction step settles the offset
 * on either side of a change.
 */
export function localMidnight(
  year: number,
  month: number,
  day: number,
  zone: TimeZoneName,
): number {
  const guess = wallAsUtc({ year, month, day, hour: 0, minute: 0, second: 0 });
  const first = guess - zoneOffsetMinutes(guess, zone) * 60_000;
  return guess - zoneOffsetMinutes(first, zone) * 60_000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar day of an instant in the zone, as YYYY-MM-DD. */
export function localDateString(ms: number, zone: TimeZoneName): string {
  const w = wallClock(ms, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}
