/**
 * What the screen shows and what is selected. Selection has four levels (board, list, item,
 * text); selecting a level clears the levels below it. Display settings persist per board through
 * the view-state calls (BoardScreen's setDisplay); list and item view states through
 * update_listvs / update_itemvs (useViewStates). The theme, display mode, drag lock and label
 * chips are this browser's preferences and live in local storage.
 */
import { create } from 'zustand';
import {
  DEFAULT_DISPLAY_MODE,
  DEFAULT_SECTION_DISPLAY,
  DEFAULT_THEME,
  DISPLAY_MODES,
  THEMES,
  type ColorCoding,
  type DisplayMode,
  type ListEditorMode,
  type SectionDisplay,
  type ShowNotesOption,
  type TextTarget,
  type Theme,
} from '@listboard/core';

export interface Selection {
  multilistId: string | null;
  listId: string | null;
  itemId: string | null;
  /** The selected words, as shown. */
  text: string | null;
  /** Where those words are: one block of the item, by its rendered text (core/anchoring). */
  passage?: TextTarget | null;
  /** The selected text runs over more than one block or item: it has no one passage. */
  spans?: boolean;
}

export const NO_SELECTION: Selection = {
  multilistId: null,
  listId: null,
  itemId: null,
  text: null,
};

/** The board view state (spec section 3) as far as this screen uses it. */
export interface Display {
  zoom: number;
  compactView: boolean;
  collapseItems: boolean;
  collapseLists: boolean;
  headlineView: boolean;
  tocView: boolean;
  sentences: boolean;
  showNotes: ShowNotesOption;
  colors: ColorCoding;
  sectionDisplay: SectionDisplay;
  itemsViewStartIndex: number;
  itemsViewStopIndex: number;
}

export const DEFAULT_DISPLAY: Display = {
  zoom: 2,
  compactView: false,
  collapseItems: false,
  collapseLists: false,
  headlineView: false,
  tocView: false,
  sentences: false,
  showNotes: 'annos+notes',
  colors: 'none',
  sectionDisplay: DEFAULT_SECTION_DISPLAY,
  itemsViewStartIndex: 0,
  itemsViewStopIndex: 0,
};

/** A list's view state (spec section 3): zoom 1..5, open, edit, hide. */
export interface ListViewState {
  zoom?: number;
  prevZoom?: number;
  open?: boolean;
  edit?: boolean;
  hide?: boolean;
}

/** An item's view state (spec section 3), the fields this screen changes. */
export interface ItemViewState {
  open?: boolean;
  dim?: boolean;
  showNotes?: boolean;
}

/** Browser-local preferences, kept in local storage. */
export interface Prefs {
  theme: Theme;
  displayMode: DisplayMode;
  /** While on, lists and items cannot be dragged to a new place. */
  dragLock: boolean;
  /** Label chips on items are hidden (alt+t). */
  hideLabels: boolean;
}

export interface OpenForm {
  id: string;
  /** What the form acts on, captured when it opened. */
  target: Selection;
  /** The note a reply form answers. */
  noteId?: string;
  /** Opened from a list's editor: the form shows inside that list, in this mode. */
  listEditor?: { listId: string; mode: ListEditorMode };
}

interface UiState extends Prefs {
  selection: Selection;
  display: Display;
  form: OpenForm | null;
  /** Local changes to list and item view states, over what the server sent. */
  listVs: Record<string, ListViewState>;
  itemVs: Record<string, ItemViewState>;
  /** The one list whose editor is open (a 750 ms press on the list, or its Edit button). */
  editorListId: string | null;
  /** Lists shown as two panes side by side (ctrl+shift+l). */
  splitLists: string[];
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
  setPrefs(patch: Partial<Prefs>): void;
  setTheme(theme: Theme): void;
  setForm(form: OpenForm | null): void;
  patchListVs(listId: string, patch: ListViewState): void;
  patchItemVs(itemId: string, patch: ItemViewState): void;
  setEditorList(listId: string | null): void;
  toggleSplit(listId: string): void;
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

const toggled = (cur: string[], v: string) =>
  cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v];

export const useUi = create<UiState>((set, get) => ({
  ...storedPrefs(),
  selection: NO_SELECTION,
  display: DEFAULT_DISPLAY,
  form: null,
  listVs: {},
  itemVs: {},
  editorListId: null,
  splitLists: [],
  shownLabels: [],
  hiddenTags: [],
  hiddenLists: [],
  noteGroup: null,
  dimLabels: [],
  toggleDim: (label) => set({ dimLabels: toggled(get().dimLabels, label) }),
  setNoteGroup: (noteGroup) => set({ noteGroup }),
  toggleList: (title) => set({ hiddenLists: toggled(get().hiddenLists, title) }),
  toggleLabel: (label) => set({ shownLabels: toggled(get().shownLabels, label) }),
  toggleTag: (tag) => set({ hiddenTags: toggled(get().hiddenTags, tag) }),
  select(next) {
    const cur = get().selection;
    // The passage goes with the words it was read from: new words, or none, drop it.
    if (next.text !== undefined && next.passage === undefined)
      next = { ...next, passage: null, spans: false };
    // A higher level clears the ones below it.
    if (next.multilistId !== undefined && next.multilistId !== cur.multilistId) {
      set({ selection: { ...NO_SELECTION, ...next } });
    } else if (next.listId !== undefined && next.listId !== cur.listId) {
      set({
        selection: { ...cur, listId: null, itemId: null, text: null, passage: null, ...next },
      });
    } else if (next.itemId !== undefined && next.itemId !== cur.itemId) {
      set({ selection: { ...cur, itemId: null, text: null, passage: null, ...next } });
    } else {
      set({ selection: { ...cur, ...next } });
    }
  },
  clearSelection: () => set({ selection: NO_SELECTION }),
  setDisplay: (patch) => set({ display: { ...get().display, ...patch } }),
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
  setForm: (form) => set({ form }),
  patchListVs: (listId, patch) =>
    set({ listVs: { ...get().listVs, [listId]: { ...get().listVs[listId], ...patch } } }),
  patchItemVs: (itemId, patch) =>
    set({ itemVs: { ...get().itemVs, [itemId]: { ...get().itemVs[itemId], ...patch } } }),
  setEditorList: (editorListId) => set({ editorListId }),
  toggleSplit: (listId) => set({ splitLists: toggled(get().splitLists, listId) }),
}));
