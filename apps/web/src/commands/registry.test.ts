import { describe, expect, it } from 'vitest';
import { COMMANDS } from './definitions';
import { matches, parseShortcut } from './keys';

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
  'alt+m': 'toggleNotes',
  'alt+t': 'labels',
  l: 'editListTitle',
  'alt+l': 'editListDescription',
  'ctrl+l': 'insertList',
  'ctrl+alt+l': 'deleteList',
  i: 'editItem',
  'ctrl+i': 'insertItem',
  'ctrl+alt+i': 'deleteItem',
  space: 'mediaPlayPause',
  s: 'mediaToStart',
  n: 'mediaNext',
  p: 'mediaPrev',
};

describe('command registry', () => {
  it('binds the spec’s shortcuts to the commands they name', () => {
    const bound = Object.fromEntries(
      COMMANDS.filter((c) => c.shortcut).map((c) => [c.shortcut!, c.id]),
    );
    for (const [key, id] of Object.entries(SPEC_SHORTCUTS)) expect(bound[key], key).toBe(id);
  });

  it('never gives two commands the same shortcut', () => {
    const seen = new Map<string, string>();
    for (const c of COMMANDS.filter((c) => c.shortcut)) {
      const k = JSON.stringify(parseShortcut(c.shortcut!));
      expect(seen.get(k), `${c.id} and ${seen.get(k)} share ${c.shortcut}`).toBeUndefined();
      seen.set(k, c.id);
    }
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
  });
});
