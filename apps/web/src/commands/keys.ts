/** Shortcuts are written as in the spec ('ctrl+shift+o', 'alt+d', 'l') and matched exactly. */
export interface KeyCombo {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  key: string;
}

export function parseShortcut(s: string): KeyCombo {
  const parts = s.toLowerCase().split('+');
  const key = parts.pop()!;
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

/** Shown in menus and the shortcut sheet. */
export function formatShortcut(s: string): string {
  return s
    .split('+')
    .map((p) => (p.length === 1 ? p.toUpperCase() : p[0]!.toUpperCase() + p.slice(1)))
    .join('+');
}

/** As aria-keyshortcuts writes it: 'ctrl+shift+o' is 'Control+Shift+O'. */
export function ariaShortcut(s: string): string {
  const names: Record<string, string> = {
    ctrl: 'Control',
    alt: 'Alt',
    shift: 'Shift',
    space: 'Space',
  };
  return s
    .split('+')
    .map((p) => names[p] ?? (p.length === 1 ? p.toUpperCase() : p))
    .join('+');
}
