import { useEffect, useMemo, useRef } from 'react';
import { pathTitle, type Item, type List, type Multilist } from '@listboard/core';
import { VirtualRows } from './VirtualRows';
import { useBoardApi } from './boardApi';
import { headline } from './ItemCard';
import { scrollToList } from './boardLinks';
import { scrollIntoViewIfAble } from '../dom';

type Entry = { kind: 'list'; list: List } | { kind: 'item'; item: Item; list: List };

/**
 * Table-of-contents view: every section (list) of the board and the headline of each of its
 * items, in a column before the lists. Choosing an entry brings it into view (and selects it,
 * for those who may select).
 */
export function TocColumn({ board }: { board: Multilist }) {
  const api = useBoardApi();
  const entries: Entry[] = useMemo(
    () =>
      board.lists.flatMap((list) => [
        { kind: 'list' as const, list },
        ...list.items.map((item) => ({ kind: 'item' as const, item, list })),
      ]),
    [board],
  );
  const nav = useRef<HTMLElement>(null);
  // Turning the contents on shows them, wherever the boards were scrolled to.
  useEffect(() => {
    scrollIntoViewIfAble(nav.current, { inline: 'start', block: 'nearest' });
  }, []);
  const go = (e: Entry, target: HTMLElement) => {
    const root = target.closest('.board');
    if (board.abilities.select) {
      if (e.kind === 'list') api.selectList(board, e.list);
      else api.selectItem(board, e.item, null);
    }
    scrollToList(root as HTMLElement | null, pathTitle(e.list.title));
  };
  return (
    <nav ref={nav} className="list toc" aria-label={`Contents of ${board.title}`}>
      <header className="list-header">
        <h3>Contents</h3>
      </header>
      <VirtualRows
        rows={entries}
        rowKey={(e) => (e.kind === 'list' ? `l-${e.list._id}` : e.item._id)}
        estimate={28}
        className="list-items toc-entries"
        label="Sections and items"
        renderRow={(e) => (
          <button
            type="button"
            className={`toc-entry toc-${e.kind}`}
            aria-current={
              (e.kind === 'item' && api.selection.itemId === e.item._id) ||
              (e.kind === 'list' && api.selection.listId === e.list._id && !api.selection.itemId)
                ? 'true'
                : undefined
            }
            onClick={(ev) => go(e, ev.currentTarget)}
          >
            {e.kind === 'list'
              ? e.list.title || `List ${e.list.index + 1}`
              : headline(e.item) || `Item ${e.item.index + 1}`}
          </button>
        )}
      />
    </nav>
  );
}
