/** Insight's tags: those the board's notes carry (#question), each leading to its notes. */
import { Link } from 'react-router';
import { counted } from '@listboard/core';
import type { NoteTag } from '@listboard/core/api/contracts/insight';

/**
 * Each tag with how many notes carry it and how many of those are questions, most first; a tag
 * leads to the notes with it (`discussion`: the board's Discussion of that tag) where it may.
 */
export function Tags({
  tags,
  discussion,
}: {
  tags: NoteTag[];
  discussion: (tag: string) => string | null;
}) {
  if (tags.length === 0)
    return (
      <p className="empty">
        No note carries a tag yet. A reader tags a note by writing # and a word in it: #question,
        #confused, #evidence.
      </p>
    );
  return (
    <ul className="note-tags">
      {tags.map((t) => {
        const href = discussion(t.tag);
        const name = `#${t.tag}`;
        return (
          <li key={t.tag}>
            {href ? (
              <Link className="tag" to={href}>
                {name}
              </Link>
            ) : (
              <span className="tag">{name}</span>
            )}{' '}
            <span className="confusion-meta">
              {t.notes ? counted(t.notes, 'note') : 'no note yet'}
              {t.questions > 0 && `, ${counted(t.questions, 'question')}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
