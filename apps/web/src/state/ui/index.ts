/**
 * The screen's own state, one store made of slices: what is selected (selection.ts), the board's
 * display settings (display.ts), this browser's preferences (prefs.ts), the open form and list
 * editor (forms.ts), lists' and items' view states (viewStates.ts), and what links have shown,
 * hidden or dimmed (shown.ts), and boards shown a section at a time (sections.ts). Server state is TanStack Query's.
 */
import { create } from 'zustand';
import { selectionSlice, type SelectionSlice } from './selection';
import { displaySlice, type DisplaySlice } from './display';
import { prefsSlice, type PrefsSlice } from './prefs';
import { formsSlice, type FormsSlice } from './forms';
import { viewStatesSlice, type ViewStatesSlice } from './viewStates';
import { shownSlice, type ShownSlice } from './shown';
import { sectionsSlice, type SectionsSlice } from './sections';

export { NO_SELECTION, type Selection } from './selection';
export { DEFAULT_DISPLAY, type Display } from './display';
export { DEFAULT_PREFS, type Prefs } from './prefs';
export type { OpenForm } from './forms';
export type { ItemViewState, ListViewState } from './viewStates';
export type { SectionShown } from './sections';

export type UiState = SelectionSlice &
  DisplaySlice &
  PrefsSlice &
  FormsSlice &
  ViewStatesSlice &
  ShownSlice &
  SectionsSlice;

export const useUi = create<UiState>((set, get) => ({
  ...prefsSlice(set, get),
  ...selectionSlice(set, get),
  ...displaySlice(set, get),
  ...formsSlice(set, get),
  ...viewStatesSlice(set, get),
  ...shownSlice(set, get),
  ...sectionsSlice(set, get),
}));
