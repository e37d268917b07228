import { memo } from 'react';
import { EMPTY_DESCRIPTION_PREFIX, pathTitle, type List } from '@listboard/core';
import { ItemCard } from './ItemCard';

function ListColumnView({ list }: { list: List }) {
  const description = list.description.startsWith(EMPTY_DESCRIPTION_PREFIX) ? '' : list.description;
  return (
    <section className="list" aria-label={list.title || `List ${list.index + 1}`} data-anchor={pathTitle(list.title)}>
      <header className="list-header">
        <h3>{list.title}</h3>
        {description && <p className="list-description">{description}</p>}
      </header>
      <div className="list-items">
        {list.items.length === 0 ? <p className="empty">No items yet.</p> : list.items.map((it) => <ItemCard key={it._id} item={it} />)}
      </div>
    </section>
  );
}

export const ListColumn = memo(ListColumnView);
