import { useAnnouncement } from './state/announce';

/** The page's polite live region: read out by screen readers, not shown (state/announce). */
export function Announcer() {
  const text = useAnnouncement((s) => s.text);
  return (
    <p className="visually-hidden announcer" role="status" aria-live="polite">
      {text}
    </p>
  );
}
