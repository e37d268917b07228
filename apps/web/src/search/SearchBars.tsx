import { useEffect, useRef } from 'react';
import { isEnabled, isVisible, type CommandContext } from '../commands/registry';
import { searchOfOwnItems, SEARCH_COMMANDS } from '../commands/search';
import { executeCommand } from '../commands/execute';
import { canPaintHighlights, useAccent } from './accent';
import { findOnBoard } from './boardFind';
import { formatShortcut } from '../commands/keys';
import { useUi } from '../state/ui';
import { useLoadProgress } from './progressStore';
import { resultsOnScreen } from './results';
import './search.css';

const RESULT_TOOLS = ['searchEveryone', 'prevPage', 'nextPage', 'sort', 'saveSearch'];
const MATCH_TOOLS = ['prevMatch', 'nextMatch'];

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

/** Local search's places found anew as the board searched changes (an edit, a live change). */
function useAccentPlaces(ctx: CommandContext): void {
  const text = useAccent((s) => s.text);
  const board = useAccent((s) => s.board);
  const shownLabels = useUi((s) => s.shownLabels);
  const searched = ctx.boards.find((b) => `${b.owner}/${b.ptitle}` === board) ?? null;
  const showNotes = ctx.display.showNotes;
  const first = useRef(true);
  useEffect(() => {
    // Its first places came with the search itself.
    if (first.current || !text || !searched) {
      first.current = !text;
      return;
    }
    useAccent.getState().setPlaces(findOnBoard(searched, text, { showNotes, shownLabels }));
  }, [searched, text, showNotes, shownLabels]);
}

/**
 * The bars under the toolbar that belong to search and load: the load progress bar, the results
 * bar (page, previous and next page, sort, save) and the local search bar (count, clear).
 */
export function SearchBars({ ctx }: { ctx: CommandContext }) {
  const progress = useLoadProgress((s) => s.progress);
  const accent = useAccent();
  useAccentTracking();
  useAccentPlaces(ctx);
  const results = resultsOnScreen(ctx.boards);
  const tools = SEARCH_COMMANDS.filter((c) => RESULT_TOOLS.includes(c.id) && isVisible(c, ctx));
  const matchTools = MATCH_TOOLS.flatMap((id) => SEARCH_COMMANDS.filter((c) => c.id === id));
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
          <span className="accent-count">
            <mark className="accent-swatch">{accent.text}</mark>
            {' · '}
            {accent.at >= 0 ? `${accent.at + 1} of ` : ''}
            {accent.count} {accent.count === 1 ? 'match' : 'matches'}
            {!canPaintHighlights() && ' (this browser cannot mark them)'}
          </span>
          <span className="accent-tools">
            {matchTools.map((c) => {
              const Icon = c.icon;
              return (
                <button
                  key={c.id}
                  type="button"
                  className="tool"
                  aria-label={c.label}
                  title={`${c.label} (${formatShortcut(c.shortcut ?? '')})`}
                  disabled={!isEnabled(c, ctx)}
                  onClick={() => executeCommand(c.id, 'toolbar', ctx)}
                >
                  {Icon && <Icon size={16} aria-hidden="true" />}
                  <span className="accent-tool-name">{c.label.split(' ')[0]}</span>
                </button>
              );
            })}
            <button
              type="button"
              className="tool"
              aria-label="Close local search"
              onClick={() => useAccent.getState().clear()}
            >
              Close
            </button>
          </span>
        </div>
      )}
    </>
  );
}
