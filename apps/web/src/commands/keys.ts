import { must, own, upperFirst } from '@listboard/core';

/** Shortcuts are written as in the spec ('ctrl+shift+o', 'alt+d', 'l') and matched exactly. */
export interface KeyCombo {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  key: string;
}

export function parseShortcut(s: string): KeyCombo {
  const parts = s.toLowerCase().split('+');
  // split gives at least one part: the key after the last '+'.
  const key = must(parts.pop(), 'the key of a shortcut');
  return {
    ctrl: parts.includes('ctrl'),
    alt: parts.includes('alt'),
    shift: parts.includes('shift'),
    key,
  };
}

/** The key a keyboard event stands for, by physical key where letters and digits are concerned. */
function eventKey(e: Pick<KeyboardEvent, 'key' | 'code'>): string {
  if (/^Key[A-Z]$/.test(e.code)) return e.code.slice(3).toLowerCase();
  if (/^Digit[0-9]$/.test(e.code)) return e.code.slice(5);
  if (e.key === ' ') return 'space';
  return e.key.toLowerCase();
}

export function matches(
  combo: KeyCombo,
  e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    combo.key === eventKey(e) &&
    combo.ctrl === (e.ctrlKey || e.metaKey) &&
    combo.alt === e.altKey &&
    combo.shift === e.shiftKey
  );
}

/**
 * Keys a real browser keeps for itself and never passes to the page: Chrome opens a window
 * (ctrl+n), a private window (ctrl+shift+n) or a tab (ctrl+t), or closes the tab (ctrl+w).
 */
export const BROWSER_KEPT: readonly string[] = ['ctrl+n', 'ctrl+shift+n', 'ctrl+t', 'ctrl+w'];

/**
 * A key that does the same where the spec's key is one the browser keeps: next item and move
 * item down go by the down arrow, and so their partners go by the up arrow too.
 */
export const ALTERNATIVE_KEYS: Readonly<Record<string, string>> = {
  'ctrl+n': 'ctrl+arrowdown',
  'ctrl+p': 'ctrl+arrowup',
  'ctrl+shift+n': 'ctrl+shift+arrowdown',
  'ctrl+shift+p': 'ctrl+shift+arrowup',
};

/** Every key a command's shortcut answers to: the spec's, then its alternative if it has one. */
export function keysOf(shortcut: string): string[] {
  const alternative = own(ALTERNATIVE_KEYS, shortcut);
  return alternative ? [shortcut, alternative] : [shortcut];
}

const SHOWN: Record<string, string> = { arrowdown: '↓', arrowup: '↑' };

/** Shown in menus and the shortcut sheet. */
export function formatShortcut(s: string): string {
  return s
    .split('+')
    .map((p) => own(SHOWN, p) ?? upperFirst(p))
    .join('+');
}

/** A shortcut and its alternative as menus show them: 'Ctrl+N / Ctrl+↓'. */
export function formatKeys(shortcut: string): string {
  return keysOf(shortcut).map(formatShortcut).join(' / ');
}

/** As aria-keyshortcuts writes it: 'ctrl+shift+o' is 'Control+Shift+O'. */
export function ariaShortcut(s: string): string {
  const names: Record<string, string> = {
    ctrl: 'Control',
    alt: 'Alt',
    shift: 'Shift',
    space: 'Space',
    arrowdown: 'ArrowDown',
    arrowup: 'ArrowUp',
  };
  return s
    .split('+')
    .map((p) => names[p] ?? (p.length === 1 ? p.toUpperCase() : p))
    .join('+');
}

/** aria-keyshortcuts for a shortcut and its alternative: the two separated by a space. */
export function ariaKeys(shortcut: string): string {
  return keysOf(shortcut).map(ariaShortcut).join(' ');
}
