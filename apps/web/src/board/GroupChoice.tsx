import { useId } from 'react';
import { NOTE_ORDERS, type NoteOrder } from '@listboard/core/api/search';

/** A labelled choice on one line: '' is its first option, the one for "no choice". */
function Choice({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: string;
  options: readonly (readonly [value: string, words: string])[];
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className ? `group-choice ${className}` : 'group-choice'}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}

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
  return (
    <Choice
      label="Group"
      value={value}
      options={[['', 'All groups'], ...groups.map((g) => [g, g] as const)]}
      onChange={onChange}
      className={className}
    />
  );
}

const ORDER_WORDS: Record<NoteOrder, string> = {
  helpful: 'Most helpful first',
  questions: 'Questions first',
};

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
  return (
    <Choice
      label="Order"
      value={value ?? ''}
      options={[['', 'Newest first'], ...NOTE_ORDERS.map((o) => [o, ORDER_WORDS[o]] as const)]}
      onChange={(v) => onChange(NOTE_ORDERS.find((o) => o === v))}
    />
  );
}
