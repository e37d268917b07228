import { useEffect, useRef, useState, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { TIMINGS } from '@listboard/core';

/**
 * The address the boards load from. Location updates closer than 100 ms apart are skipped
 * (spec section 2): in a burst of changes only the last one loads, so quick clicks through
 * links or history never load boards nobody will see.
 */
export function useGuardedPath(path: string): string {
  const [settled, setSettled] = useState(path);
  const last = useRef(0);
  useEffect(() => {
    const now = performance.now();
    const since = now - last.current;
    last.current = now;
    if (since >= TIMINGS.locationGuardMs) {
      setSettled(path);
      return;
    }
    const t = setTimeout(() => setSettled(path), TIMINGS.locationGuardMs - since);
    return () => clearTimeout(t);
  }, [path]);
  return settled;
}

/**
 * On phones, going back puts the boards where they were scrolled to, 500 ms after the
 * navigation (spec section 2), once the boards have been laid out again.
 */
export function usePhoneBackScroll(main: RefObject<HTMLElement | null>, phone: boolean): void {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef(new Map<string, number>());
  useEffect(() => {
    const el = main.current;
    if (!el) return;
    const key = location.key;
    const save = () => positions.current.set(key, el.scrollLeft);
    el.addEventListener('scroll', save, { passive: true });
    return () => el.removeEventListener('scroll', save);
  }, [main, location.key]);
  useEffect(() => {
    if (!phone || type !== NavigationType.Pop) return;
    const x = positions.current.get(location.key);
    if (x === undefined) return;
    const t = setTimeout(() => main.current?.scrollTo({ left: x }), TIMINGS.phoneBackScrollFixMs);
    return () => clearTimeout(t);
  }, [phone, type, location.key, main]);
}
