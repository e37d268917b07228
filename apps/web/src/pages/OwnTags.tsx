import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { counted } from '@listboard/core';
import { listingHref } from '@listboard/core/api/search';
import { callApi } from '../api/client';

/**
 * On a home's dashboard: the tags of one's own notes and replies on every board (my_tags), most
 * carried first, each with how many carry it and leading to one's Notes of that tag, so a student
 * finds again what they gathered (#evidence) across a course's boards. None, nothing shown. Asked
 * when the home opens and whenever the boards are asked again. On a phone (`strip`) a row of its
 * own under the dashboard's strip, as what is due is. Loaded with the first home that shows it.
 */
export default function OwnTags({ username, strip }: { username: string; strip: boolean }) {
  const heading = useId();
  const asked = useQuery({
    queryKey: ['boards', 'tags', username],
    staleTime: 0,
    refetchOnWindowFocus: true,
    queryFn: async () => {
      const r = await callApi('/api/dbload/my_tags', {});
      return r.ok ? r.value : [];
    },
  });
  const tags = asked.data ?? [];
  if (tags.length === 0) return null;
  return (
    <section
      className={
        strip ? 'board-news own-tags page-tabs page-strip dashboard-strip' : 'board-news own-tags'
      }
      aria-labelledby={heading}
    >
      <h3 id={heading}>
        Tags<span className={strip ? 'visually-hidden' : undefined}> of your notes</span>
      </h3>
      <ul>
        {tags.map((t) => (
          <li key={t.tag}>
            <Link to={listingHref(username, 'notes', { tag: t.tag })}>
              <span className="board-news-title">#{t.tag}</span>{' '}
              <span className="board-news-what">{counted(t.notes, 'note')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
