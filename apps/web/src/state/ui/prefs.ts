/**
 * This browser's preferences: the theme, display mode, drag lock and label chips. They live in
 * local storage, not on the server.
 */
import {
  DEFAULT_DISPLAY_MODE,
  DEFAULT_THEME,
  DISPLAY_MODES,
  THEMES,
  type DisplayMode,
  type Theme,
} from '@listboard/core';
import type { GetSlice, SetSlice } from './slice';

/** Browser-local preferences, kept in local storage. */
export interface Prefs {
  theme: Theme;
  displayMode: DisplayMode;
  /** While on, lists and items cannot be dragged to a new place. */
  dragLock: boolean;
  /** Label chips on items are hidden (alt+t). */
  hideLabels: boolean;
}

const PREFS_KEY = 'listboard.prefs';
const THEME_KEY = 'listboard.theme';

export const DEFAULT_PREFS: Prefs = {
  theme: DEFAULT_THEME,
  displayMode: DEFAULT_DISPLAY_MODE,
  dragLock: false,
  hideLabels: false,
};

function storedPrefs(): Prefs {
  try {
    const raw = JSON.parse(localStorage.getItem(PREFS_KEY) ?? '{}') as Partial<Prefs>;
    const theme = localStorage.getItem(THEME_KEY);
    return {
      theme: (THEMES as readonly string[]).includes(theme ?? '') ? (theme as Theme) : DEFAULT_THEME,
      displayMode: DISPLAY_MODES.includes(raw.displayMode as DisplayMode)
        ? (raw.displayMode as DisplayMode)
        : DEFAULT_DISPLAY_MODE,
      dragLock: raw.dragLock === true,
      hideLabels: raw.hideLabels === true,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

function savePrefs(p: Prefs): void {
  try {
    localStorage.setItem(THEME_KEY, p.theme);
    const { theme: _theme, ...rest } = p;
    localStorage.setItem(PREFS_KEY, JSON.stringify(rest));
  } catch {
    // Private browsing: the preference lasts for this visit only.
  }
}

export interface PrefsSlice extends Prefs {
  setPrefs: (patch: Partial<Prefs>) => void;
  setTheme: (theme: Theme) => void;
}

export const prefsSlice = (set: SetSlice<PrefsSlice>, get: GetSlice<PrefsSlice>): PrefsSlice => ({
  ...storedPrefs(),
  setPrefs(patch) {
    const next: Prefs = {
      theme: get().theme,
      displayMode: get().displayMode,
      dragLock: get().dragLock,
      hideLabels: get().hideLabels,
      ...patch,
    };
    savePrefs(next);
    if (patch.theme) document.documentElement.dataset.theme = patch.theme;
    set(next);
  },
  setTheme: (theme) => get().setPrefs({ theme }),
});
