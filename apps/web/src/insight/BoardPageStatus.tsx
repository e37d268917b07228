/**
 * What a page about one board (Insight, Course grades) shows instead of its figures: what failed,
 * a board that is not there or is locked, or that the figures are loading. Nothing once they are in.
 */
import type { ReactNode } from 'react';

export function boardPageStatus(page: {
  address: string;
  /** The board as loaded: undefined while it loads, null when there is none. */
  board: { locked?: boolean } | null | undefined;
  failed: Error | null;
  /** The session ended under the page: its bar says so and how to go on, and nothing is added. */
  ended: boolean;
  loaded: boolean;
}): ReactNode {
  if (page.failed && page.ended) return null;
  if (page.failed)
    return (
      <p className="error" role="alert">
        {page.failed.message}
      </p>
    );
  if (page.board === null)
    return (
      <p className="error" role="alert">
        There is no board at {page.address}.
      </p>
    );
  if (page.board?.locked)
    return <p className="empty">This board is locked: open it and enter its password first.</p>;
  if (!page.loaded) return <p className="empty">Loading…</p>;
  return null;
}
