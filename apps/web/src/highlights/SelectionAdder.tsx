/**
 * Buttons beside words selected in an item: Note, and Annotate for those who may, as readers of
 * annotated pages expect to find them. They show once the words are selected (the mouse let go,
 * the keys or the finger done), under the words' end (above, near the screen's bottom or over
 * the item's own buttons), and go
 * when the words do, when a form opens, or on Escape. A press keeps the selection: the note
 * quotes the words.
 */
import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { COMMANDS } from '../commands/definitions';
import { executeCommand } from '../commands/execute';
import { opsShown } from '../commands/ops';
import { isEnabled } from '../commands/registry';
import { BoardApiContext } from '../board/boardApi';
import { useUi } from '../state/ui';

/** The commands the buttons offer, in order, where the caller may run them. */
const OFFERED = ['note', 'annotate'];
/** Room kept between the words and the buttons, and from the screen's edges. */
const GAP = 8;

/** Where the words the page has selected end on screen, or null when none are selected. */
function selectedEnd(): DOMRect | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const rects = selection.getRangeAt(selection.rangeCount - 1).getClientRects();
  const last = rects[rects.length - 1];
  return last && last.width + last.height > 0 ? last : null;
}

export function SelectionAdder() {
  const ctx = useContext(BoardApiContext)?.commands;
  const words = useUi((s) => s.selection.text);
  const formOpen = useUi((s) => s.form !== null);
  const [end, setEnd] = useState<DOMRect | null>(null);
  const [pressing, setPressing] = useState(false);
  // Words the buttons were put away for (a press, Escape): they come back for other words.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  const wordsNow = useRef(words);
  wordsNow.current = words;
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);

  useEffect(() => {
    const place = () => setEnd(selectedEnd());
    const down = (e: PointerEvent) => {
      if (!bar.current?.contains(e.target as Node)) setPressing(true);
    };
    const up = () => {
      setPressing(false);
      place();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDismissed(wordsNow.current);
    };
    place();
    const stop = new AbortController();
    const early = { capture: true, signal: stop.signal };
    document.addEventListener('selectionchange', place, { signal: stop.signal });
    document.addEventListener('pointerdown', down, early);
    document.addEventListener('pointerup', up, early);
    document.addEventListener('pointercancel', up, early);
    document.addEventListener('keydown', key, early);
    // Lists and boards scroll on their own: the buttons follow the words.
    document.addEventListener('scroll', place, early);
    window.addEventListener('resize', place, { signal: stop.signal });
    return () => stop.abort();
  }, []);

  const commands = ctx
    ? COMMANDS.filter((c) => OFFERED.includes(c.id) && isEnabled(c, ctx) && opsShown(ctx, c.ops))
    : [];
  const shown =
    ctx !== undefined &&
    commands.length > 0 &&
    words !== null &&
    words !== '' &&
    words !== dismissed &&
    end !== null &&
    !pressing &&
    !formOpen;

  // Placed once drawn, when its size is known: under the words' end, inside the screen.
  useLayoutEffect(() => {
    const el = bar.current;
    if (!shown || !el) {
      setAt(null);
      return;
    }
    const { width, height } = el.getBoundingClientRect();
    const left = Math.min(Math.max(GAP, end.right - width / 2), window.innerWidth - width - GAP);
    const below = end.bottom + GAP;
    const above = Math.max(GAP, end.top - GAP - height);
    // Under the words, unless that is past the screen's bottom or over the item's own controls
    // (its Actions, its buttons), which stay within reach.
    const controls = [
      ...(document
        .getSelection()
        ?.anchorNode?.parentElement?.closest('article')
        ?.querySelectorAll('button, summary, a[href]') ?? []),
    ].map((c) => c.getBoundingClientRect());
    const covers = (top: number) =>
      controls.some(
        (c) => c.left < left + width && left < c.right && c.top < top + height && top < c.bottom,
      );
    const room = below + height + GAP <= window.innerHeight;
    setAt({ top: room && !(covers(below) && !covers(above)) ? below : above, left });
  }, [shown, end]);

  if (!shown) return null;
  return (
    <div
      ref={bar}
      className="selection-adder"
      role="toolbar"
      aria-label="Selected words"
      style={at ? { top: at.top, left: at.left } : { visibility: 'hidden' }}
      // Pressed, the buttons leave the selection and the keyboard where they are.
      onMouseDown={(e) => e.preventDefault()}
    >
      {commands.map((c) => {
        const Icon = c.icon;
        return (
          <button
            key={c.id}
            type="button"
            className="tool tool-named"
            // Named for what it acts on: the toolbar has a Note of its own.
            aria-label={`${c.label} the selected words`}
            onClick={() => {
              setDismissed(words);
              executeCommand(c.id, 'toolbar', ctx);
            }}
          >
            {Icon && <Icon aria-hidden="true" size={16} />}
            {c.label}
          </button>
        );
      })}
    </div>
  );
}
