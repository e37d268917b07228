/**
 * Live streams by the session they were opened in. A stream lasts no longer than its session:
 * signing out ends that session's streams on this instance at once. Sessions ended any other way
 * (on another instance, replaced by a sign-in, by a password reset, by running out) are found by
 * each stream itself, at its heartbeat and before it sends an event on a viewer older than a few
 * seconds (realtime/routes.ts).
 */
const streams = new Map<string, Set<() => void>>();

/** Keeps a stream's end under its session; the returned function lets it go again. */
export function holdStream(sessionId: string, end: () => void): () => void {
  let held = streams.get(sessionId);
  if (!held) streams.set(sessionId, (held = new Set()));
  held.add(end);
  return () => {
    held.delete(end);
    if (held.size === 0 && streams.get(sessionId) === held) streams.delete(sessionId);
  };
}

/** Ends the streams of a session that has just ended. */
export function endStreamsOf(sessionId: string): void {
  for (const end of [...(streams.get(sessionId) ?? [])]) end();
}
