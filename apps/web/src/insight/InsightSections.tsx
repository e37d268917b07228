/** The Insight page's figures: the board in all, the confusing passages, lists and items, groups. */
import { Link } from 'react-router';
import { useState } from 'react';
import { counted, NOTE_ANCHOR, remindMsg, upperFirst } from '@listboard/core';
import { callApi, messageOr } from '../api/client';
import { personName, when } from '../pages/format';
import { TableScroll } from './TableScroll';
import { dueShort } from '../board/DueLine';
import type {
  BoardInsight,
  GroupRoster,
  InsightFigures,
} from '@listboard/core/api/contracts/insight';

const FIGURES: { key: keyof InsightFigures; label: string }[] = [
  { key: 'notes', label: 'Notes' },
  { key: 'questions', label: 'Questions' },
  { key: 'pending', label: 'Pending' },
  { key: 'answered', label: 'Answered' },
  { key: 'dismissed', label: 'Dismissed' },
  { key: 'replies', label: 'Replies' },
  { key: 'readers', label: 'Readers' },
];
const COLUMNS: { key: keyof InsightFigures | 'late'; label: string }[] = FIGURES.filter(
  (f) => f.key !== 'answered' && f.key !== 'dismissed',
);
/** Notes and replies written after they were due, on a board where anything is. */
const LATE = { key: 'late' as const, label: 'Late' };

export function Totals({ totals, own = false }: { totals: InsightFigures; own?: boolean }) {
  // Of one reader's own notes, how many readers wrote them says nothing.
  const shown = own ? FIGURES.filter((f) => f.key !== 'readers') : FIGURES;
  // A private note has no status (nobody answers what only its writer sees), nor has a note by
  // one who answers the board's notes (a teacher's own): counted apart, so that the statuses and
  // they add up to the notes. Not called private: a teacher's notes are not.
  const unstated = totals.notes - totals.pending - totals.answered - totals.dismissed;
  return (
    <dl className="insight-totals">
      {shown.map((f) => (
        <div key={f.key}>
          <dt>{f.label}</dt>
          <dd>{totals[f.key]}</dd>
        </div>
      ))}
      {unstated > 0 && (
        <div title="Private notes, and the board’s authors’ own: nobody answers them">
          <dt>No status</dt>
          <dd>{unstated}</dd>
        </div>
      )}
    </dl>
  );
}

/** The passages with the most notes and questions, each a link to its highlight on the board. */
export function Confusion({ insight }: { insight: BoardInsight }) {
  if (insight.confusion.length === 0)
    return <p className="empty">No passage has been noted yet.</p>;
  const board = `/${encodeURIComponent(insight.owner)}/${encodeURIComponent(insight.ptitle)}`;
  return (
    <ol className="confusion">
      {insight.confusion.map((p) => (
        <li key={`${p.itemId}:${p.quote}:${p.place ?? ''}`}>
          <Link to={`${board}#${NOTE_ANCHOR}${p.noteId}`}>
            {/* Words, at their place when they are a PDF's; else the place alone. */}
            {p.quote && <q>{p.quote}</q>}
            {p.place && (
              <span className="confusion-place">
                {p.quote ? ` ${p.place}` : upperFirst(p.place)}
              </span>
            )}
          </Link>
          <span className="confusion-meta">
            {`${counted(p.notes, 'note')}, ${counted(p.questions, 'question')}${p.helpful > 0 ? `, marked helpful ${counted(p.helpful, 'time')}` : ''} · in “${p.headline || 'an item'}”`}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Every list with its figures, and under it each of its items that drew notes; each list's title
 * leads to its notes on Discussion, for whoever answers them.
 */
export function ListsAndItems({
  insight,
  discussion,
  due = false,
}: {
  insight: BoardInsight;
  discussion?: (listId: string) => string | null;
  /** Whether anything on the board is due (its date or a list's): then a Late column. */
  due?: boolean;
}) {
  const columns = due ? [...COLUMNS, LATE] : COLUMNS;
  return (
    <TableScroll label="Notes by list and item">
      <table className="insight-table" aria-label="Notes by list and item">
        <thead>
          <tr>
            <th scope="col">List / item</th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="num">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        {insight.lists.map((l) => (
          <tbody key={l.listId}>
            <tr className="insight-list-row">
              <th scope="rowgroup">
                <ListTitle
                  title={l.title || 'Untitled list'}
                  href={discussion?.(l.listId) ?? null}
                />
                {l.notesDue && <small className="muted"> · {dueShort(l.notesDue)}</small>}
              </th>
              {columns.map((c) => (
                <td key={c.key} className="num">
                  {l[c.key]}
                </td>
              ))}
            </tr>
            {insight.items
              .filter((i) => i.listId === l.listId)
              .map((i) => (
                <tr key={i.itemId}>
                  <th scope="row" className="item-cell">
                    {i.headline || 'Untitled item'}
                  </th>
                  {columns.map((c) => (
                    <td key={c.key} className="num">
                      {i[c.key]}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        ))}
      </table>
    </TableScroll>
  );
}

function ListTitle({ title, href }: { title: string; href: string | null }) {
  return href ? (
    <Link to={href} title="Its notes on Discussion">
      {title}
    </Link>
  ) : (
    <>{title}</>
  );
}

/** What a group's roster says after its name. */
function whoWrote({ members, yetToWrite }: GroupRoster): string {
  if (members === 0) return ': no reader has joined it yet.';
  if (yetToWrite.length === 0)
    return members === 1
      ? ': its one member has written here.'
      : `: all ${members} members have written here.`;
  return `, yet to write here (${yetToWrite.length} of ${members}): ${yetToWrite.map(personName).join(', ')}`;
}

/**
 * Remind by mail: the group's members yet to write are mailed the board's address (once a day
 * for a group and board); what was done, or why not, is said beside the button.
 */
function RemindButton({
  multilistId,
  group,
  remindedAt,
}: {
  multilistId: string;
  group: string;
  /** When they were last reminded, within the day that must pass before the next. */
  remindedAt: string | null;
}) {
  const [state, setState] = useState<{ busy: boolean; said: string | null; sent: boolean }>(() => ({
    busy: false,
    said: remindedAt ? remindMsg.sentAt(when(remindedAt)) : null,
    sent: remindedAt !== null,
  }));
  const remind = async () => {
    setState({ busy: true, said: null, sent: false });
    const r = await callApi('/api/forms/remind_group', { multilistId, groupName: group });
    setState(
      r.ok
        ? {
            busy: false,
            said: remindMsg.done(group, r.value.mailed, r.value.notMailed),
            sent: true,
          }
        : { busy: false, said: messageOr(r.error, 'ERROR: remind group'), sent: false },
    );
  };
  return (
    <span className="remind no-print">
      {!state.sent && (
        <button
          type="button"
          className="tool"
          disabled={state.busy}
          aria-label={`Remind by mail those of ${group} yet to write`}
          onClick={() => void remind()}
        >
          Remind by mail
        </button>
      )}
      <span role="status">{state.said}</span>
    </span>
  );
}

/**
 * The notes posted to each reader group; each group's name leads to the board's Discussion of
 * that group's notes, for whoever answers them (`discussion`). Of each group the caller owns,
 * how many of its readers have written here, and who has not yet.
 */
export function Groups({
  insight,
  discussion,
}: {
  insight: BoardInsight;
  discussion?: (group: string) => string | null;
}) {
  if (insight.groups.length === 0) return <p className="empty">No notes were posted to a group.</p>;
  const owned = insight.groups.filter((g) => g.roster !== null);
  return (
    <>
      <TableScroll label="Notes by group">
        <table className="insight-table" aria-label="Notes by group">
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col" className="num">
                Notes
              </th>
              <th scope="col" className="num">
                Replies
              </th>
              <th scope="col" className="num">
                Readers
              </th>
              {owned.length > 0 && (
                <th scope="col" className="num">
                  Members who wrote
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {insight.groups.map((g) => {
              const href = discussion?.(g.group);
              return (
                <tr key={g.group}>
                  <th scope="row">{href ? <Link to={href}>{g.group}</Link> : g.group}</th>
                  <td className="num">{g.notes}</td>
                  <td className="num">{g.replies}</td>
                  <td className="num">{g.readers}</td>
                  {owned.length > 0 && (
                    <td className="num">
                      {g.roster
                        ? `${g.roster.members - g.roster.yetToWrite.length} of ${g.roster.members}`
                        : '—'}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {owned.length > 0 && (
        <ul className="yet-to-write" aria-label="Yet to write">
          {owned.map(({ group, roster }) => (
            <li key={group}>
              <strong>{group}</strong>
              {roster && whoWrote(roster)}
              {roster && roster.yetToWrite.length > 0 && (
                <RemindButton
                  multilistId={insight.multilistId}
                  group={group}
                  remindedAt={roster.remindedAt}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
