import { memo } from 'react';
import type { Item } from '@listboard/core';
import { BlockView } from '../blocks/BlockView';

function ItemCardView({ item }: { item: Item }) {
  const notes = item.notes.filter((n) => n.annotationClass !== 'reply');
  return (
    <article className="item" aria-label={`Item ${item.index + 1}`} data-item-id={item._id}>
      {item.blocks.map((b, i) => (
        <BlockView key={b._id ?? i} block={b} />
      ))}
      {item.labels.length > 0 && (
        <ul className="labels" aria-label="Labels">
          {item.labels.map((l) => (
            <li key={l.name} className="label">
              {l.value ? `${l.name}: ${l.value}` : l.name}
            </li>
          ))}
        </ul>
      )}
      {notes.length > 0 && (
        <p className="note-count">
          {notes.length} {notes.length === 1 ? 'note' : 'notes'}
        </p>
      )}
    </article>
  );
}

export const ItemCard = memo(ItemCardView);
