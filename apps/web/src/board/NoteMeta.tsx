/** What a note says of where it went and who wrote it, each a way to the notes of either. */
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

/**
 * A note's writer, by the name they go by (their user name on hover); on a listing of the notes
 * on one's boards, a link to that writer's notes there.
 */
export function WriterName({
  id,
  username,
  name,
  href,
}: {
  id: string;
  username: string;
  name: string;
  href: string | null;
}) {
  const shown = <strong>{name}</strong>;
  if (!href)
    return (
      <strong id={id} title={username}>
        {name}
      </strong>
    );
  return (
    <Link
      id={id}
      className="note-writer"
      to={href}
      title={`${username}: show this reader’s notes only`}
      onClick={(e) => e.stopPropagation()}
    >
      {shown}
    </Link>
  );
}
