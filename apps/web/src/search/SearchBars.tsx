import { useEffect } from 'react';
import { isEnabled, isVisible, type CommandContext } from '../commands/registry';
import { searchOfOwnItems, SEARCH_COMMANDS } from '../commands/search';
import { executeCommand } from '../commands/execute';
import { canPaintHighlights, useAccent } from './accent';
import { useLoadProgress } from './progressStore';
import { resultsOnScreen } from './results';
import './search.css';

const RESULT_TOOLS = ['searchEveryone', 'prevPage', 'nextPage', 'sort', 'saveSearch'];

/** Keeps the local-search marks on the text as the board re-renders; clears them on leaving. */
function useAccentTracking(): void {
  const active = useAccent((s) => s.text !== '');
  useEffect(() => {
    const main = document.querySelector('main.boards');
    if (!active || !main) return;
    let frame = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => useAccent.getState().refresh());
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [active]);
  // Leaving the board screen takes the marks with it.
  useEffect(() => () => useAccent.getState().clear(), []);
}

/**
 * The bars under the toolbar that belong to search and load: the load progress bar, the results
 * bar (page, previous and next page, sort, save) and the local search bar (count, clear).
 */
export function SearchBars({ ctx }: { ctx: CommandContext }) {
  const progress = useLoadProgress((s) => s.progress);
  const accent = useAccent();
  useAccentTracking();
  const results = resultsOnScreen(ctx.boards);
  const tools = SEARCH_COMMANDS.filter((c) => RESULT_TOOLS.includes(c.id) && isVisible(c, ctx));
  return (
    <>
      {progress && (
        <div className="bar load-progress" role="status" aria-label="Load progress">
          <progress max={1} value={progress.fraction} aria-label="Load progress" />
          <span>{progress.label}</span>
        </div>
      )}
      {results && (
        <nav className="bar results-bar" aria-label="Search results">
          <span className="results-page">
            Page {results.search.page + 1}
            {' · '}
            {results.search.count === 0
              ? searchOfOwnItems(ctx)
                ? 'nothing you wrote matches'
                : 'no results'
              : `${results.search.count} ${results.search.count === 1 ? 'result' : 'results'}`}
            {results.search.args.sort ? ` · by ${results.search.args.sort}` : ''}
          </span>
          <span className="results-tools">
            {tools.map((c) => (
              <button
                key={c.id}
                type="button"
                className="tool"
                disabled={!isEnabled(c, ctx)}
                onClick={() => executeCommand(c.id, 'toolbar', ctx)}
              >
                {c.label}
              </button>
            ))}
          </span>
        </nav>
      )}
      {accent.text && (
        <div className="bar accent-bar" role="status" aria-label="Local search">
          <span>
            <mark className="accent-swatch">{accent.text}</mark>
            {' · '}
            {accent.count} {accent.count === 1 ? 'match' : 'matches'}
            {!canPaintHighlights() && ' (this browser cannot mark them)'}
          </span>
          <button
            type="button"
            className="tool"
            aria-label="Close local search"
            onClick={() => useAccent.getState().clear()}
          >
            Close
          </button>
        </div>
      )}
    </>
  );
}
