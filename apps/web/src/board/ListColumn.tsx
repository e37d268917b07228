import { memo } from 'react';
import {
  EMPTY_DESCRIPTION_PREFIX,
  compactListTitle,
  pathTitle,
  type Item,
  type List,
} from '@listboard/core';
import type { Display, Selection } from '../state/ui';
import { ItemCard } from './ItemCard';

interface Props {
  list: List;
  selection: Selection;
  selectable: boolean;
  display: Display;
  onSelectList(list: List): void;
  onSelectItem(item: Item, text: string | null): void;
  onNoteAction(item: Item, note: Item, action: 'reply' | 'dismiss' | 'answer'): void;
  canReply: boolean;
  canModerate: boolean;
  shownLabels: string[];
  hiddenTags: string[];
  /** Folded to its title by a list toggle. */
  folded?: boolean;
  labelColors?: Record<string, string>;
}

function ListColumnView({
  list,
  selection,
  selectable,
  display,
  onSelectList,
  onSelectItem,
  onNoteAction,
  canReply,
  canModerate,
  shownLabels,
  hiddenTags,
  folded = false,
  labelColors,
}: Props) {
  const description = list.description.startsWith(EMPTY_DESCRIPTION_PREFIX) ? '' : list.description;
  const selected = selection.listId === list._id;
  const title = display.compactView ? compactListTitle(list.title) : list.title;
  return (
    <section
      className={`list${selected ? ' selected' : ''}${display.collapseLists || folded ? ' collapsed' : ''}`}
      aria-label={list.title || `List ${list.index + 1}`}
      data-anchor={pathTitle(list.title)}
      data-list-id={list._id}
    >
      <header className="list-header">
        {selectable ? (
          <button
            type="button"
            className="list-title"
            aria-pressed={selected}
            onClick={() => onSelectList(list)}
          >
            <h3>{title}</h3>
          </button>
        ) : (
          <h3>{title}</h3>
        )}
        {description && !display.collapseLists && !folded && (
          <p className="list-description">{description}</p>
        )}
      </header>
      {!display.collapseLists && !folded && (
        <div className="list-items">
          {list.items.length === 0 ? (
            <p className="empty">No items yet.</p>
          ) : (
            list.items
              .filter((it) => !it.labels.some((l) => hiddenTags.includes(l.name)))
              .map((it) => (
                <ItemCard
                  key={it._id}
                  item={it}
                  selected={selection.itemId === it._id}
                  selectable={selectable}
                  collapsed={display.collapseItems || display.headlineView}
                  showNotes={display.showNotes}
                  onSelect={onSelectItem}
                  onNoteAction={onNoteAction}
                  canReply={canReply}
                  canModerate={canModerate}
                  shownLabels={shownLabels}
                  labelColors={labelColors}
                />
              ))
          )}
        </div>
      )}
    </section>
  );
}

export const ListColumn = memo(ListColumnView);
