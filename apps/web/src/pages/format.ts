/** Dates and times as the pages show them, in the reader's own time zone. */
/** A person as Insight's tables name them: their full name and user name, or the user name. */
export const personName = (p: { username: string; fullname: string | null }): string =>
  p.fullname ? `${p.fullname} (${p.username})` : p.username;

export function when(iso: string | null | undefined): string {
  if (!iso) return 'never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** '3 minutes ago', for presence. */
export function ago(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} hour${h === 1 ? '' : 's'} ago`;
  return when(iso);
}
