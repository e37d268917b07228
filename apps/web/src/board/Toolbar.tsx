import { useEffect, useRef } from 'react';
import { COMMANDS } from '../commands/definitions';
import {
  isEnabled,
  isVisible,
  onToolbar,
  type CommandContext,
  type CommandGroup,
} from '../commands/registry';
import { formatShortcut } from '../commands/keys';

const GROUP_ORDER: CommandGroup[] = ['navigate', 'help', 'view', 'edit', 'admin', 'account'];

/**
 * A <details> menu stays open until its summary is clicked again; a menu should also close on
 * Escape (giving focus back to its button) and on a click anywhere else.
 */
function useClosingMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (refocus: boolean) => {
      const menu = ref.current;
      if (!menu?.open) return;
      menu.open = false;
      if (refocus) menu.querySelector('summary')?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && ref.current?.open) {
        e.stopPropagation();
        close(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, []);
  return ref;
}

/** The controls bar, generated from the command registry. */
export function Toolbar({ ctx }: { ctx: CommandContext }) {
  const moreMenu = useClosingMenu();
  // Grouped on the bar whatever file an area's commands come from: a search button sits with the
  // other navigation tools, an import with the other edits.
  const shown = COMMANDS.filter((c) => onToolbar(c, ctx) && isVisible(c, ctx)).sort(
    (a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group),
  );
  // Everything else this user may do, so no command is reachable by keyboard only.
  const more = COMMANDS.filter((c) => !onToolbar(c, ctx) && isVisible(c, ctx));
  return (
    <nav className="controls-bar" aria-label="Board tools">
      <details className="more-menu" ref={moreMenu}>
        <summary className="tool">More</summary>
        <ul role="menu">
          {more.map((c) => (
            <li key={c.id} role="none">
              <button
                type="button"
                role={c.pressed ? 'menuitemcheckbox' : 'menuitem'}
                aria-checked={c.pressed ? c.pressed(ctx) : undefined}
                disabled={!isEnabled(c, ctx)}
                onClick={(e) => {
                  (e.currentTarget.closest('details') as HTMLDetailsElement).open = false;
                  void c.run(ctx);
                }}
              >
                <span>{c.label}</span>
                {c.shortcut && <kbd>{formatShortcut(c.shortcut)}</kbd>}
              </button>
            </li>
          ))}
        </ul>
      </details>
      {shown.map((c, i) => [
        i > 0 && shown[i - 1]!.group !== c.group && c.group !== 'help' && (
          <span key={`${c.id}-sep`} className="tool-sep" aria-hidden="true" />
        ),
        <button
          key={c.id}
          type="button"
          className={`tool tool-${c.group}`}
          aria-label={c.label}
          aria-pressed={c.pressed ? c.pressed(ctx) : undefined}
          title={c.shortcut ? `${c.label} (${formatShortcut(c.shortcut)})` : c.label}
          disabled={!isEnabled(c, ctx)}
          onClick={() => void c.run(ctx)}
        >
          {c.icon ? <span aria-hidden="true">{c.icon}</span> : null}
          <span className={c.icon ? 'tool-text' : undefined}>{c.label}</span>
        </button>,
      ])}
    </nav>
  );
}

/** The shortcut sheet, from the same registry. */
export function ShortcutSheet({ ctx, onClose }: { ctx: CommandContext; onClose(): void }) {
  const rows = COMMANDS.filter((c) => c.shortcut && isVisible(c, ctx));
  return (
    <div
      className="input-form"
      role="dialog"
      aria-label="Keyboard shortcuts"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <h2 className="form-label">Keyboard shortcuts</h2>
      <table className="shortcut-sheet">
        <tbody>
          {rows.map((c) => (
            <tr key={c.id}>
              <td>
                <kbd>{formatShortcut(c.shortcut!)}</kbd>
              </td>
              <td>{c.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-buttons">
        <button type="button" autoFocus onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
