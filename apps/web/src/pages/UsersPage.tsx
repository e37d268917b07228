import { usePageData } from './query';
import { ago } from './format';

/** The users board: who is signed in now, from their live connections. */
export function UsersPage() {
  const { data, error, isPending } = usePageData(
    ['online'],
    '/api/display/users_online',
    {},
    20_000,
  );
  if (isPending) return <p className="empty">Loading…</p>;
  if (error) return <p className="error">{error.message}</p>;
  return (
    <div className="users-board">
      <p className="page-note">
        {data.length === 1 ? 'One person is' : `${data.length} people are`} signed in now.
      </p>
      <ul className="user-cards" aria-label="Signed in now">
        {data.map((u) => (
          <li key={u.username}>
            <span className="online-dot" aria-hidden="true" />
            <span className="user-card-name">{u.fullname || u.username}</span>
            <span className="page-note">
              {u.username} · here since {ago(u.since)}
              {u.connections > 1 ? ` · ${u.connections} windows` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
