import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import {
  BLANK_BOARD_DESCRIPTION,
  isResultsBoard,
  type Item,
  type List,
  type Multilist,
} from '@listboard/core';
import { estimateItem, useItemRenderer } from './ListColumn';
import { ListRow } from './ListRow';
import { SectionNav } from './SectionNav';
import { VirtualRows } from './VirtualRows';
import { useBoardApi } from './boardApi';
import { useViewport } from './useViewport';
import { colorKeys, type ColorKey } from './colors';
import { itemIsOpen } from '../commands/helpers';
import { commandById, executeCommand } from '../commands/execute';
import { isEnabled, isVisible } from '../commands/registry';
import { HeatProvider } from '../insight/heat';
import { InlineMarkdown } from '../blocks/InlineMarkdown';
import { usePrintedBoard } from './print';
import { useNewOn } from './whatsNew';
import { NewSinceLine } from './NewSinceLine';
import { useSession } from '../state/session';

/** Only a board with a due date fetches the words for it. */
const DueLine = lazy(() => import('./DueLine').then((m) => ({ default: m.DueLine })));
// A board locked to its reader, and the table of contents (a view toggled on): loaded when met.
const BoardPassword = lazy(() =>
  import('./BoardPassword').then((m) => ({ default: m.BoardPassword })),
);
const TocColumn = lazy(() => import('./TocColumn').then((m) => ({ default: m.TocColumn })));

type Row = { kind: 'list'; list: List } | { kind: 'item'; item: Item };

/**
 * Section display 'all' and 'items': the board in one column, read top to bottom. 'all' keeps
 * each section's title above its items; 'items' shows the items alone, in board order.
 */
function SectionsColumn({
  board,
  keys,
  headings,
}: {
  board: Multilist;
  keys: ColorKey[];
  headings: boolean;
}) {
  const api = useBoardApi();
  const renderItem = useItemRenderer(board, keys);
  const rows: Row[] = useMemo(
    () =>
      board.lists.flatMap((list) => [
        ...(headings ? [{ kind: 'list' as const, list }] : []),
        ...list.items
          .filter((it) => !it.labels.some((l) => api.hiddenTags.includes(l.name)))
          .map((item) => ({ kind: 'item' as const, item })),
      ]),
    [board, headings, api.hiddenTags],
  );
  const focus = rows.findIndex((r) =>
    r.kind === 'item' ? r.item._id === api.selection.itemId : false,
  );
  return (
    <section className="list sections-column" aria-label={headings ? 'All sections' : 'All items'}>
      <VirtualRows
        rows={rows}
        rowKey={(r) => (r.kind === 'list' ? `l-${r.list._id}` : r.item._id)}
        renderRow={(r) =>
          r.kind === 'list' ? (
            <h3 className="section-heading" data-anchor-heading={r.list.title}>
              {board.abilities.select ? (
                <button
                  type="button"
                  className="list-title"
                  aria-pressed={api.selection.listId === r.list._id && !api.selection.itemId}
                  onClick={() => api.selectList(board, r.list)}
                >
                  {r.list.title}
                </button>
              ) : (
                r.list.title
              )}
            </h3>
          ) : (
            renderItem(r.item)
          )
        }
        estimate={estimateItem(itemIsOpen(api.display, {}), api.display.compactView)}
        className="list-items"
        label={headings ? 'Sections and their items' : 'Items in board order'}
        focusIndex={focus}
      />
    </section>
  );
}

function Legend({ keys, by }: { keys: ColorKey[]; by: string }) {
  if (keys.length === 0) return null;
  return (
    <ul className="color-legend" aria-label={`Colours by ${by}`}>
      {keys.map((k) => (
        <li key={k.name}>
          <span className="swatch" style={{ background: k.color }} aria-hidden="true" />
          {k.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * The board's owner and description. A short screen (a phone turned sideways) keeps them on the
 * title's line, the description cut to what fits, and a tap on them shows it whole or cuts it again.
 */
function BoardMeta({ owner, description }: { owner: string; description: string }) {
  const { short } = useViewport();
  const [whole, setWhole] = useState(false);
  const parts = (
    <>
      <span className="owner">{owner}</span>
      {description && (
        <span className="board-description">
          <InlineMarkdown text={description} plain={short} />
        </span>
      )}
    </>
  );
  if (!short || !description) return <p className="board-meta">{parts}</p>;
  return (
    <button
      type="button"
      className={`board-meta${whole ? '' : ' cut'}`}
      aria-expanded={whole}
      title={whole ? undefined : description}
      onClick={() => setWhole(!whole)}
    >
      {parts}
    </button>
  );
}

/** A board with no lists: said so, and to those who may add one, the button that does. */
function EmptyBoard({ board }: { board: Multilist }) {
  const ctx = useBoardApi().commands;
  const insert = commandById('insertList');
  const offered =
    insert !== undefined &&
    ctx.board?._id === board._id &&
    isVisible(insert, ctx) &&
    isEnabled(insert, ctx);
  return (
    <div className="empty">
      <p>This board has no lists yet.</p>
      {offered && (
        <button
          type="button"
          className="tool tool-named"
          onClick={() => executeCommand('insertList', 'toolbar', ctx)}
        >
          Insert the first list
        </button>
      )}
    </div>
  );
}

export function BoardView({ board }: { board: Multilist }) {
  const api = useBoardApi();
  const { display } = api;
  const keys = useMemo(() => colorKeys(board, display.colors), [board, display.colors]);
  // Where the reader left off (itemsViewStartIndex, from the server's view state), restored once
  // when the board first shows.
  const start = useRef(Number(board.viewstate.itemsViewStartIndex ?? 0));
  const startList = board.lists.find((l) => l.items.some((i) => i.indexInBoard === start.current));
  const startIndex = startList?.items.findIndex((i) => i.indexInBoard === start.current);
  // Printing, the board in use alone goes on paper.
  const printed = usePrintedBoard();
  // What others wrote since the reader's last visit, said under the title: drawn with the board,
  // so nothing under it moves once it shows.
  const fresh = useNewOn(
    board,
    useSession((s) => s.user?.username ?? null),
  );
  return (
    <section
      className={printed !== null && printed !== board._id ? 'board print-skip' : 'board'}
      aria-label={`Board ${board.owner}/${board.title}`}
      data-board={`${board.owner}/${board.ptitle}`}
    >
      <header className="board-header">
        <h2>{board.altTitle ?? board.title}</h2>
        <BoardMeta
          owner={board.owner}
          description={board.description === BLANK_BOARD_DESCRIPTION ? '' : board.description}
        />
        {board.notesDue && (
          <Suspense fallback={null}>
            <DueLine board={board} />
          </Suspense>
        )}
        <NewSinceLine fresh={fresh} />
        <Legend keys={keys} by={display.colors} />
        <SectionNav board={board} />
      </header>
      {board.locked ? (
        <Suspense fallback={null}>
          <BoardPassword board={board} onUnlocked={api.unlocked} />
        </Suspense>
      ) : (
        <HeatProvider boardId={board._id} on={display.heatView && board.abilities.insight}>
          <div className="lists">
            {display.tocView && (
              <Suspense fallback={null}>
                <TocColumn board={board} />
              </Suspense>
            )}
            {display.sectionDisplay === 'section' ? (
              <ListRow board={board} keys={keys} startList={startList} startIndex={startIndex} />
            ) : (
              <SectionsColumn
                board={board}
                keys={keys}
                headings={display.sectionDisplay === 'all'}
              />
            )}
            {board.lists.length === 0 && !isResultsBoard(board._id) && <EmptyBoard board={board} />}
          </div>
        </HeatProvider>
      )}
    </section>
  );
}
