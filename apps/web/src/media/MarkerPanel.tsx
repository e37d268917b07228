import { useEffect, useRef } from 'react';
import type { Item, TextMarker } from '@listboard/core';
import { useUi } from '../state/ui';
import { cursorAt, useTextCursor } from './cursor';
import { playerOf } from './players';
import './media.css';

const blocksOf = (article: Element) => Array.from(article.querySelectorAll(':scope > .block'));

/**
 * What an item carries beside its blocks: its media markers (a click seeks the item's player
 * there), its block and sentence markers, and the text cursor, which alt-click on a block or
 * sentence sets (spec section 4).
 */
export function MarkerPanel({ item }: { item: Item }) {
  const root = useRef<HTMLDivElement>(null);
  const cursor = useTextCursor((s) => s.byItem[item._id] ?? null);
  const setCursor = useTextCursor((s) => s.set);
  const latest = useRef(item);
  latest.current = item;

  // Alt-click on a block or sentence sets the cursor (and selects the item, not toggles it).
  useEffect(() => {
    const article = root.current?.closest('[data-item-id]');
    if (!article) return;
    const onMouseUp = (e: Event) => {
      if (!(e as MouseEvent).altKey) return;
      e.stopPropagation();
    };
    const onClick = (e: Event) => {
      const ev = e as MouseEvent;
      if (!ev.altKey) return;
      const blocks = blocksOf(article);
      const blockEl = blocks.find((b) => b.contains(ev.target as Node));
      if (!blockEl) return;
      ev.preventDefault();
      ev.stopPropagation();
      const it = latest.current;
      setCursor(
        it._id,
        cursorAt(blockEl, blocks.indexOf(blockEl), it.text, it.owner, ev.clientX, ev.clientY),
      );
      if (article.hasAttribute('data-selectable'))
        useUi.getState().select({
          multilistId: it.multilistId,
          listId: it.listId,
          itemId: it._id,
          text: null,
        });
    };
    article.addEventListener('mouseup', onMouseUp, true);
    article.addEventListener('click', onClick, true);
    return () => {
      article.removeEventListener('mouseup', onMouseUp, true);
      article.removeEventListener('click', onClick, true);
    };
  }, [setCursor]);

  // The block holding the cursor is outlined.
  useEffect(() => {
    const article = root.current?.closest('[data-item-id]');
    if (!article) return;
    blocksOf(article).forEach((b, i) => {
      if (cursor && i === cursor.blockIndex) b.setAttribute('data-cursor', 'true');
      else b.removeAttribute('data-cursor');
    });
  });

  const textMarkers: { kind: 'Block' | 'Sentence'; m: TextMarker }[] = [
    ...item.blockMarkers.map((m) => ({ kind: 'Block' as const, m })),
    ...item.sentenceMarkers.map((m) => ({ kind: 'Sentence' as const, m })),
  ];
  const hasMedia = item.mediaMarkers.length > 0;
  return (
    <div ref={root} className="marker-panel">
      {hasMedia && (
        <>
          <p className="markers-title" id={`mm-${item._id}`}>
            Markers
          </p>
          <ul className="markers" aria-labelledby={`mm-${item._id}`}>
            {item.mediaMarkers.map((m) => (
              <li key={m.timecode}>
                <button
                  type="button"
                  className="marker"
                  aria-label={`Seek to ${m.timecode}${m.title ? `: ${m.title}` : ''}`}
                  onClick={() => playerOf(item._id)?.seek(m.time)}
                >
                  <span className="marker-time">{m.timecode}</span>
                  {m.title && <span>{m.title}</span>}
                  {m.description && <span className="marker-note">{m.description}</span>}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {textMarkers.length > 0 && (
        <>
          <p className="markers-title" id={`tm-${item._id}`}>
            Text markers
          </p>
          <ul className="markers" aria-labelledby={`tm-${item._id}`}>
            {textMarkers.map(({ kind, m }) => (
              <li key={`${kind}-${m.cursorIndex}`}>
                <span className="marker marker-static">
                  <span className="marker-time">
                    {kind} {m.cursorIndex + 1}
                  </span>
                  {m.title && <span>{m.title}</span>}
                  {m.description && <span className="marker-note">{m.description}</span>}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {cursor && (
        <p className="text-cursor" role="status">
          Cursor: block {cursor.blockIndex + 1}, sentence {cursor.sentenceIndex + 1}
        </p>
      )}
    </div>
  );
}
