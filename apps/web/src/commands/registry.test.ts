import { describe, expect, it } from 'vitest';
import { COMMANDS } from './definitions';
import { GROUPS } from './groups';
import {
  BROWSER_KEPT,
  ariaKeys,
  ariaShortcut,
  formatKeys,
  keysOf,
  matches,
  parseShortcut,
} from './keys';

const SPEC_SHORTCUTS: Record<string, string> = {
  'ctrl+z': 'zoomIn',
  'ctrl+y': 'zoomOut',
  'ctrl+g': 'collapseItems',
  'ctrl+h': 'collapseLists',
  'ctrl+shift+o': 'closeBoard',
  'ctrl+0': 'clearSelection',
  'ctrl+b': 'prevList',
  'ctrl+f': 'nextList',
  'ctrl+shift+a': 'firstList',
  'ctrl+shift+e': 'lastList',
  'ctrl+p': 'prevItem',
  'ctrl+n': 'nextItem',
  'ctrl+alt+a': 'firstItem',
  'ctrl+alt+e': 'lastItem',
  'ctrl+shift+b': 'moveListLeft',
  'ctrl+shift+f': 'moveListRight',
  'ctrl+shift+p': 'moveItemUp',
  'ctrl+shift+n': 'moveItemDown',
  'alt+d': 'toggleList',
  'alt+n': 'toggleItem',
  'alt+m': 'toggleNotes',
  'alt+t': 'toggleLabels',
  l: 'editListTitle',
  'alt+l': 'editListDescription',
  'ctrl+l': 'insertList',
  'ctrl+shift+l': 'splitList',
  'ctrl+alt+l': 'deleteList',
  i: 'editItem',
  'ctrl+i': 'insertItem',
  'ctrl+shift+i': 'splitItem',
  'ctrl+alt+i': 'deleteItem',
  space: 'mediaPlayPause',
  s: 'mediaToStart',
  n: 'mediaNext',
  p: 'mediaPrev',
};

/** Keys the spec binds twice; each binding lives in its own scope. */
const SCOPED: Record<string, Record<string, string>> = {
  text: { 'alt+n': 'note' },
};

describe('command registry', () => {
  it('binds every shortcut of spec section 2 to the command it names', () => {
    const bound = (scope: string) =>
      Object.fromEntries(
        COMMANDS.filter((c) => c.shortcut && (c.scope ?? 'board') === scope).map((c) => [
          c.shortcut!,
          c.id,
        ]),
      );
    for (const [key, id] of Object.entries(SPEC_SHORTCUTS))
      expect(bound('board')[key], key).toBe(id);
    for (const [scope, keys] of Object.entries(SCOPED))
      for (const [key, id] of Object.entries(keys)) expect(bound(scope)[key], key).toBe(id);
  });

  it('never gives two commands the same shortcut in one scope', () => {
    const seen = new Map<string, string>();
    for (const c of COMMANDS.filter((c) => c.shortcut)) {
      for (const key of keysOf(c.shortcut!)) {
        const k = `${c.scope ?? 'board'} ${JSON.stringify(parseShortcut(key))}`;
        expect(seen.get(k), `${c.id} and ${seen.get(k)} share ${key}`).toBeUndefined();
        seen.set(k, c.id);
      }
    }
  });

  it('gives each spec shortcut a browser keeps for itself a key the page does get', () => {
    const kept = Object.keys(SPEC_SHORTCUTS).filter((k) => BROWSER_KEPT.includes(k));
    expect(kept).toEqual(['ctrl+n', 'ctrl+shift+n']);
    for (const key of kept) {
      const keys = keysOf(key);
      expect(keys, key).toHaveLength(2);
      expect(BROWSER_KEPT, key).not.toContain(keys[1]);
    }
    // Menus and the sheet show both; assistive technology hears both.
    expect(formatKeys('ctrl+n')).toBe('Ctrl+N / Ctrl+↓');
    expect(formatKeys('ctrl+shift+n')).toBe('Ctrl+Shift+N / Ctrl+Shift+↓');
    expect(ariaKeys('ctrl+n')).toBe('Control+N Control+ArrowDown');
    expect(formatKeys('ctrl+g')).toBe('Ctrl+G');
  });

  it('puts every command in a labelled toolbar group, with an icon on every bar button', () => {
    const groups = new Set(GROUPS.map((g) => g.id));
    for (const c of COMMANDS) {
      expect(groups.has(c.group), c.id).toBe(true);
      if (c.toolbar || c.phone) expect(c.icon, c.id).toBeDefined();
    }
  });

  it('offers note, annotate, edit and moving on the selected item, for touch', () => {
    const onItem = COMMANDS.filter((c) => c.item).map((c) => c.id);
    for (const id of ['note', 'annotate', 'editItem', 'moveItemUp', 'moveItemDown', 'moveItemForm'])
      expect(onItem, id).toContain(id);
  });

  it('writes shortcuts for aria-keyshortcuts', () => {
    expect(ariaShortcut('ctrl+shift+o')).toBe('Control+Shift+O');
    expect(ariaShortcut('alt+n')).toBe('Alt+N');
    expect(ariaShortcut('space')).toBe('Space');
  });

  it('has unique ids', () => {
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
  });

  it('matches key events by physical key and exact modifiers', () => {
    const ev = (key: string, code: string, mods: Partial<KeyboardEvent> = {}) => ({
      key,
      code,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...mods,
    });
    expect(
      matches(parseShortcut('ctrl+shift+o'), ev('O', 'KeyO', { ctrlKey: true, shiftKey: true })),
    ).toBe(true);
    expect(
      matches(parseShortcut('ctrl+o'), ev('O', 'KeyO', { ctrlKey: true, shiftKey: true })),
    ).toBe(false);
    // alt+l types '¬' on a Mac keyboard; the physical key still matches.
    expect(matches(parseShortcut('alt+l'), ev('¬', 'KeyL', { altKey: true }))).toBe(true);
    expect(matches(parseShortcut('l'), ev('l', 'KeyL'))).toBe(true);
    expect(matches(parseShortcut('ctrl+0'), ev('0', 'Digit0', { ctrlKey: true }))).toBe(true);
    expect(
      matches(parseShortcut('ctrl+arrowdown'), ev('ArrowDown', 'ArrowDown', { metaKey: true })),
    ).toBe(true);
  });
});
