import { memo } from 'react';
import { anchorSelector, threadOrder, type Item } from '@listboard/core';
import { BlockView } from '../blocks/BlockView';
import { MarkerPanel } from '../media/MarkerPanel';
import { formatStyle } from './formatStyle';
import { useUi } from '../state/ui';

interface Props {
  item: Item;
  selected: boolean;
  selectable: boolean;
  collapsed: boolean;
  showNotes: 'none' | 'annos' | 'annos+notes';
  onSelect(item: Item, text: string | null): void;
  onNoteAction(item: Item, note: Item, action: 'reply' | 'dismiss' | 'answer'): void;
  canReply: boolean;
  canModerate: boolean;
  shownLabels: string[];
  /** The board's label colours (note, stress, info, quote, alert, alarm) by label. */
  labelColors?: Record<string, string>;
}

function headline(item: Item): string {
  const first = item.blocks[0]?.text ?? item.text;
  return first
    .replace(/^#+\s*/, '')
    .split('\n')[0]!
    .slice(0, 120);
}

function ItemCardView({
  item,
  selected,
  selectable,
  collapsed,
  showNotes,
  onSelect,
  onNoteAction,
  canReply,
  canModerate,
  shownLabels,
  labelColors = {},
}: Props) {
  const dimLabels = useUi((s) => s.dimLabels);
  const toggleLabel = useUi((s) => s.toggleLabel);
  const toggleDim = useUi((s) => s.toggleDim);
  const dimmed = item.labels.some((l) => dimLabels.includes(l.name));
  const notes = threadOrder(item.notes, item._id).filter((n) =>
    showNotes === 'none'
      ? n.annotationClass === 'anno' && shownLabels.includes(n.annoLabel ?? '')
      : showNotes === 'annos'
        ? n.annotationClass === 'anno'
        : true,
  );
  return (
    <article
      className={`item${selected ? ' selected' : ''}${dimmed ? ' dim' : ''}`}
      aria-label={headline(item) || `Item ${item.index + 1}`}
      aria-selected={selectable ? selected : undefined}
      tabIndex={selectable ? 0 : undefined}
      data-item-id={item._id}
      style={formatStyle(item.format)}
      onMouseUp={(e) => {
        if (
          !selectable ||
          (e.target as Element).closest('a, button, video, audio, input, textarea')
        )
          return;
        const sel = window.getSelection();
        const text =
          sel && !sel.isCollapsed && e.currentTarget.contains(sel.anchorNode)
            ? sel.toString()
            : null;
        onSelect(item, text);
      }}
      onKeyDown={(e) => {
        if (selectable && (e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
          e.preventDefault();
          onSelect(item, null);
        }
      }}
    >
      {collapsed ? (
        <p className="headline">{headline(item)}</p>
      ) : (
        item.blocks.map((b, i) => <BlockView key={b._id ?? i} block={b} />)
      )}
      {!collapsed && <MarkerPanel item={item} />}
      {item.labels.length > 0 && (
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
      {notes.length > 0 && !collapsed && (
        <ol className="notes" aria-label="Notes">
          {notes.map((n) => (
            <li
              key={n._id}
              className={`note note-${n.annotationClass}`}
              style={{ marginLeft: `${Math.min(n.replyLevel, 4) * 12}px` }}
            >
              <span className="note-meta">
                {n.annotationClass === 'anno' && n.annoLabel ? (
                  <button
                    type="button"
                    className={`anno-label label-${labelColors[n.annoLabel] ?? 'note'}`}
                    title={`Show or hide annotation ${n.annoLabel}`}
                    onClick={() => toggleLabel(n.annoLabel!)}
                  >
                    {n.annoLabel}
                  </button>
                ) : null}
                <strong>{n.hint ?? n.author}</strong>
                {n.noteStatus ? (
                  <span className={`status status-${n.noteStatus}`}>{n.noteStatus}</span>
                ) : null}
                {n.isPrivate ? <span className="status">private</span> : null}
              </span>
              {n.highlight && 'exact' in n.highlight && n.highlight.exact ? (
                <q className="quote">
                  {n.highlight.exact}
                  {anchorSelector(item.text, n.highlight) === null && (
                    <span className="earlier"> (on an earlier version)</span>
                  )}
                </q>
              ) : null}
              <span className="note-text">{n.text}</span>
              {(canReply || canModerate) && (
                <span className="note-actions">
                  {canReply && (
                    <button type="button" onClick={() => onNoteAction(item, n, 'reply')}>
                      Reply
                    </button>
                  )}
                  {canModerate && n.annotationClass === 'note' && n.noteStatus === 'pending' && (
                    <button type="button" onClick={() => onNoteAction(item, n, 'answer')}>
                      Mark answered
                    </button>
                  )}
                  {canModerate && n.annotationClass === 'note' && n.noteStatus !== 'dismissed' && (
                    <button type="button" onClick={() => onNoteAction(item, n, 'dismiss')}>
                      Dismiss
                    </button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

export const ItemCard = memo(ItemCardView);
