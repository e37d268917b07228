/**
 * Every reader's notes, replies, words, late ones (on a board with a due date), the helpful marks
 * others gave them (once anyone has) and last activity, sortable by any column; with the groups
 * they wrote to, and the choice of one group's readers, when any wrote to a group.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ReaderInsight } from '@listboard/core/api/contracts/insight';
import { TableScroll } from './TableScroll';
import { GroupChoice } from '../board/GroupChoice';
import { personName, when } from '../pages/format';

type Key = 'username' | 'notes' | 'replies' | 'words' | 'late' | 'helpful' | 'lastActivity';
const COLUMNS: { key: Key; label: string; numeric: boolean }[] = [
  { key: 'username', label: 'Reader', numeric: false },
  { key: 'notes', label: 'Notes', numeric: true },
  { key: 'replies', label: 'Replies', numeric: true },
  { key: 'words', label: 'Words', numeric: true },
  { key: 'late', label: 'Late', numeric: true },
  { key: 'helpful', label: 'Helpful', numeric: true },
  { key: 'lastActivity', label: 'Last activity', numeric: false },
];

export interface Sort {
  key: Key;
  descending: boolean;
}

/** The readers in the order a sort asks for; ties go by user name. */
export function sortReaders(readers: readonly ReaderInsight[], sort: Sort): ReaderInsight[] {
  const sign = sort.descending ? -1 : 1;
  return [...readers].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    const by =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return by * sign || a.username.localeCompare(b.username);
  });
}

export function ReaderTable({
  readers,
  notesOf,
  due = false,
}: {
  readers: readonly ReaderInsight[];
  /** The board has a due date: each reader's notes and replies written after it are shown. */
  due?: boolean;
  /** Where one reader's notes on the board are listed, for whoever may list them. */
  notesOf?: (username: string) => string | null;
}) {
  const [sort, setSort] = useState<Sort>({ key: 'notes', descending: true });
  /** The one group whose readers are shown; '' for everyone. */
  const [group, setGroup] = useState('');
  const groups = useMemo(
    () => [...new Set(readers.flatMap((r) => r.groups))].sort((a, b) => a.localeCompare(b)),
    [readers],
  );
  const rows = useMemo(
    () => sortReaders(group ? readers.filter((r) => r.groups.includes(group)) : readers, sort),
    [readers, sort, group],
  );
  if (readers.length === 0) return <p className="empty">No notes or replies yet.</p>;
  const helpful = readers.some((r) => r.helpful > 0);
  const columns = COLUMNS.filter(
    (c) => (c.key !== 'late' || due) && (c.key !== 'helpful' || helpful),
  );
  const sortBy = (key: Key, numeric: boolean) =>
    setSort((s) =>
      s.key === key
        ? { key, descending: !s.descending }
        : { key, descending: numeric || key === 'lastActivity' },
    );
  const table = (
    <TableScroll label="Readers">
      <table className="insight-table" aria-label="Readers">
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={c.numeric ? 'num' : undefined}
                aria-sort={
                  sort.key === c.key ? (sort.descending ? 'descending' : 'ascending') : 'none'
                }
              >
                <button type="button" className="sort" onClick={() => sortBy(c.key, c.numeric)}>
                  {c.label}
                  <span aria-hidden="true">
                    {sort.key === c.key ? (sort.descending ? ' ▼' : ' ▲') : ''}
                  </span>
                </button>
              </th>
            ))}
            {groups.length > 0 && <th scope="col">Groups</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const name = personName(r);
            const href = notesOf?.(r.username);
            return (
              <tr key={r.username}>
                <th scope="row">{href ? <Link to={href}>{name}</Link> : name}</th>
                <td className="num">{r.notes}</td>
                <td className="num">{r.replies}</td>
                <td className="num">{r.words}</td>
                {due && <td className="num">{r.late}</td>}
                {helpful && <td className="num">{r.helpful}</td>}
                <td>{when(r.lastActivity)}</td>
                {groups.length > 0 && <td>{r.groups.join(', ')}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
  if (groups.length === 0) return table;
  return (
    <>
      <GroupChoice
        className="insight-filter no-print"
        groups={groups}
        value={group}
        onChange={setGroup}
      />
      {table}
    </>
  );
}
