import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useLocation } from 'react-router';
import {
  EMPTY_DESCRIPTION_PREFIX,
  LIST_WIDTH_STEPS,
  TIMINGS,
  compactListTitle,
  counted,
  itemActions,
  notesDueOf,
  pathTitle,
  upperFirst,
  type Item,
  type List,
  type ListEditorMode,
  type Multilist,
} from '@listboard/core';
import { ItemCard } from './ItemCard';
import { ListEditor } from './ListEditor';
import { InlineMarkdown } from '../blocks/InlineMarkdown';
import { dueShort } from './DueLine';
import { VirtualRows } from './VirtualRows';
import { bringListIn } from './listScroll';
import { useBoardApi } from './boardApi';
import { useLongPress } from './useLongPress';
import { itemColor, type ColorKey } from './colors';
import { itemIsOpen, listIsOpen } from '../commands/helpers';
import { useListDrop } from './itemDrop';
import { useSession } from '../state/session';
import { notesOfHref, type NotesOf } from '../commands/insight';

/** Which side of a list a dragged list is over: its left half before it, its right half after. */
const sideOf = (e: DragEvent<HTMLElement>) => {
  const r = e.currentTarget.getBoundingClientRect();
  return e.clientX < r.left + r.width / 2 ? ('before' as const) : ('after' as const);
};

/** A first guess at an item's height before it is measured, by how items are shown. */
export function estimateItem(open: boolean, compact: boolean): number {
  return open ? (compact ? 120 : 160) : 44;
}

const NO_WRITERS: readonly string[] = [];

/** One item as a list shows it, with everything the card needs from the screen. */
export function useItemRenderer(board: Multilist, keys: ColorKey[], movable = false) {
  const api = useBoardApi();
  const { display, prefs, selection } = api;
  const selectable = board.abilities.select;
  // Who writes the board: their notes say so, which no reader's chosen name can copy. A results
  // page gathers notes of many boards and says it of none.
  // Kept while the board's owner and coauthors stay: a new array would draw every card again.
  const results = api.isResults(board);
  const { owner, authors } = board;
  const writers = useMemo(
    () => (results ? NO_WRITERS : [owner, ...authors]),
    [results, owner, authors],
  );
  const user = useSession((s) => s.user);
  // When notes on each list's items are due: its own date, else the board's.
  const { lists, notesDue } = board;
  const dues = useMemo(
    () => new Map(lists.map((l) => [l._id, notesDueOf(l.notesDue, notesDue)])),
    [lists, notesDue],
  );
  const code = new URLSearchParams(useLocation().search).get('code');
  // A note's group badge and its writer's name lead to the notes of that group or writer.
  const notesOf = useCallback(
    (only: NotesOf) => notesOfHref(user, board, { results, code }, only),
    [user, board, results, code],
  );
  return (item: Item, position?: number, setSize?: number) => {
    const selected = selection.itemId === item._id;
    return (
      <ItemCard
        item={item}
        position={position}
        setSize={setSize}
        selected={selected}
        selectable={selectable}
        open={itemIsOpen(display, api.itemState(item._id))}
        sentences={display.sentences}
        showNotes={display.showNotes}
        hideLabels={prefs.hideLabels}
        color={itemColor(item, keys, display.colors)}
        handlers={
          selected && api.signedIn
            ? itemActions(board.abilities, item, { results: api.isResults(board) })
            : []
        }
        onSelect={(it, picked) => api.selectItem(board, it, picked)}
        onToggleOpen={api.toggleItem}
        onAction={(it, h) => api.itemAction(board, it, h)}
        onNoteAction={(it, note, action) => api.noteAction(board, it, note, action)}
        abilities={board.abilities}
        results={results}
        shownLabels={api.shownLabels}
        labelColors={board.labelColors}
        boardWriters={writers}
        due={dues.get(item.listId) ?? notesDue}
        notesOf={notesOf}
        movable={movable}
      />
    );
  };
}

interface Props {
  board: Multilist;
  list: List;
  keys: ColorKey[];
  /** The view state's first item in view, when it falls in this list (restored on reload). */
  initialIndex?: number;
  /** Its place in the board, and where it reports its drawn size, when the lists are virtualised. */
  index?: number;
  measure?: (el: HTMLElement | null) => void;
}

export function ListColumn({ board, list, keys, initialIndex, index, measure }: Props) {
  const api = useBoardApi();
  const { display, selection } = api;
  const vs = api.listState(list._id);
  const results = api.isResults(board);
  const canEdit = board.abilities.edit && !results;
  const canInsert = board.abilities.insert && !results;
  const canDrag = canEdit && !api.prefs.dragLock;
  // A list dragged over this one: which side of it it would go.
  const [dropping, setDropping] = useState<'before' | 'after' | null>(null);
  // An item or files dragged over the list: where they would go, and the line that shows it.
  const itemDrop = useListDrop({
    item: canDrag ? (place) => api.moveItem(board, place.itemId, list._id, place) : null,
    files: canInsert ? (place, files) => api.dropFiles(board, list, place, files) : null,
  });
  const description = list.description.startsWith(EMPTY_DESCRIPTION_PREFIX) ? '' : list.description;
  const selected = selection.listId === list._id;
  const folded = api.hiddenLists.includes(list.title);
  const open = listIsOpen(display, vs) && !folded;
  const title = display.compactView ? compactListTitle(list.title) : list.title;
  const editorOpen = api.editorListId === list._id;
  const press = useLongPress(
    TIMINGS.longPressListMs,
    () => api.toggleListEditor(list._id),
    canInsert,
    '.list-title',
  );
  const renderItem = useItemRenderer(board, keys, canDrag);
  const items = list.items.filter((it) => !it.labels.some((l) => api.hiddenTags.includes(l.name)));
  const focus = items.findIndex((i) => i._id === selection.itemId);
  const split = api.splitLists.includes(list._id);
  const width = vs.zoom !== undefined ? LIST_WIDTH_STEPS[vs.zoom] : undefined;
  const openForm = api.form?.listEditor?.listId === list._id ? api.form.listEditor.mode : null;
  const modes: ListEditorMode[] = [
    ...(canEdit ? (['title', 'description'] as const) : []),
    ...(canInsert ? (['insert', 'upload', 'import'] as const) : []),
    ...(board.abilities.duplicate && !results ? (['duplicate'] as const) : []),
    ...(board.abilities.delete && !results ? (['delete'] as const) : []),
  ];
  // Selected (by the keyboard, say) in a row that is not virtualised, it comes on screen whole;
  // the virtualised row brings its selected list in itself.
  const section = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (selected && index === undefined && section.current) bringListIn(section.current);
  }, [selected, index]);
  const estimate = estimateItem(itemIsOpen(display, {}), display.compactView);
  const pane = (label: string) => (
    <VirtualRows
      rows={items}
      rowKey={(it) => it._id}
      renderRow={(it, i) => renderItem(it, i + 1, items.length)}
      estimate={estimate}
      className="list-items"
      label={label}
      focusIndex={focus}
      initialIndex={initialIndex}
      onRange={({ first, last }) => {
        const from = items[first];
        const to = items[last];
        if (from && to) api.itemsInView(board, from.indexInBoard, to.indexInBoard);
      }}
    />
  );
  return (
    <section
      ref={(el) => {
        section.current = el;
        measure?.(el);
      }}
      data-list-index={index}
      className={`list${selected ? ' selected' : ''}${open ? '' : ' collapsed'}${split ? ' split' : ''}${dropping ? ` drop-target drop-${dropping}` : ''}`}
      aria-label={list.title || `List ${list.index + 1}`}
      data-anchor={pathTitle(list.title)}
      data-list-id={list._id}
      style={width ? { width: split ? width * 2 : width } : undefined}
      onPointerDown={press.onPointerDown}
      onPointerMove={press.onPointerMove}
      onPointerUp={press.onPointerUp}
      onPointerLeave={press.onPointerLeave}
      onPointerCancel={press.onPointerCancel}
      onDragOver={(e) => {
        itemDrop.over(e);
        if (!canDrag || !e.dataTransfer.types.includes('application/x-listboard-list')) return;
        e.preventDefault();
        setDropping(sideOf(e));
      }}
      onDragLeave={(e) => {
        itemDrop.leave(e);
        setDropping(null);
      }}
      onDrop={(e) => {
        setDropping(null);
        if (itemDrop.drop(e)) return;
        const moved = e.dataTransfer.getData('application/x-listboard-list');
        if (!canDrag || !moved || moved === list._id) return;
        e.preventDefault();
        // Let go over its right half, it goes after this list: before the next one, or last.
        const next = board.lists.slice(board.lists.indexOf(list) + 1).find((l) => l._id !== moved);
        api.reorder(board, moved, sideOf(e) === 'before' ? list._id : (next?._id ?? null));
      }}
    >
      <header
        className="list-header"
        draggable={canDrag}
        onDragStart={(e) => {
          e.dataTransfer.setData('application/x-listboard-list', list._id);
          e.dataTransfer.effectAllowed = 'move';
        }}
      >
        <div className="list-title-row">
          {board.abilities.select ? (
            <button
              type="button"
              className="list-title"
              aria-pressed={selected}
              onClick={() => {
                if (!press.consumeClick()) api.selectList(board, list);
              }}
            >
              <h3 title={title !== list.title ? list.title : undefined}>{title}</h3>
            </button>
          ) : (
            <h3 title={title !== list.title ? list.title : undefined}>{title}</h3>
          )}
          {canInsert && (
            <button
              type="button"
              className="list-edit-button"
              // Named without the title, so a search for the list's name finds the list alone.
              aria-label="List editor"
              aria-expanded={editorOpen}
              title="Edit this list (or hold the list for a moment)"
              onClick={() => api.toggleListEditor(list._id)}
            >
              ✎
            </button>
          )}
        </div>
        {description && open && (
          <p className="list-description">
            <InlineMarkdown text={description} />
          </p>
        )}
        {list.notesDue && open && (
          <p className="list-due">
            {/* Short, for a list's narrow header: "Due Fri, Dec 11, 5:00 PM (in 4 days)". */}
            <time dateTime={list.notesDue}>{upperFirst(dueShort(list.notesDue))}</time>
          </p>
        )}
      </header>
      {editorOpen && (
        <ListEditor
          openMode={openForm}
          modes={modes}
          onMode={(m) => api.listMode(board, list, m)}
          onClose={() => api.toggleListEditor(list._id)}
          form={api.renderForm()}
        />
      )}
      {!open && !folded && (
        // Closed (its own view state, or every list closed): what it holds, and the way back in.
        <p className="list-closed">
          {counted(items.length, 'item')}{' '}
          <button
            type="button"
            onClick={() => api.commands.actions.setListState(list._id, { open: true })}
          >
            Open the list
          </button>
        </p>
      )}
      {open &&
        (items.length === 0 ? (
          <div className="empty">
            <p>No items yet.</p>
            {/* As an empty board offers its first list: the list editor, at Insert item. */}
            {canInsert && !editorOpen && list.items.length === 0 && (
              <button
                type="button"
                className="tool tool-named"
                onClick={() => {
                  api.toggleListEditor(list._id);
                  api.listMode(board, list, 'insert');
                }}
              >
                Insert the first item
              </button>
            )}
          </div>
        ) : split ? (
          <div className="list-panes">
            {pane(`${list.title}, first pane`)}
            {pane(`${list.title}, second pane`)}
          </div>
        ) : (
          pane(`Items of ${list.title}`)
        ))}
      {itemDrop.line !== null && (
        <div
          className="item-drop-line"
          // Across the pane it would go into, inset as the cards are.
          style={{
            top: itemDrop.line.top,
            left: itemDrop.line.left + 8,
            width: Math.max(0, itemDrop.line.width - 16),
          }}
          aria-hidden="true"
        />
      )}
    </section>
  );
}
