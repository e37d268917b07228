import { COMMANDS } from '../commands/definitions';
import { isVisible, type CommandContext } from '../commands/registry';
import { BROWSER_KEPT, formatShortcut, keysOf } from '../commands/keys';
import { useFocusBack } from '../forms/focusBack';

/**
 * The shortcut sheet, from the same registry. A key the browser keeps for itself is shown with
 * the key that does the same here.
 */
export default function ShortcutSheet({
  ctx,
  onClose,
}: {
  ctx: CommandContext;
  onClose: () => void;
}) {
  // What opened the sheet has the keyboard back when it closes.
  useFocusBack();
  const rows = COMMANDS.flatMap((c) =>
    c.shortcut && isVisible(c, ctx) ? [{ c, keys: keysOf(c.shortcut) }] : [],
  );
  const kept = rows.flatMap(({ keys: [key, alternative] }) =>
    key && alternative && BROWSER_KEPT.includes(key) ? [{ key, alternative }] : [],
  );
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
          {rows.map(({ c, keys }) => (
            <tr key={c.id}>
              <td>
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' or '}
                    <kbd>{formatShortcut(k)}</kbd>
                  </span>
                ))}
              </td>
              <td>{c.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {kept.length > 0 && (
        <p className="form-description">
          Browsers keep {kept.map((k) => formatShortcut(k.key)).join(' and ')} for their own windows
          and never pass {kept.length > 1 ? 'them' : 'it'} on:{' '}
          {kept.map((k) => formatShortcut(k.alternative)).join(' and ')}{' '}
          {kept.length > 1 ? 'do' : 'does'} the same here.
        </p>
      )}
      <div className="form-buttons">
        <button type="button" autoFocus onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
