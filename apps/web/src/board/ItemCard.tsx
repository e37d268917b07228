import { memo, useId, useMemo, useRef } from 'react';
import { GripVertical } from 'lucide-react';
import {
  answersTo,
  NOTE_ANCHOR,
  TIMINGS,
  headlineOf,
  isMediaHighlight,
  isPageHighlight,
  isTextTarget,
  type ShowNotesOption,
  quoteOf,
  threadOrder,
  type Abilities,
  type Item,
  type ItemHandler,
} from '@listboard/core';
import { noteButtons, type NoteButton } from '../commands/noteControls';
import { BlockView } from '../blocks/BlockView';
import { NoteWords } from '../blocks/InlineMarkdown';
import { ItemEditable } from '../blocks/itemEditable';
import { MarkerPanel } from '../media/MarkerPanel';
import { formatStyle } from './formatStyle';
import { useUi } from '../state/ui';
import { useSession } from '../state/session';
import { useLongPress } from './useLongPress';
import { sentenceBlocks } from './sentences';
import { ItemActions } from './ItemActions';
import { pickSelection, type PickedText } from '../highlights/capture';
import { showHighlight, useHighlights } from '../highlights/useHighlights';
import '../highlights/highlights.css';
import { HeatMark } from '../insight/heat';
import { useRevealWritten } from './revealWritten';
import { ITEM_DRAG } from './itemDrop';
import { isNewTo, useNewSince } from './whatsNew';
import { GroupBadge, WriterName } from './NoteMeta';
import { NoteActions } from './NoteActions';
import { NotePlace } from './NotePlace';
import { noteShown } from './shownNotes';
import type { NotesOf } from '../commands/insight';

interface Props {
  item: Item;
  /** Place in its list and the list's length: a long list shows only some items at a time. */
  position?: number;
  setSize?: number;
  selected: boolean;
  selectable: boolean;
  /** Shown in full; otherwise as its headline. */
  open: boolean;
  sentences: boolean;
  showNotes: ShowNotesOption;
  hideLabels: boolean;
  /** The colour-coding colour, if any. */
  color: string | null;
  /** The action buttons this user gets on this item when it is selected. */
  handlers: ItemHandler[];
  /** A click (no words), or words selected in the item: where they are, when in one block. */
  onSelect: (item: Item, picked: PickedText | null) => void;
  onToggleOpen: (item: Item) => void;
  onAction: (item: Item, handler: ItemHandler) => void;
  onNoteAction: (item: Item, note: Item, action: NoteButton) => void;
  /** The board's abilities: which note actions show follows from them alone (core/policy). */
  abilities: Abilities;
  /** The board is a search's results: its notes have no address of their own on it. */
  results?: boolean;
  shownLabels: string[];
  /** The board's label colours (note, stress, info, quote, alert, alarm) by label. */
  labelColors?: Record<string, string>;
  /** The board's owner, then its coauthors: their notes carry the role beside the name. */
  boardWriters?: readonly string[];
  /**
   * When notes on it are due (ISO; core notesDueOf: its list's date, else the board's): a note or
   * reply written after it is marked late to those who see it (core seesLate: its writer, those
   * who see Insight). On a listing the server marks it.
   */
  due?: string | null;
  /** It has a grip to drag it by to another place or list (itemDrop). */
  movable?: boolean;
  /** Where a note's group badge or its writer's name leads (the notes of either), if anywhere. */
  notesOf?: (only: NotesOf) => string | null;
}

/** Written by someone else since the reader's last visit; a reply to them says so (answersTo). */
const NewMark = ({ toYou = false }: { toYou?: boolean }) => (
  <span
    className="status status-new"
    title={
      toYou ? 'A reply to you, written since your last visit' : 'Written since your last visit'
    }
  >
    {toYou ? 'new · to you' : 'new'}
  </span>
);

/** An item's first line as plain words: the headline view, collapsed items and the contents. */
export const headline = (item: Item): string => headlineOf(item.blocks, item.text);

function ItemCardView({
  item,
  position,
  setSize,
  selected,
  selectable,
  open,
  sentences,
  showNotes,
  hideLabels,
  color,
  handlers,
  onSelect,
  onToggleOpen,
  onAction,
  onNoteAction,
  abilities,
  results = false,
  shownLabels,
  labelColors = {},
  boardWriters = [],
  due = null,
  movable = false,
  notesOf,
}: Props) {
  const dimLabels = useUi((s) => s.dimLabels);
  const me = useSession((s) => s.user?.username ?? null);
  // Written by someone else since this user's last visit to the board (whatsNew).
  const since = useNewSince((s) => s.since[item.multilistId]);
  // This card's own prefix for the ids its notes' buttons point at: a page may show a note twice
  // (Discussion shows a reply in its thread and on its own), and an id must name one element.
  const own = useId();
  const toggleLabel = useUi((s) => s.toggleLabel);
  // A tag in a note's words leads where its group badge would: the notes with that tag (one's
  // own Notes of it, from one's own words, if nowhere else).
  const tagHref = useMemo(() => notesOf && ((tag: string) => notesOf({ tag })), [notesOf]);
  const ownTagHref = useMemo(
    () => notesOf && ((tag: string) => notesOf({ tag, mine: true })),
    [notesOf],
  );
  const toggleDim = useUi((s) => s.toggleDim);
  // By touch, told when the finger lifts, so a press held to select words does not fold the item.
  const press = useLongPress(
    TIMINGS.longPressItemMs,
    () => onToggleOpen(item),
    true,
    undefined,
    true,
  );
  const dimmed = item.labels.some((l) => dimLabels.includes(l.name)) || item.viewstate.dim === true;
  const notes = threadOrder(item.notes, item._id).filter((n) =>
    noteShown(n, showNotes, shownLabels),
  );
  const style = { ...formatStyle(item.format), ...(color ? { ['--code' as string]: color } : {}) };
  const card = useRef<HTMLElement>(null);
  const orphans = useHighlights(card, item, notes, open && !sentences);
  useRevealWritten(card, item);
  // A note whose passage is gone (and its replies) is listed apart, never placed on other words.
  const { placed, orphaned } = splitOrphans(notes, orphans);
  const noteEntry = (n: Item) => (
    <li
      key={n._id}
      id={`${NOTE_ANCHOR}${n._id}`}
      className={`note note-${n.annotationClass}`}
      style={{ marginLeft: `${Math.min(n.replyLevel, 4) * 12}px` }}
    >
      <span className="note-meta">
        {n.annotationClass === 'anno' && n.annoLabel ? (
          <button
            type="button"
            className={`anno-label label-${labelColors[n.annoLabel] ?? 'note'}`}
            title={`Show or hide annotation ${n.annoLabel}`}
            onClick={() => {
              if (n.annoLabel) toggleLabel(n.annoLabel);
            }}
          >
            {n.annoLabel}
          </button>
        ) : null}
        <WriterName
          id={`${own}${n._id}-by`}
          username={n.author}
          name={n.hint || n.author}
          href={(n.annotationClass === 'note' && notesOf?.({ writer: n.author })) || null}
        />
        {boardWriters.includes(n.author) ? (
          <span className="status status-writer" title="Writes this board">
            {n.author === boardWriters[0] ? 'author' : 'coauthor'}
          </span>
        ) : null}
        {isNewTo(n, since, me) ? (
          // Whose thread it is, asked only of what is new (few): no map for every card.
          <NewMark toYou={answersTo(n, me, new Map(item.notes.map((x) => [x._id, x])))} />
        ) : null}
        {n.noteStatus ? (
          <span className={`status status-${n.noteStatus}`}>{n.noteStatus}</span>
        ) : null}
        {n.statusBy ? (
          <span className="status-by" title={n.statusBy.username}>
            by {n.statusBy.name}
          </span>
        ) : null}
        {n.annotationClass === 'anno' && n.annoType && n.annoType !== 'general' ? (
          <span className="status">{n.annoType}</span>
        ) : null}
        {n.flags.edited ? (
          <span className="status" title="Its writer changed its words after writing it">
            edited
          </span>
        ) : null}
        {n.isPrivate ? <span className="status">private</span> : null}
        {n.flags.late ||
        (due &&
          n.annotationClass !== 'anno' &&
          n.created > due &&
          (abilities.insight || n.author === me)) ? (
          <span className="status status-late" title="Written after the notes were due">
            late
          </span>
        ) : null}
        {n.groupName && !n.isPrivate ? (
          <GroupBadge group={n.groupName} href={notesOf?.({ group: n.groupName }) ?? null} />
        ) : null}
      </span>
      {isTextTarget(n.highlight) ? (
        <button
          type="button"
          className="quote"
          title={orphans.has(n._id) ? undefined : 'Show in the text'}
          onClick={() => showHighlight(card.current, n._id)}
        >
          <q>{quoteOf(n.highlight).exact}</q>
          {orphans.has(n._id) && <span className="earlier"> (on an earlier version)</span>}
        </button>
      ) : null}
      {isMediaHighlight(n.highlight) || isPageHighlight(n.highlight) ? (
        <NotePlace itemId={item._id} at={n.highlight} blocks={results ? null : item.blocks} />
      ) : null}
      <span id={`${own}${n._id}-text`} className="note-text">
        <NoteWords text={n.text} tagHref={n.author === me ? ownTagHref : tagHref} />
      </span>
      <NoteActions
        note={n}
        actions={noteButtons(abilities, n, me, results)}
        onAction={(action) => onNoteAction(item, n, action)}
        about={`${own}${n._id}-by ${own}${n._id}-text`}
      />
    </li>
  );
  return (
    <article
      ref={card}
      className={`item${selected ? ' selected' : ''}${dimmed ? ' dim' : ''}${open ? '' : ' closed'}${color ? ' coded' : ''}`}
      aria-label={headline(item) || `Item ${item.index + 1}`}
      aria-current={selectable && selected ? 'true' : undefined}
      aria-posinset={position}
      aria-setsize={setSize}
      tabIndex={selectable ? 0 : undefined}
      data-selectable={selectable || undefined}
      data-item-id={item._id}
      style={style}
      onPointerDown={press.onPointerDown}
      onPointerMove={press.onPointerMove}
      onPointerUp={press.onPointerUp}
      onPointerLeave={press.onPointerLeave}
      onPointerCancel={press.onPointerCancel}
      onMouseUp={(e) => {
        if (press.consumeClick()) return;
        if (
          !selectable ||
          (e.target as Element).closest('a, button, video, audio, input, textarea, select')
        )
          return;
        const picked = pickSelection(window.getSelection(), (id) =>
          id === item._id ? item : null,
        );
        // Words selected from another item are that item's selection (highlights/capture).
        if (!picked || picked.itemId === item._id) onSelect(item, picked);
      }}
      onKeyDown={(e) => {
        if (selectable && (e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
          e.preventDefault();
          onSelect(item, null);
        }
      }}
    >
      <HeatMark itemId={item._id} />
      {movable && (
        // For a mouse: the Actions menu's Move to list and the move keys do the same by keyboard
        // and by touch. Its own handle, so words in the card can still be selected for a note.
        <span
          className="item-grip"
          draggable
          aria-hidden="true"
          title="Drag to move this item to another place or list"
          onDragStart={(e) => {
            e.dataTransfer.setData(ITEM_DRAG, item._id);
            e.dataTransfer.effectAllowed = 'move';
            const el = card.current;
            if (!el) return;
            const r = el.getBoundingClientRect();
            e.dataTransfer.setDragImage(el, e.clientX - r.left, e.clientY - r.top);
            el.classList.add('dragging');
          }}
          onDragEnd={() => card.current?.classList.remove('dragging')}
        >
          <GripVertical size={14} aria-hidden="true" />
        </span>
      )}
      {isNewTo(item, since, me) && <NewMark />}
      {item.isPrivate && item.annotationClass === 'none' && (
        <span className="status item-private" title="Only you see this item">
          private
        </span>
      )}
      <ItemEditable.Provider value={handlers.includes('edit')}>
        {!open ? (
          <p className="headline">{headline(item)}</p>
        ) : sentences ? (
          <ol className="sentences">
            {sentenceBlocks(item.blocks).map(({ block, n }) => (
              <li key={n} data-sentence={n}>
                <BlockView block={block} />
              </li>
            ))}
          </ol>
        ) : (
          item.blocks.map((b, i) => <BlockView key={b._id ?? i} block={b} />)
        )}
      </ItemEditable.Provider>
      {open && <MarkerPanel item={item} />}
      {item.labels.length > 0 && !hideLabels && (
        <ul className="labels" aria-label="Labels">
          {item.labels.map((l) => (
            <li key={l.name}>
              <button
                type="button"
                className="label"
                aria-pressed={dimLabels.includes(l.name)}
                title={`Dim or undim items labelled ${l.name}`}
                onClick={() => toggleDim(l.name)}
              >
                {l.value ? `${l.name}: ${l.value}` : l.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {placed.length > 0 && open && (
        <ol className="notes" aria-label="Notes">
          {placed.map(noteEntry)}
        </ol>
      )}
      {orphaned.length > 0 && open && (
        <section className="orphans" aria-label="Orphaned notes">
          <h4>Orphaned notes</h4>
          <p className="hint">
            Their words are no longer in the item: they are kept here, with their quote.
          </p>
          <ol className="notes">{orphaned.map(noteEntry)}</ol>
        </section>
      )}
      {selected && <ItemActions handlers={handlers} onAction={(h) => onAction(item, h)} />}
    </article>
  );
}

/** Notes in thread order, split into those placed in the text and orphans with their replies. */
function splitOrphans(notes: Item[], orphans: ReadonlySet<string>) {
  if (orphans.size === 0) return { placed: notes, orphaned: [] as Item[] };
  const byId = new Map(notes.map((n) => [n._id, n]));
  const rootOf = (n: Item): Item => {
    let at = n;
    for (let p = at.parentId ? byId.get(at.parentId) : undefined; p;) {
      at = p;
      p = at.parentId ? byId.get(at.parentId) : undefined;
    }
    return at;
  };
  const isOrphan = (n: Item) => orphans.has(rootOf(n)._id);
  return { placed: notes.filter((n) => !isOrphan(n)), orphaned: notes.filter(isOrphan) };
}

export const ItemCard = memo(ItemCardView);
