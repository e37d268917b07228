/**
 * Local search's bar under the toolbar: the words marked, which match the reader is at and how
 * many there are, Previous match and Next match, and Close. Shown while local search marks words
 * (SearchBars), it keeps the marks on the text as the board re-renders, finds the places anew
 * as the board changes, and opens the list and item of the match gone to.
 */
import { useEffect, useRef } from 'react';
import { isEnabled, type CommandContext } from '../commands/registry';
import { SEARCH_COMMANDS } from '../commands/search';
import { executeCommand } from '../commands/execute';
import { formatShortcut } from '../commands/keys';
import { useUi } from '../state/ui';
import { itemIsOpen, listIsOpen } from '../commands/helpers';
import { canPaintHighlights, placeOf, useAccent } from './accent';
import { findOnBoard } from './boardFind';

const MATCH_TOOLS = ['prevMatch', 'nextMatch'];

/** Keeps the local-search marks on the text as the board re-renders. */
function useAccentTracking(): void {
  useEffect(() => {
    const main = document.querySelector('main.boards');
    if (!main) return;
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
  }, []);
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
    if (first.current || !searched) {
      first.current = false;
      return;
    }
    useAccent.getState().setPlaces(findOnBoard(searched, text, { showNotes, shownLabels }));
  }, [searched, text, showNotes, shownLabels]);
}

/**
 * The match gone to is shown whole: its list, and its item, are opened where they were closed
 * (one by one, or all by Collapse items or the headline view), as the reader would open them.
 */
function useOpenCurrent(ctx: CommandContext): void {
  const at = useAccent((s) => s.at);
  const places = useAccent((s) => s.places);
  const place = placeOf(places, at)?.place;
  const { listId, itemId } = place ?? {};
  const { display, actions, listState, itemState } = ctx;
  useEffect(() => {
    if (listId && !listIsOpen(display, listState(listId))) {
      actions.setListState(listId, { open: true });
    }
    if (itemId && !itemIsOpen(display, itemState(itemId))) {
      actions.setItemState(itemId, { open: true });
    }
    // Once for each match gone to, not again as the reader closes it there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at, listId, itemId]);
}

export default function AccentBar({ ctx }: { ctx: CommandContext }) {
  const accent = useAccent();
  useAccentTracking();
  useAccentPlaces(ctx);
  useOpenCurrent(ctx);
  const matchTools = MATCH_TOOLS.flatMap((id) => SEARCH_COMMANDS.filter((c) => c.id === id));
  return (
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
  );
}
