import { useId } from 'react';
import type { NoteOrder } from '@listboard/core/api/search';

/**
 * The choice of one reader group, or all of them (''): what narrows a Discussion to one class
 * section's notes, and Insight's readers to that section's.
 */
export function GroupChoice({
  groups,
  value,
  onChange,
  className,
}: {
  groups: readonly string[];
  value: string;
  onChange: (group: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className ? `group-choice ${className}` : 'group-choice'}>
      <label htmlFor={id}>Group</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All groups</option>
        {groups.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The order of a listing of the notes on one's boards: newest first, or most marked helpful first
 * (the questions many readers share, for a teacher to take up first).
 */
export function OrderChoice({
  value,
  onChange,
}: {
  value: NoteOrder | undefined;
  onChange: (order: NoteOrder | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="group-choice">
      <label htmlFor={id}>Order</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === 'helpful' ? 'helpful' : undefined)}
      >
        <option value="">Newest first</option>
        <option value="helpful">Most helpful first</option>
      </select>
    </div>
  );
}
