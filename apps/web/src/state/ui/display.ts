/**
 * The board's display settings (its view state). They persist per board through the view-state
 * calls (board/useViewStates).
 */
import {
  DEFAULT_SECTION_DISPLAY,
  INFO_ZOOM_DEFAULT,
  type ColorCoding,
  type SectionDisplay,
  type ShowNotesOption,
} from '@listboard/core';
import type { GetSlice, SetSlice } from './slice';

/** The board view state (spec section 3) as far as this screen uses it. */
export interface Display {
  zoom: number;
  compactView: boolean;
  collapseItems: boolean;
  collapseLists: boolean;
  headlineView: boolean;
  tocView: boolean;
  sentences: boolean;
  /** Items shaded by how many notes they drew (the Insight heat view). */
  heatView: boolean;
  showNotes: ShowNotesOption;
  colors: ColorCoding;
  sectionDisplay: SectionDisplay;
  itemsViewStartIndex: number;
  itemsViewStopIndex: number;
  /** The edit, mark and note operation toggles: the selected item's operations of each kind. */
  editOps: boolean;
  markOps: boolean;
  noteOps: boolean;
  /** The info bar (what was just done, with its Undo) shows, at this text size level. */
  showInfo: boolean;
  infoZoomLevel: number;
  /** The group this reader's new notes on the board go to (select group), or none. */
  selectedGroup: string | null;
}

export const DEFAULT_DISPLAY: Display = {
  zoom: 2,
  compactView: false,
  collapseItems: false,
  collapseLists: false,
  headlineView: false,
  tocView: false,
  sentences: false,
  heatView: false,
  showNotes: 'annos+notes',
  colors: 'none',
  sectionDisplay: DEFAULT_SECTION_DISPLAY,
  itemsViewStartIndex: 0,
  itemsViewStopIndex: 0,
  editOps: true,
  markOps: true,
  noteOps: true,
  showInfo: true,
  infoZoomLevel: INFO_ZOOM_DEFAULT,
  selectedGroup: null,
};

export interface DisplaySlice {
  display: Display;
  /** Changes the display; a change the reader made to a board's view state names the board. */
  setDisplay: (patch: Partial<Display>, boardId?: string) => void;
  /**
   * Each board's display as the reader changed it during this visit, over what the server sent:
   * a board shown again from a copy loaded before the change opens as the reader left it.
   */
  visitDisplay: Record<string, Partial<Display>>;
}

export const displaySlice = (
  set: SetSlice<DisplaySlice>,
  get: GetSlice<DisplaySlice>,
): DisplaySlice => ({
  display: DEFAULT_DISPLAY,
  setDisplay: (patch, boardId) => {
    const { display, visitDisplay } = get();
    set({
      display: { ...display, ...patch },
      ...(boardId
        ? { visitDisplay: { ...visitDisplay, [boardId]: { ...visitDisplay[boardId], ...patch } } }
        : {}),
    });
  },
  visitDisplay: {},
});
