import { useEffect, useRef, type RefObject } from 'react';
import { decodePart, pathTitle } from '@listboard/core';
import { scrollToList } from './boardLinks';
import { usePhoneBackScroll } from './useNavigationGuards';

/**
 * Where the row of boards scrolls to: back to where it was on a phone's back navigation, to a
 * board newly added to the chain, and to the list an address's #section names.
 */
export function useBoardScrolling(
  main: RefObject<HTMLElement | null>,
  boardCount: number,
  hash: string,
  phone: boolean,
): void {
  usePhoneBackScroll(main, phone);
  const lastCount = useRef(0);
  // A board added to the chain opens beside the others, so bring it into view.
  useEffect(() => {
    if (boardCount > lastCount.current && lastCount.current > 0) {
      const shown = main.current?.querySelectorAll('[data-board]');
      shown?.[shown.length - 1]?.scrollIntoView({
        behavior: 'smooth',
        inline: 'start',
        block: 'nearest',
      });
    }
    lastCount.current = boardCount;
  }, [boardCount, main]);

  // An address ending in #section opens at that list.
  useEffect(() => {
    if (hash.length > 1 && boardCount > 0)
      scrollToList(main.current, pathTitle(decodePart(hash.slice(1))));
  }, [hash, boardCount, main]);
}
