import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { usePageData } from './query';
import { when } from './format';

interface Filter {
  user: string;
  start: string;
  stop: string;
}

/** '/api/forms/insert_item' → 'insert item'. */
const what = (call: string) => call.replace(/^\/api\/[a-z]+\//, '').replace(/[_.]/g, ' ');

const detailText = (d: Record<string, unknown>) =>
  Object.entries(d)
    .filter(([k]) => !k.endsWith('Id'))
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join('; ');

/** The admin's activity page: every write, newest first, searchable by user and by days. */
export function ActivityPage() {
  const [draft, setDraft] = useState<Filter>({ user: '', start: '', stop: '' });
  const [filter, setFilter] = useState<Filter>(draft);
  const [page, setPage] = useState(0);
  const { data, error, isPending, isFetching } = usePageData(
    ['activity', filter, page],
    '/api/admin/activity',
    { ...filter, page },
  );
  const search = (e: SubmitEvent) => {
    e.preventDefault();
    setFilter(draft);
    setPage(0);
  };
  const field = (name: keyof Filter, label: string, type: string, placeholder?: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        type={type}
        value={draft[name]}
        placeholder={placeholder}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </label>
  );
  return (
    <div className="activity">
      <form className="page-filter" aria-label="Search activity" onSubmit={search}>
        {field('user', 'User', 'text', 'any user')}
        {field('start', 'From', 'date')}
        {field('stop', 'To', 'date')}
        <button type="submit" className="tool">
          Search
        </button>
      </form>
      {isPending ? (
        <p className="empty">Loading…</p>
      ) : error ? (
        <p className="error" role="alert">
          {error.message}
        </p>
      ) : (
        <>
          <p className="page-note" aria-live="polite">
            {data.total === 0
              ? 'No writes match.'
              : `${data.page * data.pageSize + 1}–${data.page * data.pageSize + data.rows.length} of ${data.total}`}
            {isFetching ? ' · updating…' : ''}
          </p>
          <div className="table-wrap">
            <table className="page-table" aria-label="Activity">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Board</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.id}>
                    <td data-label="When">
                      <time dateTime={r.at}>{when(r.at)}</time>
                    </td>
                    <td data-label="Who">{r.username}</td>
                    <td data-label="What">{what(r.call)}</td>
                    <td data-label="Board">
                      {r.board ? <Link to={`/${r.board}`}>{r.board}</Link> : '—'}
                    </td>
                    <td data-label="Details" className="page-note">
                      {detailText(r.details) || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="page-actions">
            <button
              type="button"
              className="tool"
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              Newer
            </button>
            <button
              type="button"
              className="tool"
              disabled={!data.hasNext}
              onClick={() => setPage(page + 1)}
            >
              Older
            </button>
          </p>
        </>
      )}
    </div>
  );
}
