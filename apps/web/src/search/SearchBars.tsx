import { lazy, Suspense, useEffect } from 'react';
import { isEnabled, isVisible, type CommandContext } from '../commands/registry';
import { searchOfOwnItems, SEARCH_COMMANDS } from '../commands/search';
import { executeCommand } from '../commands/execute';
import { useAccent } from './accent';
import { useLoadProgress } from './progressStore';
import { resultsOnScreen } from './results';
import './search.css';

const RESULT_TOOLS = ['searchEveryone', 'prevPage', 'nextPage', 'sort', 'saveSearch'];
/** Local search's bar, with the first local search: a few hundred bytes no first visit needs. */
const AccentBar = lazy(() => import('./AccentBar'));

/**
 * The bars under the toolbar that belong to search and load: the load progress bar, the results
 * bar (page, previous and next page, sort, save) and the local search bar (AccentBar.tsx).
 */
export function SearchBars({ ctx }: { ctx: CommandContext }) {
  const progress = useLoadProgress((s) => s.progress);
  const marking = useAccent((a) => a.text !== '');
  // Leaving the board screen takes the marks with it.
  useEffect(() => () => useAccent.getState().clear(), []);
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
      {marking && (
        <Suspense fallback={null}>
          <AccentBar ctx={ctx} />
        </Suspense>
      )}
    </>
  );
}
