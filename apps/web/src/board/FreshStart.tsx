import { useLayoutEffect, useRef, type RefObject } from 'react';
import { NavigationType, useNavigationType } from 'react-router';

/**
 * Boards opened afresh start at their first list. The row of boards is one scroller for every
 * address, so a board opened from another (Home, a link to another board, signing in) opened
 * where the last one had been scrolled to: at its end, or wherever a phone's snapping then put
 * it. A board added to the chain keeps the row where it is (useBoardScrolling brings it in), and
 * going back from one page of boards to another keeps it too (on a phone, usePhoneBackScroll
 * puts it where it was).
 *
 * Rendered before the boards, so that its layout effect runs before theirs: a list the reader
 * left off in then brings itself into view from the start.
 */
export function FreshStart({ main, ids }: { main: RefObject<HTMLElement | null>; ids: string[] }) {
  const type = useNavigationType();
  const last = useRef<string[]>([]);
  const key = ids.join(',');
  useLayoutEffect(() => {
    const before = last.current;
    last.current = ids;
    if (ids.length === 0) return;
    // The first boards shown since none were (the page loaded, say, while the home's dashboard
    // came in before its boards were drawn: a phone's snapping then moved the row to keep the
    // placeholder where it was).
    const first = before.length === 0;
    const chained = !first && before.every((id, i) => ids[i] === id);
    // At once, as a new page opens at its top.
    if ((first || (type !== NavigationType.Pop && !chained)) && main.current)
      main.current.scrollLeft = 0;
    // The boards shown, by id: a new version of the same boards is no fresh start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}
