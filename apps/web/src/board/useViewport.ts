import { useSyncExternalStore } from 'react';
import { PHONE_MAX_WIDTH } from '@listboard/core';
import { deviceOf, type Device } from './useBoards';

/**
 * Below this height a screen wider than a phone's is short: a phone turned sideways, or a window
 * made low. It keeps the phone's few tools, in the header's row (toolbar.css says the same).
 */
export const SHORT_SCREEN_MAX_HEIGHT = 500;

const onResize = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};

export interface Viewport {
  width: number;
  /** As narrow as a phone held upright: one list to a screen. */
  phone: boolean;
  /** Wider than a phone but under SHORT_SCREEN_MAX_HEIGHT high. */
  short: boolean;
  device: Device;
}

/** The window's width, whether it is a phone's or short, and the device it stands for. */
export function useViewport(): Viewport {
  const width = useSyncExternalStore(onResize, () => window.innerWidth);
  const height = useSyncExternalStore(onResize, () => window.innerHeight);
  const phone = width <= PHONE_MAX_WIDTH;
  return {
    width,
    phone,
    short: !phone && height < SHORT_SCREEN_MAX_HEIGHT,
    device: deviceOf(width),
  };
}
