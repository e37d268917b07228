/**
 * A board shown one section at a time (the Section display form): which section, and the
 * board's sections as they were when it was chosen, to step through them. The board is then
 * loaded a section at a time (load_section), never whole (board/useBoards).
 */
import type { GetSlice, SetSlice } from './slice';

export interface SectionShown {
  /** The section (list) index in the board: on a course board week 0, tip 1, prompt 2. */
  index: number;
  /** The titles of the board's sections, in order. */
  titles: string[];
}

export interface SectionsSlice {
  /** By board, as `owner/ptitle`: the one section shown. Every section shows when absent. */
  sections: Record<string, SectionShown>;
  showSection: (board: string, shown: SectionShown | null) => void;
}

export const sectionsSlice = (
  set: SetSlice<SectionsSlice>,
  get: GetSlice<SectionsSlice>,
): SectionsSlice => ({
  sections: {},
  showSection(board, shown) {
    const { [board]: _was, ...rest } = get().sections;
    set({ sections: shown ? { ...rest, [board]: shown } : rest });
  },
});
