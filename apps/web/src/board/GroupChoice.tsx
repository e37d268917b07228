import { useId } from 'react';

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
