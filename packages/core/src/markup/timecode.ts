/**
 * Time codes as authors write them: seconds (`90`, `12.5`), minutes and seconds (`1:05`) or
 * hours, minutes and seconds (`1:02:03.5`). Split on ':' rather than matched with one pattern so
 * that long adversarial inputs cost linear time.
 */

function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function parseSeconds(s: string): number | null {
  const dot = s.indexOf('.');
  if (dot < 0) return isDigits(s) ? Number(s) : null;
  const whole = s.slice(0, dot);
  const frac = s.slice(dot + 1);
  if (!isDigits(frac) || (whole !== '' && !isDigits(whole))) return null;
  return Number(`${whole || '0'}.${frac}`);
}

/** Seconds for a time code, or null when it is not one. */
export function parseTimecode(code: string): number | null {
  const parts = code.trim().split(':');
  if (parts.length > 3) return null;
  const seconds = parseSeconds(parts[parts.length - 1] ?? '');
  if (seconds === null) return null;
  let total = seconds;
  let scale = 60;
  for (let k = parts.length - 2; k >= 0; k--) {
    const part = parts[k] ?? '';
    if (!isDigits(part)) return null;
    total += Number(part) * scale;
    scale *= 60;
  }
  return Number.isFinite(total) ? total : null;
}

/** A time in seconds written as a time code: `65` → `1:05`, `3723.5` → `1:02:03.5`. */
export function formatTimecode(seconds: number): string {
  const whole = Math.floor(seconds);
  const frac = Math.round((seconds - whole) * 1000) / 1000;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const sec = frac > 0 ? `${s + frac}` : `${s}`;
  const pad = (n: string): string => ((n.split('.')[0] ?? '').length < 2 ? `0${n}` : n);
  if (h > 0) return `${h}:${pad(String(m))}:${pad(sec)}`;
  return `${m}:${pad(sec)}`;
}
