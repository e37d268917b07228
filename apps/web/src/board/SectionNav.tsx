import type { Multilist } from '@listboard/core';
import { useUi } from '../state/ui';
import { boardKey } from '../forms/sections';

/**
 * A board shown one section at a time says which, and steps to the section before or after it
 * (each loaded by itself) or back to every section.
 */
export function SectionNav({ board }: { board: Multilist }) {
  const key = boardKey(board);
  const shown = useUi((s) => s.sections[key]);
  if (!shown) return null;
  const { index, titles } = shown;
  const go = (i: number | null) =>
    useUi.getState().showSection(key, i === null ? null : { index: i, titles });
  return (
    <nav className="section-nav" aria-label="Sections">
      <span className="section-at">
        Section {index + 1} of {titles.length}: <strong>{titles[index] ?? ''}</strong>
      </span>
      <button type="button" disabled={index === 0} onClick={() => go(index - 1)}>
        Previous section
      </button>
      <button type="button" disabled={index >= titles.length - 1} onClick={() => go(index + 1)}>
        Next section
      </button>
      <button type="button" onClick={() => go(null)}>
        Every section
      </button>
    </nav>
  );
}
