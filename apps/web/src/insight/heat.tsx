/**
 * The heat view: while it is on, the board's items are shaded by how many notes and replies they
 * drew (the board's Insight figures), and each noted item says how many in words, so the shade is
 * never the only sign.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { heatLevel } from '@listboard/core/insight';
import { usePageData } from '../pages/query';
import './heat.css';

interface Heat {
  /** Notes and replies per item id. */
  counts: ReadonlyMap<string, number>;
  most: number;
}

const HeatContext = createContext<Heat | null>(null);

function HeatData({ boardId, children }: { boardId: string; children: ReactNode }) {
  const { data } = usePageData(['insight', boardId], '/api/forms/board_insight', {
    multilistId: boardId,
  });
  const heat = useMemo<Heat | null>(() => {
    if (!data) return null;
    const counts = new Map(data.items.map((i) => [i.itemId, i.notes + i.replies]));
    return { counts, most: Math.max(0, ...counts.values()) };
  }, [data]);
  return <HeatContext.Provider value={heat}>{children}</HeatContext.Provider>;
}

/** Gives the items inside the board's heat while `on`; asks the server only then. */
export function HeatProvider({
  boardId,
  on,
  children,
}: {
  boardId: string;
  on: boolean;
  children: ReactNode;
}) {
  return on ? <HeatData boardId={boardId}>{children}</HeatData> : children;
}

/** An item's heat: a badge with its count, which shades its card (heat.css). */
export function HeatMark({ itemId }: { itemId: string }) {
  const heat = useContext(HeatContext);
  if (!heat) return null;
  const count = heat.counts.get(itemId) ?? 0;
  const level = heatLevel(count, heat.most);
  if (level === 0) return null;
  const words = count === 1 ? '1 note or reply' : `${count} notes and replies`;
  return (
    <span
      className="heat-mark"
      data-heat={level}
      role="img"
      aria-label={`Heat: ${words}`}
      title={`Heat: ${words}`}
    >
      {count}
    </span>
  );
}
