import { decodePart } from '@listboard/core';
import { CallFailed } from '../api/client';

/**
 * What the page shows once the alert about a missing board has gone: a calm explanation and a
 * way back, rather than an empty screen.
 */
export function BoardMissing({ path }: { path: string }) {
  return (
    <section className="board-missing" aria-labelledby="board-missing-title">
      <h1 id="board-missing-title">No board here</h1>
      <p>
        Nothing was found at <code>{decodePart(path)}</code>. The address may be mistyped, or the
        board may have been renamed or removed.
      </p>
      <p>
        <a href="/">Go to your home board</a>
      </p>
    </section>
  );
}

/**
 * What the page shows when its boards could not be loaded: what went wrong, Try again where
 * asking again may go otherwise (no connection, the server busy), and a way home.
 */
export function BoardFailed({ error, retry }: { error: Error; retry: () => void }) {
  const passing = !(error instanceof CallFailed) || error.passing;
  return (
    <section className="board-missing" aria-labelledby="board-failed-title">
      <h1 id="board-failed-title">This page did not open</h1>
      <p>{error.message}</p>
      <p className="board-missing-ways">
        {passing && (
          <button type="button" className="tool tool-named" onClick={retry}>
            Try again
          </button>
        )}
        <a href="/">Go to your home board</a>
      </p>
    </section>
  );
}
