import { useEffect, useRef } from 'react';
import { COMMANDS } from '../commands/definitions';
import { isEnabled, type CommandContext } from '../commands/registry';
import { matches, parseShortcut } from '../commands/keys';

const BOUND = COMMANDS.filter((c) => c.shortcut).map((c) => ({
  c,
  combo: parseShortcut(c.shortcut!),
}));

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

/** Runs the command bound to a key, unless the user is typing or a form is open. */
export function useKeyboard(ctx: CommandContext, formOpen: boolean): void {
  const latest = useRef(ctx);
  latest.current = ctx;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A key the focused element already handled (an item's space, say) is not a shortcut.
      if (formOpen || e.defaultPrevented || typing(e.target)) return;
      const hit = BOUND.find((b) => matches(b.combo, e));
      if (!hit || !isEnabled(hit.c, latest.current)) return;
      e.preventDefault();
      void hit.c.run(latest.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [formOpen]);
}
