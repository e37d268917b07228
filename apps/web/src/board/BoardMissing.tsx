import { decodePart } from '@listboard/core';

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
