import { Link } from 'react-router';
import { useSession } from '../state/session';
import { usePageData } from './query';

function Boards({ owner, heading }: { owner: string; heading: string }) {
  const { data, error, isPending } = usePageData(
    ['contents', owner],
    '/api/forms/list_multilists',
    { owner },
  );
  if (isPending) return <p className="empty">Loading…</p>;
  if (error) return <p className="error">{error.message}</p>;
  return (
    <section aria-label={heading}>
      <h3>{heading}</h3>
      {data.length === 0 ? (
        <p className="empty">No boards yet.</p>
      ) : (
        <ul className="page-links">
          {data.map((b) => (
            <li key={b._id}>
              <Link to={`/${b.owner}/${b.ptitle}`}>{b.title}</Link>
              {b.description && <span className="page-note"> — {b.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The boards a visitor can open: the site's own, then one's own. */
export function ContentsPage({ me }: { me: string }) {
  const adminUser = useSession((s) => s.adminUser);
  return (
    <div className="contents">
      <Boards owner={adminUser} heading="Site boards" />
      {me !== adminUser && <Boards owner={me} heading="Your boards" />}
    </div>
  );
}
