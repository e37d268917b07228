/**
 * What the screen shows and what is selected. Selection has four levels (board, list, item,
 * text); selecting a level clears the levels below it. Display settings persist per board through
 * the view-state calls (BoardScreen's setDisplay); the theme lives in local storage.
 */
import { create } from 'zustand';
import { DEFAULT_THEME, THEMES, type Theme } from '@listboard/core';

export interface Selection {
  multilistId: string | null;
  listId: string | null;
  itemId: string | null;
  text: string | null;
}

export const NO_SELECTION: Selection = {
  multilistId: null,
  listId: null,
  itemId: null,
  text: null,
};

export interface Display {
  zoom: number;
  compactView: boolean;
  collapseItems: boolean;
  collapseLists: boolean;
  headlineView: boolean;
  tocView: boolean;
  showNotes: 'none' | 'annos' | 'annos+notes';
}

export const DEFAULT_DISPLAY: Display = {
  zoom: 2,
  compactView: false,
  collapseItems: false,
  collapseLists: false,
  headlineView: false,
  tocView: false,
  showNotes: 'annos+notes',
};

export interface OpenForm {
  id: string;
  /** What the form acts on, captured when it opened. */
  target: Selection;
  /** The note a reply form answers. */
  noteId?: string;
}

interface UiState {
  selection: Selection;
  display: Display;
  theme: Theme;
  form: OpenForm | null;
  /** Annotation labels shown by clicking an @label link while author notes are hidden. */
  shownLabels: string[];
  /** Tags whose items are hidden by clicking a !tag link. */
  hiddenTags: string[];
  /** Lists folded to their title by a `+[List title]` toggle. */
  hiddenLists: string[];
  /** The group this reader's new notes go to (select group). */
  noteGroup: string | null;
  /** Labels whose items are dimmed (clicking a label on an item toggles it). */
  dimLabels: string[];
  toggleDim(label: string): void;
  setNoteGroup(name: string | null): void;
  toggleList(title: string): void;
  toggleLabel(label: string): void;
  toggleTag(tag: string): void;
  select(next: Partial<Selection>): void;
  clearSelection(): void;
  setDisplay(patch: Partial<Display>): void;
  setTheme(theme: Theme): void;
  setForm(form: OpenForm | null): void;
}

const THEME_KEY = 'listboard.theme';

function storedTheme(): Theme {
  try {
    const t = localStorage.getItem(THEME_KEY);
    return (THEMES as readonly string[]).includes(t ?? '') ? (t as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export const useUi = create<UiState>((set, get) => ({
  selection: NO_SELECTION,
  display: DEFAULT_DISPLAY,
  theme: storedTheme(),
  form: null,
  shownLabels: [],
  hiddenTags: [],
  hiddenLists: [],
  noteGroup: null,
  dimLabels: [],
  toggleDim(label) {
    const cur = get().dimLabels;
    set({ dimLabels: cur.includes(label) ? cur.filter((l) => l !== label) : [...cur, label] });
  },
  setNoteGroup: (noteGroup) => set({ noteGroup }),
  toggleList(title) {
    const cur = get().hiddenLists;
    set({ hiddenLists: cur.includes(title) ? cur.filter((t) => t !== title) : [...cur, title] });
  },
  toggleLabel(label) {
    const cur = get().shownLabels;
    set({ shownLabels: cur.includes(label) ? cur.filter((l) => l !== label) : [...cur, label] });
  },
  toggleTag(tag) {
    const cur = get().hiddenTags;
    set({ hiddenTags: cur.includes(tag) ? cur.filter((t) => t !== tag) : [...cur, tag] });
  },
  select(next) {
    const cur = get().selection;
    // A higher level clears the ones below it.
    if (next.multilistId !== undefined && next.multilistId !== cur.multilistId) {
      set({ selection: { ...NO_SELECTION, ...next } });
    } else if (next.listId !== undefined && next.listId !== cur.listId) {
      set({ selection: { ...cur, listId: null, itemId: null, text: null, ...next } });
    } else if (next.itemId !== undefined && next.itemId !== cur.itemId) {
      set({ selection: { ...cur, itemId: null, text: null, ...next } });
    } else {
      set({ selection: { ...cur, ...next } });
    }
  },
  clearSelection: () => set({ selection: NO_SELECTION }),
  setDisplay: (patch) => set({ display: { ...get().display, ...patch } }),
  setTheme(theme) {
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Private browsing: the theme lasts for this visit only.
    }
    document.documentElement.dataset.theme = theme;
    set({ theme });
  },
  setForm: (form) => set({ form }),
}));
