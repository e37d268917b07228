import { Link } from 'react-router';

/**
 * The group a note went to; a link to that group's notes for whoever reads them by group. The
 * click is the link's alone: the board's own link handling (boards opened beside) stays out.
 */
export function GroupBadge({ group, href }: { group: string; href: string | null }) {
  const title = `Seen by ${group} and the board’s authors`;
  if (!href)
    return (
      <span className="status" title={title}>
        {group}
      </span>
    );
  return (
    <Link
      className="status status-link"
      to={href}
      title={`${title}. Show the notes of ${group}`}
      onClick={(e) => e.stopPropagation()}
    >
      {group}
    </Link>
  );
}
