/** What links and label chips show, hide or dim on this visit: labels, tags, lists. */
import { toggled, type GetSlice, type SetSlice } from './slice';

export interface ShownSlice {
  /** Annotation labels shown by clicking an @label link while author notes are hidden. */
  shownLabels: string[];
  /** Tags whose items are hidden by clicking a !tag link. */
  hiddenTags: string[];
  /** Lists folded to their title by a `+[List title]` toggle. */
  hiddenLists: string[];
  /** Labels whose items are dimmed (clicking a label on an item toggles it). */
  dimLabels: string[];
  toggleDim: (label: string) => void;
  toggleList: (title: string) => void;
  toggleLabel: (label: string) => void;
  toggleTag: (tag: string) => void;
}

export const shownSlice = (set: SetSlice<ShownSlice>, get: GetSlice<ShownSlice>): ShownSlice => ({
  shownLabels: [],
  hiddenTags: [],
  hiddenLists: [],
  dimLabels: [],
  toggleDim: (label) => set({ dimLabels: toggled(get().dimLabels, label) }),
  toggleList: (title) => set({ hiddenLists: toggled(get().hiddenLists, title) }),
  toggleLabel: (label) => set({ shownLabels: toggled(get().shownLabels, label) }),
  toggleTag: (tag) => set({ hiddenTags: toggled(get().hiddenTags, tag) }),
});
