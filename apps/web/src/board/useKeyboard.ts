import { useEffect, useRef } from 'react';
import { COMMANDS } from '../commands/definitions';
import { activeScopes, isEnabled, type CommandContext } from '../commands/registry';
import { keysOf, matches, parseShortcut } from '../commands/keys';
import { executeCommand } from '../commands/execute';
import { useUi } from '../state/ui';

// Each command by its spec key, and by the alternative of a key the browser keeps for itself.
const BOUND = COMMANDS.flatMap((c) =>
  c.shortcut ? keysOf(c.shortcut).map((k) => ({ c, combo: parseShortcut(k) })) : [],
);

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' ||
      el.tagName === 'TEXTAREA' ||
      el.tagName === 'SELECT' ||
      el.isContentEditable)
  );
}

/**
 * Runs the command bound to a key, unless the user is typing or a form is open. `readSelection`
 * brings the words selected on screen into the context first, for keys that act on them: the key
 * does what the screen shows even when it comes before the selection's own read (a frame later).
 */
export function useKeyboard(
  ctx: CommandContext,
  formOpen: boolean,
  readSelection?: () => void,
): void {
  const latest = useRef({ ctx, readSelection });
  latest.current = { ctx, readSelection };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A key the focused element already handled (an item's space, say) is not a shortcut.
      if (formOpen || e.defaultPrevented || typing(e.target)) return;
      const hits = BOUND.filter((b) => matches(b.combo, e));
      let { ctx } = latest.current;
      if (hits.some((b) => b.c.scope === 'text') && latest.current.readSelection) {
        latest.current.readSelection();
        ctx = { ...ctx, selection: useUi.getState().selection };
      }
      // The most specific scope in force wins: alt+n notes selected text, else toggles the item.
      const hit = activeScopes(ctx)
        .map((s) => hits.find((b) => (b.c.scope ?? 'board') === s))
        .find(Boolean);
      if (!hit || !isEnabled(hit.c, ctx)) return;
      e.preventDefault();
      executeCommand(hit.c.id, 'shortcut', ctx);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [formOpen]);
}
