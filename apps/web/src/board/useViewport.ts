import { useSyncExternalStore } from 'react';
import { PHONE_MAX_WIDTH } from '@listboard/core';
import { deviceOf, type Device } from './useBoards';

function useViewportWidth(): number {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('resize', cb);
      return () => window.removeEventListener('resize', cb);
    },
    () => window.innerWidth,
  );
}

/** The window's width, whether it is a phone's, and the device it stands for. */
export function useViewport(): { width: number; phone: boolean; device: Device } {
  const width = useViewportWidth();
  return { width, phone: width <= PHONE_MAX_WIDTH, device: deviceOf(width) };
}
