import { create } from 'zustand';
import { TIMINGS } from '@listboard/core';

interface AnnouncementState {
  text: string;
  /** Says the words to a screen reader (the page's one polite live region, Announcer). */
  say: (text: string) => void;
}

/**
 * What a screen reader hears when something it cannot see has happened: a form that did its work
 * closes, and a sighted user sees the change on the board, while one who listens would hear
 * nothing. The region is emptied first, so the same words said twice are heard twice.
 */
let said = 0;
const timers = new Set<ReturnType<typeof setTimeout>>();
const later = (run: () => void, ms: number) => {
  const timer = setTimeout(() => {
    timers.delete(timer);
    run();
  }, ms);
  timers.add(timer);
};
export const useAnnouncement = create<AnnouncementState>((set, get) => ({
  text: '',
  say(text) {
    const n = ++said;
    set({ text: '' });
    // A live region reads what is added to it: the words go in once it has been seen empty.
    later(() => set({ text }), 50);
    // And go again, as an alert does: read from the top of the page later, they would be stale.
    later(() => {
      if (n === said && get().text === text) set({ text: '' });
    }, TIMINGS.alertMs);
  },
}));

/** Nothing more to say, and nothing left waiting to be said (between tests that share a page). */
export function hushAnnouncements(): void {
  timers.forEach(clearTimeout);
  timers.clear();
  useAnnouncement.setState({ text: '' });
}

export const announce = (text: string) => useAnnouncement.getState().say(text);
