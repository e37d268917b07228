import { useContext } from 'react';
import { ChevronDown, Ellipsis } from 'lucide-react';
import type { ItemHandler } from '@listboard/core';
import { COMMANDS } from '../commands/definitions';
import { isVisible } from '../commands/registry';
import { HANDLER_OPS, opsShown } from '../commands/ops';
import { MenuEntry, useClosingMenu } from './Toolbar';
import { BoardApiContext } from './boardApi';
import { scrollIntoViewIfAble } from '../dom';

const LABELS: Record<ItemHandler, string> = {
  visit: 'Visit',
  annotate: 'Annotate',
  reply: 'Reply',
  delete: 'Delete',
  label: 'Label',
  duplicate: 'Duplicate',
  insert: 'Insert after',
  edit: 'Edit',
};

/**
 * Everything the selection allows on this item (note, annotate, edit, move, label, markers, …),
 * from the command registry with each shortcut: the way to them without a keyboard.
 */
function ItemMenu() {
  const api = useContext(BoardApiContext);
  const ref = useClosingMenu();
  const ctx = api?.commands;
  const commands = ctx
    ? COMMANDS.filter((c) => c.item && isVisible(c, ctx) && opsShown(ctx, c.ops))
    : [];
  if (!ctx || commands.length === 0) return null;
  return (
    <details
      className="tool-menu item-menu"
      ref={ref}
      // Opened, the menu is brought into its list from its top (its bar no longer sticks to the
      // list's bottom, board.css); the toggle comes after the tap, so nothing moves under it.
      onToggle={(e) => {
        if (e.currentTarget.open)
          scrollIntoViewIfAble(e.currentTarget, { block: 'nearest', inline: 'nearest' });
      }}
    >
      <summary className="item-action item-menu-button">
        <Ellipsis aria-hidden="true" size={16} />
        <span>Actions</span>
        <ChevronDown className="chevron" aria-hidden="true" size={14} />
      </summary>
      <ul role="menu" aria-label="Actions on this item" className="item-menu-entries">
        {commands.map((c) => (
          <MenuEntry key={c.id} c={c} ctx={ctx} />
        ))}
      </ul>
    </details>
  );
}

/**
 * The selected item's action buttons (spec section 6): only for a signed-in user, and only the
 * handlers the item has. Each runs the same command as its toolbar entry or shortcut. Beside
 * them, the Actions menu holds every other command on the selected item.
 */
export function ItemActions({
  handlers,
  onAction,
}: {
  handlers: ItemHandler[];
  onAction: (h: ItemHandler) => void;
}) {
  const api = useContext(BoardApiContext);
  const signedIn = api?.signedIn ?? false;
  // The operation toggles hide the buttons of the kinds switched off.
  const shown = api ? handlers.filter((h) => opsShown(api.commands, HANDLER_OPS[h])) : handlers;
  if (shown.length === 0 && !signedIn) return null;
  return (
    <div
      className="item-actions"
      role="toolbar"
      aria-label="Item actions"
      // A press here keeps the words selected in the item (a note quotes them), and a tap here
      // neither selects nor deselects the item nor starts its long press.
      onMouseDown={(e) => e.preventDefault()}
      onMouseUp={(e) => e.stopPropagation()}
      onPointerDown={(e) => e.stopPropagation()}
    >
      <div className="item-action-buttons">
        {shown.map((h) => (
          <button
            key={h}
            type="button"
            className={`item-action item-action-${h}`}
            onClick={(e) => {
              e.stopPropagation();
              onAction(h);
            }}
          >
            {LABELS[h]}
          </button>
        ))}
      </div>
      {signedIn && <ItemMenu />}
    </div>
  );
}
