import type { ItemHandler } from '@listboard/core';

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
 * The selected item's action buttons (spec section 6): only for a signed-in user, and only the
 * handlers the item has. Each runs the same command as its toolbar entry or shortcut.
 */
export function ItemActions({
  handlers,
  onAction,
}: {
  handlers: ItemHandler[];
  onAction(h: ItemHandler): void;
}) {
  if (handlers.length === 0) return null;
  return (
    <div className="item-actions" role="toolbar" aria-label="Item actions">
      {handlers.map((h) => (
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
  );
}
